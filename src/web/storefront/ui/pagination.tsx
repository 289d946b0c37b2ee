import { Link } from 'react-router';
import { Icon } from '#web/ui/icons.tsx';

const chevronLeftIcon = 'm15 18-6-6 6-6';
const chevronRightIcon = 'm9 18 6-6-6-6';

/**
 * Page numbers to show: the first, the last, and the current one with a neighbour each side;
 * `null` marks a gap. 1 … 4 5 6 … 20.
 */
export function pageWindow(page: number, totalPages: number): (number | null)[] {
  const wanted = new Set([1, totalPages, page - 1, page, page + 1].filter((n) => n >= 1 && n <= totalPages));
  const pages = [...wanted].sort((a, b) => a - b);
  const result: (number | null)[] = [];
  for (const [index, number] of pages.entries()) {
    const previous = pages[index - 1];
    if (previous !== undefined && number - previous === 2) result.push(previous + 1);
    else if (previous !== undefined && number - previous > 2) result.push(null);
    result.push(number);
  }
  return result;
}

interface PaginationProps {
  page: number;
  totalPages: number;
  /** The address of a page: each page has its own URL. */
  href: (page: number) => string;
  /** On phones only the far pages and the current one (the store's long result lists). */
  compactOnPhones?: boolean;
  /** The space above it. */
  className?: string;
}

const pageClass =
  'inline-flex size-10 items-center justify-center rounded-full text-sm font-medium text-fg tabular-nums hover:bg-subtle';

/** Numbered pages as links, with previous and next: the store's results and the blog's list. */
export function Pagination({ page, totalPages, href, compactOnPhones = false, className = 'mt-10' }: PaginationProps) {
  if (totalPages <= 1) return null;
  const shownOnPhones = (number: number) =>
    !compactOnPhones || number === page || number === 1 || number === totalPages;
  return (
    <nav aria-label="Pagination" className={`${className} flex items-center justify-center gap-1`}>
      <Edge to={page > 1 ? href(page - 1) : undefined} label="Previous page" rel="prev" icon={chevronLeftIcon} />
      <ol className="flex items-center gap-1">
        {pageWindow(page, totalPages).map((number, index) =>
          number === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: at most two gaps, in a fixed place
            <li key={`gap-${index}`} aria-hidden="true" className="w-6 text-center text-muted">
              …
            </li>
          ) : (
            <li key={number} className={shownOnPhones(number) ? '' : 'hidden sm:block'}>
              {number === page ? (
                <span
                  aria-current="page"
                  className={`${pageClass} bg-accent-solid text-on-accent hover:bg-accent-solid`}
                >
                  <span className="sr-only">Page </span>
                  {number}
                </span>
              ) : (
                <Link to={href(number)} className={pageClass} aria-label={`Page ${number}`}>
                  {number}
                </Link>
              )}
            </li>
          ),
        )}
      </ol>
      <Edge to={page < totalPages ? href(page + 1) : undefined} label="Next page" rel="next" icon={chevronRightIcon} />
    </nav>
  );
}

function Edge({ to, label, rel, icon }: { to: string | undefined; label: string; rel: string; icon: string }) {
  const className = 'icon-btn border border-line-strong';
  if (!to) {
    return (
      // No link to offer: a faded placeholder keeps the row in place, hidden from screen readers.
      <span className={`${className} opacity-40`} aria-hidden="true">
        <Icon d={icon} />
      </span>
    );
  }
  return (
    <Link to={to} rel={rel} aria-label={label} title={label} className={className}>
      <Icon d={icon} />
    </Link>
  );
}
