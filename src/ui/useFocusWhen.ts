import { useEffect, useEffectEvent } from 'react';
import { afterNextPaint } from './afterNextPaint';

/**
 * Moves focus to the element with this id when the view mounts with a `trigger` other than null
 * and each time it takes a new one (views never reach the DOM themselves); a change of `id` alone
 * moves nothing. After the frame that shows the change: focusing forces the page's layout and may
 * scroll, and the visitor's tap is answered (the form's message next to the button) without
 * waiting for it.
 */
export function useFocusWhen(id: string | null, trigger: unknown): void {
  const focus = useEffectEvent(() => (id ? afterNextPaint(() => document.getElementById(id)?.focus()) : undefined));
  useEffect(() => {
    if (trigger !== null) return focus();
  }, [trigger]);
}
