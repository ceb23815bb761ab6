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

/**
 * Numbered pages with previous/next; a window of pages around the current one on long lists.
 * Previous and next at an end of the list are marked unavailable rather than disabled: a disabled
 * button loses the keyboard focus, and the visitor who pressed › to reach the last page would be
 * sent back to the top of the document.
 */
export function Pagination({ page, total, pageSize, onSelect, texts }: PaginationProps) {
  const pages = Math.ceil(total / pageSize);
  if (pages <= 1) return null;
  const step = (to: number, label: string, text: string) => {
    const unavailable = to < 1 || to > pages;
    return (
      <button type="button" className="pagination__step" aria-disabled={unavailable} onClick={() => !unavailable && onSelect(to)} aria-label={label}>
        {text}
      </button>
    );
  };
  const first = Math.max(1, Math.min(page - 2, pages - 4));
  const shown = Array.from({ length: Math.min(5, pages) }, (_, i) => first + i);
  return (
    <nav className="pagination" aria-label={texts.label}>
      {step(page - 1, texts.previous, '‹')}
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
      {step(page + 1, texts.next, '›')}
    </nav>
  );
}
