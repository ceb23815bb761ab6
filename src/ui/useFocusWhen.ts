import { useEffect } from 'react';

/** Moves focus to the element with this id when `when` turns true (views never reach the DOM themselves). */
export function useFocusWhen(id: string | null, when: boolean, trigger: unknown): void {
  useEffect(() => {
    if (when && id) document.getElementById(id)?.focus();
  }, [id, when, trigger]);
}
