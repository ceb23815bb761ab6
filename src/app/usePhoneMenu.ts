import { useEffect, useRef } from 'react';
import { BREAKPOINT } from '../contracts/constants';
import { afterNextPaint } from '../ui/afterNextPaint';
import { selectMobileMenuOpen } from '../features/navigation/selectors';
import { mobileMenuChanged } from '../features/navigation/slice';
import { useAppSelector, useAppStore } from './hooks';

/** From this width on the navigation is the top bar, not a menu. */
const WIDE = `(min-width: ${BREAKPOINT.phone}px)`;

/** The menu element, when the browser drives it as a popover. */
const popoverOf = (menu: HTMLElement | null) => (menu && typeof menu.showPopover === 'function' ? menu : null);

/**
 * The phone menu is a native popover, so the hamburger opens it before the app has started and
 * without JavaScript. Once the app runs, the store mirrors the popover (hamburger, Escape, a tap
 * outside) and drives it (a navigation closes the menu, a DevTools replay opens it). Both sides
 * compare the store's current value with the popover's, so neither echoes the other.
 * Returns the ref for the menu's element, whether it is open, and the hamburger's click handler
 * (a browser without popovers toggles through the store).
 */
export function usePhoneMenu() {
  const store = useAppStore();
  const open = useAppSelector(selectMobileMenuOpen);
  const menuRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const menu = popoverOf(menuRef.current);
    if (!menu) return;
    const sync = () => {
      const shown = menu.matches(':popover-open');
      if (shown !== selectMobileMenuOpen(store.getState())) store.dispatch(mobileMenuChanged(shown));
    };
    // The browser shows the popover by itself: the store (whose render changes nothing the
    // popover shows) catches up after that frame, not inside the tap.
    let cancelPending: (() => void) | undefined;
    const mirror = () => {
      cancelPending?.();
      cancelPending = afterNextPaint(sync);
    };
    // Growing past the phone width (a tablet turned) puts the top bar back.
    const wide = window.matchMedia(WIDE);
    const closeWhenWide = () => {
      if (wide.matches && menu.matches(':popover-open')) menu.hidePopover();
    };
    menu.addEventListener('toggle', mirror);
    wide.addEventListener('change', closeWhenWide);
    sync(); // a visitor may have opened it before the app started
    return () => {
      cancelPending?.();
      menu.removeEventListener('toggle', mirror);
      wide.removeEventListener('change', closeWhenWide);
    };
  }, [store]);

  // `open` only triggers this; the store's current value decides (a render's may be stale).
  useEffect(() => {
    const menu = popoverOf(menuRef.current);
    if (!menu) return;
    const wanted = selectMobileMenuOpen(store.getState());
    if (wanted === menu.matches(':popover-open')) return;
    if (wanted) menu.showPopover();
    else menu.hidePopover();
  }, [open, store]);

  const onBurgerClick = () => {
    if (!popoverOf(menuRef.current)) store.dispatch(mobileMenuChanged(!open));
  };

  return { menuRef, open, onBurgerClick };
}
