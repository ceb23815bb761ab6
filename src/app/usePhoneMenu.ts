import { useEffect, useRef } from 'react';
import { selectMobileMenuOpen } from '../features/navigation/selectors';
import { mobileMenuChanged } from '../features/navigation/slice';
import { useAppSelector, useAppStore } from './hooks';

/** Wider than this the navigation is the top bar, not a menu (theme.css's phone breakpoint). */
const WIDE = '(min-width: 768px)';

/**
 * The phone menu is a native popover, so the hamburger opens it before the app has started and
 * without JavaScript. Once the app runs, the store mirrors the popover (hamburger, Escape, a tap
 * outside) and drives it (a navigation closes the menu, a DevTools replay opens it). Both sides
 * compare the store's current value with the popover's, so neither echoes the other.
 * Returns the ref for the menu's element and whether it is open.
 */
export function usePhoneMenu() {
  const store = useAppStore();
  const open = useAppSelector(selectMobileMenuOpen);
  const menuRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const menu = menuRef.current;
    if (!menu || typeof menu.showPopover !== 'function') return;
    const mirror = () => {
      const shown = menu.matches(':popover-open');
      if (shown !== selectMobileMenuOpen(store.getState())) store.dispatch(mobileMenuChanged(shown));
    };
    // Growing past the phone width (a tablet turned) puts the top bar back.
    const wide = window.matchMedia(WIDE);
    const closeWhenWide = () => {
      if (wide.matches && menu.matches(':popover-open')) menu.hidePopover();
    };
    menu.addEventListener('toggle', mirror);
    wide.addEventListener('change', closeWhenWide);
    mirror(); // a visitor may have opened it before the app started
    return () => {
      menu.removeEventListener('toggle', mirror);
      wide.removeEventListener('change', closeWhenWide);
    };
  }, [store]);

  // `open` only triggers this; the store's current value decides (a render's may be stale).
  useEffect(() => {
    const menu = menuRef.current;
    if (!menu || typeof menu.showPopover !== 'function') return;
    const wanted = selectMobileMenuOpen(store.getState());
    if (wanted === menu.matches(':popover-open')) return;
    if (wanted) menu.showPopover();
    else menu.hidePopover();
  }, [open, store]);

  return { menuRef, open };
}
