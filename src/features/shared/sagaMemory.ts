import { getContext, select, setContext } from 'redux-saga/effects';
import type { Locale } from '../../contracts/locale';
import type { RootState } from '../rootReducer';
import type { RouteEntry } from './route';
import { SharedLoads } from './sharedLoads';

/** The redux-saga context key under which the root saga hands the sagas' memory to every saga. */
export const SAGA_MEMORY = 'sagaMemory';

/**
 * What the sagas know of their own, kept in their redux-saga context: every input of their
 * decisions that the actions do not carry. The state is read once, when the sagas start and it is
 * the server's (or the shell's): Redux DevTools may later show any past in it, a session imported
 * from another language included, and a saga that reads it then decides on that past.
 */
export class SagaMemory {
  /** The tasks in flight and the loads done, by key (shared/sharedLoads.ts). */
  readonly loads: SharedLoads;
  /** The page's language, for the sagas' whole life: a language switch loads the page anew (locale/saga.ts). */
  readonly locale: Locale;
  /** The entry the sagas started on, and whether the server answered it with its 404. */
  readonly landing: { route: RouteEntry | null; notFound: boolean };
  /** The entry last entered, as the route saga saw it (the landing's until then). */
  route: RouteEntry | null;
  /** How many pages each growing list shows (news' More), by list: Back to it finds the same rows. */
  private readonly pagesShown: Map<string, number>;
  /** The visit of a page the forms count (its path, its number): a restarted watcher counts on, never from 0 again. */
  private pageVisit: { path: string | null; visit: number };

  constructor(state: RootState) {
    const loaded = Object.entries(state.content.entries).filter(([, entry]) => entry.status === 'succeeded');
    this.loads = new SharedLoads(loaded.map(([key, entry]) => [key, entry.data]));
    this.locale = state.locale.current;
    this.landing = { route: state.navigation.route, notFound: state.navigation.notFound };
    this.route = state.navigation.route;
    this.pagesShown = new Map([['newsList', state.news.pages]]);
    this.pageVisit = { path: this.route?.path ?? null, visit: 0 };
  }

  /** The number of the visit of `path`: the same while the visitor stays on it, a new one once they enter it from another page. */
  visitOf(path: string | null): number {
    if (path !== this.pageVisit.path) this.pageVisit = { path, visit: this.pageVisit.visit + 1 };
    return this.pageVisit.visit;
  }

  /** The pages `list` shows (0: none yet). */
  pagesOf(list: string): number {
    return this.pagesShown.get(list) ?? 0;
  }

  showPages(list: string, pages: number): void {
    this.pagesShown.set(list, pages);
  }
}

/**
 * The sagas' memory; a saga run without one (alone, as the server's render runs the page's loads)
 * makes its own from the state now, for itself and what it runs, as the root saga does for all.
 */
export function* sagaMemory(): Generator<unknown, SagaMemory, unknown> {
  const known = (yield getContext(SAGA_MEMORY)) as SagaMemory | undefined;
  if (known) return known;
  const memory = new SagaMemory((yield select((state: RootState) => state)) as RootState);
  yield setContext({ [SAGA_MEMORY]: memory });
  return memory;
}
