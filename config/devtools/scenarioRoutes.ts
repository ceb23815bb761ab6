/**
 * A recording tells two failed requests apart: one the page gave up (its load was cancelled; the
 * provider's answer is kept for a replay whose sagas no longer cancel it) and one the scenario
 * failed itself with `route.abort()` (an outage it plays: the page got no answer at all). Both
 * fail alike in the browser, so the scenario's page says which requests its routes aborted.
 */
import type { Page, Request, Route } from 'playwright-core';

type RouteHandler = (route: Route, request: Request) => unknown;

/** `target`'s member `name`, a method bound to it. */
function member<T extends object>(target: T, name: string | symbol): unknown {
  const value = Reflect.get(target, name, target) as unknown;
  return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
}

/** `route` as the scenario's handler gets it: its abort() first tells `aborted` which request it fails. */
function toldRoute(route: Route, aborted: (request: Request) => void): Route {
  return new Proxy(route, {
    get: (target, name) =>
      name === 'abort'
        ? (errorCode?: string) => {
            aborted(target.request());
            return target.abort(errorCode);
          }
        : member(target, name),
  });
}

/** The page a scenario drives: the same page, whose routes tell `aborted` each request they abort. */
export function pageTellingAborts(page: Page, aborted: (request: Request) => void): Page {
  return new Proxy(page, {
    get: (target, name) =>
      name === 'route'
        ? (url: Parameters<Page['route']>[0], handler: RouteHandler, options?: Parameters<Page['route']>[2]) =>
            target.route(url, (route: Route, request: Request) => handler(toldRoute(route, aborted), request), options)
        : member(target, name),
  });
}
