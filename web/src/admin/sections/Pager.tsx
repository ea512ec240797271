// Previous, Next and page numbers: the first, the last and those around the current page.

/** Page numbers to offer, with null where some are left out. */
export function pageWindow(page: number, pages: number, around = 1): (number | null)[] {
  const wanted = new Set([1, pages]);
  for (let n = page - around; n <= page + around; n++) if (n >= 1 && n <= pages) wanted.add(n);
  const out: (number | null)[] = [];
  for (const n of [...wanted].sort((a, b) => a - b)) {
    const before = out.at(-1);
    if (typeof before === 'number' && n > before + 1) out.push(null);
    out.push(n);
  }
  return out;
}

interface PagerProps {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  label: string;
}

export function Pager({ page, pages, onPage, label }: PagerProps) {
  if (pages <= 1) return null;
  return (
    <nav className="admin-pager" aria-label={label}>
      <button type="button" className="admin-button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <ul>
        {pageWindow(page, pages).map((n, i) =>
          n === null ? (
            <li key={`gap${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <button
                type="button"
                className="admin-button admin-page"
                aria-label={`Page ${n}`}
                aria-current={n === page ? 'page' : undefined}
                onClick={() => onPage(n)}
              >
                {n.toLocaleString('en-US')}
              </button>
            </li>
          ),
        )}
      </ul>
      <button
        type="button"
        className="admin-button"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
