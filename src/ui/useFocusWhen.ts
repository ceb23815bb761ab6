import { useEffect } from 'react';
import { afterNextPaint } from './afterNextPaint';

/**
 * Moves focus to the element with this id when `when` turns true (views never reach the DOM
 * themselves). After the frame that shows the change: focusing forces the page's layout and may
 * scroll, and the visitor's tap is answered (the form's message next to the button) without waiting for it.
 */
export function useFocusWhen(id: string | null, when: boolean, trigger: unknown): void {
  useEffect(() => {
    if (when && id) return afterNextPaint(() => document.getElementById(id)?.focus());
  }, [id, when, trigger]);
}
