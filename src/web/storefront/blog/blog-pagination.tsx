import { Link } from 'react-router';
import { pageWindow } from '#web/storefront/ui/pagination.tsx';
import { Icon } from '#web/ui/icons.tsx';
import { type BlogListState, blogHref } from './blog-list-params.ts';

const chevronLeftIcon = 'm15 18-6-6 6-6';
const chevronRightIcon = 'm9 18 6-6-6-6';
const pageClass =
  'inline-flex size-10 items-center justify-center rounded-full text-sm font-medium text-fg tabular-nums hover:bg-subtle';

/** The blog's pages as links, in the store's pager style (store-pagination.tsx). */
export function BlogPagination({ state, totalPages }: { state: BlogListState; totalPages: number }) {
  if (totalPages <= 1) return null;
  const { page } = state;
  return (
    <nav aria-label="Pagination" className="mt-12 flex items-center justify-center gap-1">
      <Edge
        to={page > 1 ? blogHref(state, { page: page - 1 }) : undefined}
        label="Previous page"
        rel="prev"
        icon={chevronLeftIcon}
      />
      <ol className="flex items-center gap-1">
        {pageWindow(page, totalPages).map((number, index) =>
          number === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: at most two gaps, in a fixed place
            <li key={`gap-${index}`} aria-hidden="true" className="w-6 text-center text-muted">
              …
            </li>
          ) : (
            <li key={number}>
              {number === page ? (
                <span
                  aria-current="page"
                  className={`${pageClass} bg-accent-solid text-on-accent hover:bg-accent-solid`}
                >
                  <span className="sr-only">Page </span>
                  {number}
                </span>
              ) : (
                <Link to={blogHref(state, { page: number })} className={pageClass} aria-label={`Page ${number}`}>
                  {number}
                </Link>
              )}
            </li>
          ),
        )}
      </ol>
      <Edge
        to={page < totalPages ? blogHref(state, { page: page + 1 }) : undefined}
        label="Next page"
        rel="next"
        icon={chevronRightIcon}
      />
    </nav>
  );
}

function Edge({ to, label, rel, icon }: { to: string | undefined; label: string; rel: string; icon: string }) {
  const className = 'icon-btn border border-line-strong';
  if (!to) {
    return (
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
