/**
 * What sagas may touch of the outside world, injected so that tests pass fakes and the
 * browser passes the real thing (src/app/services.ts).
 */
import type { Api } from '../api/api';
import type { RouteId } from '../contracts/routes';

export interface CookieOptions {
  maxAgeSeconds?: number;
}

export interface Services {
  toast: {
    success(msg: string): void;
    error(msg: string, options?: { autoClose?: number }): void;
    info(msg: string): void;
    warning(msg: string): void;
  };
  confirm(msg: string): boolean;
  scrollTo(top: number, smooth: boolean): void;
  /** false when the element is not (yet) in the page. */
  scrollToElement(id: string, smooth: boolean): boolean;
  getScrollTop(): number;
  /** The visitor scrolled a server-rendered page before the app took it over: its landing is theirs. */
  scrolledBeforeApp(): boolean;
  getCookie(name: string): string | null;
  setCookie(name: string, value: string, options?: CookieOptions): void;
  removeCookie(name: string): void;
  reload(): void;
  /** A full page load of another URL (the same page in the other language). */
  load(url: string): void;
  /** Loads a page's code (the browser's chunks), so "its loads have settled" includes it; resolves false when it cannot. */
  preloadPage?(routeId: RouteId): Promise<boolean>;
  /**
   * Settles once the browser has painted what the store shows now (the tapped tab, a busy
   * button), so a tap's answer is not held behind the provider call it starts. None on the server.
   */
  afterPaint?(): Promise<void>;
  now(): number;
  /** When this page's load began (the browser's time origin), on the same clock as `now`. */
  pageStartedAt(): number;
  storageGet(key: string): string | null;
  storageSet(key: string, value: string): void;
  log(...args: unknown[]): void;
}

export interface Deps {
  api: Api;
  services: Services;
}
