/** Previous/next under a paginated table, with where the admin is. */
export function Pager({
  page,
  totalPages,
  total,
  noun,
  onPage,
}: {
  page: number;
  totalPages: number;
  total: number;
  /** Singular and plural of what is counted. */
  noun: [string, string];
  onPage: (page: number) => void;
}) {
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-3 border-t border-line px-5 py-3 text-sm">
      <span className="text-muted">
        Page {page} of {totalPages} · {total} {total === 1 ? noun[0] : noun[1]}
      </span>
      <span className="flex gap-2">
        <button
          type="button"
          className="btn-secondary px-3 py-1.5"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          Previous
        </button>
        <button
          type="button"
          className="btn-secondary px-3 py-1.5"
          disabled={page >= totalPages}
          onClick={() => onPage(page + 1)}
        >
          Next
        </button>
      </span>
    </nav>
  );
}
