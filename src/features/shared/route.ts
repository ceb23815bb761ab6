import type { RouteId, RouteParams } from '../../contracts/routes';

/** One navigation, as the route listener reports it; every feature may read it. */
export interface RouteEntry {
  /** null: the path matched no route (the 404 page). */
  routeId: RouteId | null;
  path: string;
  params: RouteParams;
  query: Record<string, string>;
  hash: string;
  /** How the visitor got here: 'pop' is back/forward, whose position the browser restores. */
  navigation?: 'push' | 'pop' | 'replace';
}
