import type { ReactNode } from 'react';
import { localizedPath, pathTo } from '../../contracts/routes';
import type { AnchoredRouteId } from '../../contracts/anchors';
import { selectLocale } from '../../features/locale/selectors';
import { anchorClicked, type AnchorQuery } from '../../features/navigation/slice';
import { routeUrl } from '../../features/shared/route';
import { isPlainClick } from '../../ui/plainClick';
import { useAppDispatch, useAppSelector } from '../hooks';

/**
 * A link to a section of a page (the header's sub-menus, the footer, the home page's product
 * tiles): a real link in the visitor's language, query (the product category) and hash
 * included, so it opens, copies and shares as itself; a click is the anchor event, which the
 * scroll saga follows. A click with a modifier key or another button is the browser's (a new tab).
 */
export function AnchorLink({
  routeId,
  anchor,
  query,
  className,
  children,
}: {
  routeId: AnchoredRouteId;
  anchor: string;
  query?: AnchorQuery;
  className?: string;
  children: ReactNode;
}) {
  const dispatch = useAppDispatch();
  const locale = useAppSelector(selectLocale);
  return (
    <a
      className={className}
      href={localizedPath(routeUrl({ path: pathTo(routeId), query: query ?? {}, hash: `#${anchor}` }), locale)}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        dispatch(anchorClicked(query ? { routeId, anchor, query } : { routeId, anchor }));
      }}
    >
      {children}
    </a>
  );
}
