import { FilterSelect } from './filter-select.tsx';

export interface PageSizeChoice {
  value: number;
  options: readonly number[];
  onChange: (size: number) => void;
}

/**
 * The foot of a paginated list: where the admin is, previous/next, and (optionally) the page
 * size. Everything wraps, so nothing runs off a 390 px wide card.
 */
export function Pager({
  page,
  totalPages,
  total,
  noun,
  onPage,
  pageSize,
  totalIsFloor = false,
}: {
  page: number;
  totalPages: number;
  total: number;
  /** `total` is a floor, not a count (a list that counts up to a cap): "10,000+ entries". */
  totalIsFloor?: boolean;
  /** Singular and plural of what is counted. */
  noun: readonly [string, string];
  onPage: (page: number) => void;
  pageSize?: PageSizeChoice;
}) {
  const plural = noun[1];
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-t border-line px-4 py-3 text-sm sm:px-5">
      {pageSize && (
        <div className="flex items-center gap-2 text-muted">
          <span aria-hidden="true">Per page</span>
          <FilterSelect
            label={`${plural.charAt(0).toUpperCase()}${plural.slice(1)} per page`}
            value={String(pageSize.value)}
            options={pageSize.options.map((size) => [String(size), String(size)] as const)}
            onChange={(value) => pageSize.onChange(Number(value))}
          />
        </div>
      )}
      <nav
        aria-label="Pages"
        className="flex min-w-0 flex-[1_1_16rem] flex-wrap items-center justify-between gap-x-3 gap-y-2"
      >
        <span className="text-muted">
          Page {page} of {totalPages} · {total.toLocaleString()}
          {totalIsFloor ? '+' : ''} {total === 1 && !totalIsFloor ? noun[0] : plural}
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
    </div>
  );
}
