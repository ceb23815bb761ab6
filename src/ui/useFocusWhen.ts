import { useEffect, useEffectEvent, useRef } from 'react';
import { afterNextPaint } from './afterNextPaint';

/**
 * Moves focus to the element with this id each time `trigger` takes a new value other than null
 * while the view is shown (views never reach the DOM themselves). The value the view mounts
 * with moves nothing: focus follows what the visitor just did, not a state met on arrival (a
 * Redux DevTools jump, a page shown again). A change of `id` alone moves nothing either. After
 * the frame that shows the change: focusing forces the page's layout and may scroll, and the
 * visitor's tap is answered (the form's message next to the button) without waiting for it.
 */
export function useFocusWhen(id: string | null, trigger: unknown): void {
  const focus = useEffectEvent(() => (id ? afterNextPaint(() => document.getElementById(id)?.focus()) : undefined));
  const mounted = useRef(trigger);
  useEffect(() => {
    if (trigger === mounted.current) return;
    mounted.current = undefined;
    if (trigger !== null) return focus();
  }, [trigger]);
}
