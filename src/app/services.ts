/**
 * The browser side of the saga services (features/deps.ts). Only this file and the view
 * layer touch window and document; sagas see these functions.
 */
import { TIMING } from '../contracts/constants';
import { SCROLLED_EARLY_ATTRIBUTE } from '../contracts/runtimeConfig';
import type { Services } from '../features/deps';
import { afterPaint } from '../ui/afterNextPaint';
import { showToast } from './toasts';

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

export function createBrowserServices(): Services {
  return {
    toast: {
      success: (msg) => showToast('success', msg),
      error: (msg, options) => showToast('error', msg, { autoClose: options?.autoClose ?? TIMING.errorToastMs }),
      info: (msg) => showToast('info', msg),
      warning: (msg) => showToast('warning', msg),
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
    scrolledBeforeApp: () => document.documentElement.hasAttribute(SCROLLED_EARLY_ATTRIBUTE),
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
    load: (url) => window.location.assign(url),
    afterPaint,
    now: () => Date.now(),
    pageStartedAt: () => Math.round(performance.timeOrigin),
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
        // Storage may be disabled: the chunk guard reads the value back and then never reloads.
      }
    },
    log: (...args) => console.warn(...args),
  };
}
