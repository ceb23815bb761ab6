/**
 * The browser side of the saga services (features/deps.ts). Only this file and the view
 * layer touch window and document; sagas see these functions.
 */
import { toast } from 'react-toastify';
import { TIMING } from '../contracts/constants';
import type { Services } from '../features/deps';

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

export function createBrowserServices(navigate: (path: string) => void): Services {
  return {
    toast: {
      success: (msg) => void toast.success(msg),
      error: (msg, options) => void toast.error(msg, { autoClose: options?.autoClose ?? TIMING.errorToastMs }),
      info: (msg) => void toast.info(msg),
      warning: (msg) => void toast.warning(msg),
    },
    confirm: (msg) => window.confirm(msg),
    scrollTo: (top, smooth) => window.scrollTo({ top, behavior: smooth && !reducedMotion() ? 'smooth' : 'instant' }),
    scrollToElement: (id, smooth) => {
      const element = document.getElementById(id);
      if (!element) return false;
      element.scrollIntoView({ behavior: smooth && !reducedMotion() ? 'smooth' : 'instant', block: 'start' });
      return true;
    },
    getScrollTop: () => window.scrollY,
    getCookie: readCookie,
    setCookie: (name, value, options) => {
      const maxAge = options?.maxAgeSeconds === undefined ? '' : `; max-age=${options.maxAgeSeconds}`;
      const secure = window.location.protocol === 'https:' ? '; secure' : '';
      document.cookie = `${name}=${encodeURIComponent(value)}; path=/${maxAge}; samesite=lax${secure}`;
    },
    removeCookie: (name) => {
      document.cookie = `${name}=; path=/; max-age=0; samesite=lax`;
    },
    reload: () => window.location.reload(),
    navigate,
    now: () => Date.now(),
    storageGet: (key) => {
      try {
        return window.sessionStorage.getItem(key);
      } catch {
        return null;
      }
    },
    storageSet: (key, value) => {
      try {
        window.sessionStorage.setItem(key, value);
      } catch {
        // Storage may be disabled; the guard then allows one reload per page load.
      }
    },
    log: (...args) => console.warn(...args),
  };
}
