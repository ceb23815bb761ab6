import { call, delay, put, race, take, takeLatest } from 'redux-saga/effects';
import { TIMING } from '../../contracts/constants';
import { pathTo } from '../../contracts/routes';
import type { Deps } from '../deps';
import { productTabSelected } from '../product/slice';
import { anchorClicked, navigatedTo, routeEntered, scrollTopRequested, type RouteEntry } from './slice';

/** The section a URL names: #section, or ?name=section on /resources (SPEC §2). */
export const sectionOf = ({ routeId, hash, query }: RouteEntry): string | undefined =>
  hash.replace(/^#/, '') || (routeId === 'resources' ? query.name : undefined);

/**
 * SPEC §2: a sub-menu or footer anchor is a navigation to `path#anchor` (the URL keeps it), which
 * the route saga scrolls to once the page's loads have settled. Anchors to /product also choose
 * the product tab.
 */
export function* followAnchor(_deps: Deps, action: ReturnType<typeof anchorClicked>) {
  const { routeId, anchor, index } = action.payload;
  if (routeId === 'product' && index !== undefined) yield put(productTabSelected(index));
  yield put(navigatedTo(`${pathTo(routeId)}#${anchor}`));
}

/**
 * After a page's loads have settled (run by the route saga, so the next navigation cancels it):
 * a section named in the URL is scrolled to, at once on the page the visitor is already on,
 * else after the anchor delay that lets the new page render; a new page without one starts at
 * the top. Back and forward keep the position the browser restores; the shell's landing keeps it
 * too unless its URL names a section.
 */
export function* scrollAfterEntering({ services }: Deps, route: RouteEntry, previous: RouteEntry | null) {
  // The shell's first entry; a server-rendered page enters nothing on hydration, so its first link is a navigation.
  const landing = previous === null;
  if (route.navigation === 'pop' && !landing) return;
  const section = sectionOf(route);
  const samePage = previous?.path === route.path;
  if (!section) {
    if (!landing && !samePage) yield call(services.scrollTo, 0, false);
    return;
  }
  if (!samePage) yield delay(TIMING.anchorScrollDelayMs);
  // On a slow device the new page may not have rendered its section yet: look again until it has
  // (a newer navigation cancels this), and give up on a section the page does not have.
  for (let waited = 0; ; waited += TIMING.anchorRetryMs) {
    const found: boolean = yield call(services.scrollToElement, section, true);
    if (found || waited >= TIMING.anchorWaitMs) return;
    yield delay(TIMING.anchorRetryMs);
  }
}

/** SPEC §2: back to the top in steps every 20 ms; a new navigation stops it. */
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
