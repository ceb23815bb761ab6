import { call, race, take } from 'redux-saga/effects';
import type { Deps } from '../deps';
import { routeEntered } from './route';

/**
 * Runs a saga of the page on screen (a list's next page, another staff page) until the next
 * route entry: leaving the page cancels it, and with it its request (see loadContent), as the
 * route saga cancels the page's own loads.
 */
export function* whileOnPage<Args extends unknown[]>(saga: (deps: Deps, ...args: Args) => Generator, deps: Deps, ...args: Args) {
  yield race({ done: call(saga, deps, ...args), left: take(routeEntered.type) });
}
