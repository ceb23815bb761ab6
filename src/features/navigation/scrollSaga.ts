import { call, delay, put, race, take, takeLatest, type CallEffect } from 'redux-saga/effects';
import { TIMING } from '../../contracts/constants';
import { pathTo } from '../../contracts/routes';
import type { Deps } from '../deps';
import { navigatedTo, routeEntered, routeUrl, type RouteEntry } from '../shared/route';
import { anchorClicked, isLanding, scrollTopRequested } from './slice';

/** The section a URL names: #section, or ?name=section on /resources. */
export const sectionOf = ({ routeId, hash, query }: RouteEntry): string | undefined =>
  hash.replace(/^#/, '') || (routeId === 'resources' ? query.name : undefined);

/**
 * A sub-menu or footer anchor is a navigation to `path?query#anchor` (the URL keeps
 * both: a link to a product category opens that tab), which the route saga scrolls to.
 */
export function* followAnchor(_deps: Deps, action: ReturnType<typeof anchorClicked>) {
  const { routeId, anchor, query = {} } = action.payload;
  yield put(navigatedTo(routeUrl({ path: pathTo(routeId), query, hash: `#${anchor}` })));
}

/**
 * The scroll a page entry asks for, run beside its loads (the next navigation cancels it): a
 * new page starts at the top once its code is in, so it is shown from the top; a section named
 * in the URL is scrolled to at once on the page the visitor is already on, else after the anchor
 * delay that lets the new page render, looking again while it is not rendered yet. The visitor
 * scrolling first (during the delay or the search) ends the wait: the page is theirs. Back and
 * forward keep the position the browser restores; so does a landing, unless its URL names a section.
 */
export function* scrollAfterEntering({ services }: Deps, route: RouteEntry, previous: RouteEntry | null) {
  const landing = isLanding(route, previous);
  if (route.navigation === 'pop' && !landing) return;
  const samePage = !landing && previous?.path === route.path;
  if (!landing && !samePage) {
    if (route.routeId && services.preloadPage) yield call(services.preloadPage, route.routeId);
    yield call(services.scrollTo, 0, false);
  }
  const section = sectionOf(route);
  if (!section) return;
  // Scrolling before the app started is scrolling during the landing's delay too.
  const scrolledEarly: boolean = landing ? yield call(services.scrolledBeforeApp) : false;
  if (scrolledEarly) return;
  // The offset before any wait: a visitor who scrolls during the anchor delay keeps the page.
  const left: number = yield call(services.getScrollTop);
  const visitorScrolled = function* (): Generator<CallEffect, boolean, number> {
    return (yield call(services.getScrollTop)) !== left;
  };
  if (!samePage) {
    yield delay(TIMING.anchorScrollDelayMs);
    if (yield* visitorScrolled()) return;
  }
  for (let waited = 0; ; waited += TIMING.anchorRetryMs) {
    const found: boolean = yield call(services.scrollToElement, section, true);
    if (found || waited >= TIMING.anchorWaitMs) return;
    yield delay(TIMING.anchorRetryMs);
    if (yield* visitorScrolled()) return;
  }
}

/** The scroll-to-top button: back to the top in steps every 20 ms; a new navigation stops it. */
export function* scrollToTop({ services }: Deps) {
  for (;;) {
    const top: number = yield call(services.getScrollTop);
    if (top <= 0) return;
    yield call(services.scrollTo, Math.max(0, top - Math.max(Math.ceil(top / 6), 10)), false);
    yield delay(TIMING.scrollTopStepMs);
  }
}

export function* watchScroll(deps: Deps) {
  yield takeLatest(anchorClicked.type, followAnchor, deps);
  yield takeLatest(scrollTopRequested.type, function* stepUp() {
    yield race({ done: call(scrollToTop, deps), cancelled: take(routeEntered.type) });
  });
}
