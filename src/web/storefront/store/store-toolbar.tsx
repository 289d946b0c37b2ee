import { useId } from 'react';
import { useNavigate } from 'react-router';
import { type ProductSort, pageSizeChoices } from '#shared/constants.ts';
import type { StoreQuery } from '#shared/store-query.ts';
import { updateProductView } from '#web/storefront/shopper-kit/preference-actions.ts';
import { Icon } from '#web/ui/icons.tsx';
import { KEEP_SCROLL } from './store-filters.tsx';
import { storeHref } from './store-params.ts';

const gridIcon = 'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h6v6h-6z';
const listIcon = 'M4 5h3v3H4zM10 6.5h10M4 11h3v3H4zM10 12.5h10M4 17h3v3H4zM10 18.5h10';

export const SORT_LABELS: Record<ProductSort, string> = {
  relevance: 'Best match',
  featured: 'Featured',
  newest: 'Newest',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  name: 'Name: A to Z',
  rating: 'Top rated',
};

/**
 * Sort, page size and grid/list. Each choice goes in the URL (shareable) and is saved as the
 * shopper's productView preference, so it is also the default on the next visit.
 */
export function StoreToolbar({ query, searchParams }: { query: StoreQuery; searchParams: URLSearchParams }) {
  const navigate = useNavigate();
  const sortId = useId();
  const limitId = useId();
  const sorts = (Object.keys(SORT_LABELS) as ProductSort[]).filter((sort) => sort !== 'relevance' || query.q);
  const selectClass =
    'h-10 rounded-full border border-line-strong bg-surface pr-2 pl-3 text-sm font-medium text-fg hover:bg-subtle';

  return (
    <div className="flex w-full items-center gap-2 sm:w-auto sm:gap-3">
      <div className="flex items-center gap-2">
        <label htmlFor={sortId} className="sr-only text-sm whitespace-nowrap text-muted sm:not-sr-only">
          Sort by
        </label>
        <select
          id={sortId}
          value={query.sort}
          className={selectClass}
          onChange={(event) => {
            const sort = event.currentTarget.value as ProductSort;
            if (sort !== 'relevance') updateProductView({ sortBy: sort });
            navigate(storeHref(searchParams, { sort }), { state: KEEP_SCROLL });
          }}
        >
          {sorts.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-center">
        <label htmlFor={limitId} className="sr-only">
          Products per page
        </label>
        <select
          id={limitId}
          value={query.limit}
          className={selectClass}
          onChange={(event) => {
            const limit = Number(event.currentTarget.value);
            updateProductView({ itemsPerPage: limit });
            navigate(storeHref(searchParams, { limit: String(limit) }), { state: KEEP_SCROLL });
          }}
        >
          {pageSizeChoices(query.limit).map((size) => (
            <option key={size} value={size}>
              {size} / page
            </option>
          ))}
        </select>
      </div>
      <fieldset className="ml-auto flex shrink-0 items-center rounded-full border border-line-strong p-0.5">
        <legend className="sr-only">View</legend>
        {(
          [
            ['grid', 'Grid view', gridIcon],
            ['list', 'List view', listIcon],
          ] as const
        ).map(([view, label, icon]) => (
          <button
            key={view}
            type="button"
            aria-pressed={query.view === view}
            aria-label={label}
            title={label}
            onClick={() => {
              updateProductView({ viewMode: view });
              navigate(storeHref(searchParams, { view }), { state: KEEP_SCROLL, replace: true });
            }}
            className="icon-btn size-9 aria-pressed:bg-accent-soft aria-pressed:text-accent"
          >
            <Icon d={icon} />
          </button>
        ))}
      </fieldset>
    </div>
  );
}
