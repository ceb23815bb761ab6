import type { ReactNode } from 'react';

export interface Crumb {
  key: string;
  /** A link (rendered by the caller's router) or plain text for the current page. */
  node: ReactNode;
}

export function Breadcrumbs({ label, crumbs }: { label: string; crumbs: Crumb[] }) {
  return (
    <nav className="breadcrumbs" aria-label={label}>
      <ol>
        {crumbs.map((crumb, i) => (
          <li key={crumb.key} aria-current={i === crumbs.length - 1 ? 'page' : undefined}>
            {crumb.node}
          </li>
        ))}
      </ol>
    </nav>
  );
}
