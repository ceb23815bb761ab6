import { call, delay, fork, put, race, select, take, takeLatest } from 'redux-saga/effects';
import { TIMING } from '../../contracts/constants';
import { pathTo } from '../../contracts/routes';
import type { Deps } from '../deps';
import { productTabSelected } from '../product/slice';
import { selectActiveRouteId } from './selectors';
import { anchorClicked, routeEntered, scrollTopRequested } from './slice';

/** How long a section may take to appear after navigating (its data loads first). */
const SECTION_WAIT_MS = 5000;
const SECTION_POLL_MS = 100;

/** Waits the anchor delay, then scrolls to the section as soon as it exists. */
export function* scrollToSectionWhenReady({ services }: Deps, id: string) {
  yield delay(TIMING.anchorScrollDelayMs);
  for (let waited = 0; waited <= SECTION_WAIT_MS; waited += SECTION_POLL_MS) {
    const found: boolean = yield call(services.scrollToElement, id, true);
    if (found) return true;
    yield delay(SECTION_POLL_MS);
  }
  return false;
}

/**
 * SPEC §2: an anchor on the current page scrolls smoothly now; on another page it navigates,
 * then scrolls after about 200 ms. Anchors to /product also choose the product tab.
 */
export function* followAnchor(deps: Deps, action: ReturnType<typeof anchorClicked>) {
  const { routeId, anchor, index } = action.payload;
  if (routeId === 'product' && index !== undefined) yield put(productTabSelected(index));
  const current: string | null = yield select(selectActiveRouteId);
  if (current === routeId) {
    yield call(deps.services.scrollToElement, anchor, true);
    return;
  }
  yield call(deps.services.navigate, pathTo(routeId));
  yield call(scrollToSectionWhenReady, deps, anchor);
}

/**
 * A new page starts at the top, unless its URL names a section: #section, or ?name=section
 * on /resources (SPEC §2), which is scrolled to once rendered. Back and forward, and the
 * landing itself, keep the position the browser restores (a reload, a server-rendered page).
 */
export function* scrollOnRouteEntered(deps: Deps, action: ReturnType<typeof routeEntered>, landing = false) {
  const { routeId, hash, query, navigation } = action.payload;
  if (navigation === 'pop' && !landing) return;
  const section = hash.replace(/^#/, '') || (routeId === 'resources' ? query.name : undefined);
  if (section) yield call(scrollToSectionWhenReady, deps, section);
  else if (!landing) yield call(deps.services.scrollTo, 0, false);
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

export function* watchRouteScroll(deps: Deps) {
  const landing: ReturnType<typeof routeEntered> = yield take(routeEntered.type);
  yield fork(scrollOnRouteEntered, deps, landing, true);
  yield takeLatest(routeEntered.type, function* scrollAfterNavigation(action: ReturnType<typeof routeEntered>) {
    yield call(scrollOnRouteEntered, deps, action);
  });
}
