export interface PaginationTexts {
  label: string;
  previous: string;
  next: string;
  /** "Page {n}" already localised, as a function of the page number. */
  page: (n: number) => string;
}

export interface PaginationProps {
  page: number;
  total: number;
  pageSize: number;
  onSelect: (page: number) => void;
  texts: PaginationTexts;
}

/** Numbered pages with previous/next; a window of pages around the current one on long lists. */
export function Pagination({ page, total, pageSize, onSelect, texts }: PaginationProps) {
  const pages = Math.ceil(total / pageSize);
  if (pages <= 1) return null;
  const first = Math.max(1, Math.min(page - 2, pages - 4));
  const shown = Array.from({ length: Math.min(5, pages) }, (_, i) => first + i);
  return (
    <nav className="pagination" aria-label={texts.label}>
      <button type="button" className="pagination__step" disabled={page <= 1} onClick={() => onSelect(page - 1)} aria-label={texts.previous}>
        ‹
      </button>
      {shown.map((n) => (
        <button
          type="button"
          key={n}
          className={`pagination__page ${n === page ? 'is-current' : ''}`}
          aria-current={n === page ? 'page' : undefined}
          aria-label={texts.page(n)}
          onClick={() => n !== page && onSelect(n)}
        >
          {n}
        </button>
      ))}
      <button type="button" className="pagination__step" disabled={page >= pages} onClick={() => onSelect(page + 1)} aria-label={texts.next}>
        ›
      </button>
    </nav>
  );
}
