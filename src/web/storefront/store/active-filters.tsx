import { Link } from 'react-router';
import type { Category } from '#shared/contracts/categories.ts';
import { formatMoney } from '#shared/money.ts';
import type { StoreQuery } from '#shared/store-query.ts';
import { Icon } from '#web/ui/icons.tsx';
import { findCategory } from './category-facets.ts';
import { KEEP_SCROLL } from './store-filters.tsx';
import { clearedStoreHref, type StoreParamChanges, storeHref } from './store-params.ts';

const closeIcon = 'M6 6l12 12M18 6 6 18';

interface ActiveFiltersProps {
  query: StoreQuery;
  searchParams: URLSearchParams;
  categories: readonly Category[] | undefined;
  inStockByDefault: boolean;
  currency: string;
}

/** What narrows the results, each removable on its own, and "Clear all". */
export function ActiveFilters({ query, searchParams, categories, inStockByDefault, currency }: ActiveFiltersProps) {
  const chips: { key: string; kind: string; label: string; changes: StoreParamChanges }[] = [];
  if (query.q) chips.push({ key: 'q', kind: 'search', label: `“${query.q}”`, changes: { q: undefined } });
  if (query.category) {
    const label = findCategory(categories, query.category)?.name ?? query.category;
    chips.push({ key: 'category', kind: 'category', label, changes: { category: undefined } });
  }
  for (const brand of query.brands) {
    chips.push({
      key: `brand:${brand}`,
      kind: 'brand',
      label: brand,
      changes: { brand: query.brands.filter((item) => item !== brand) },
    });
  }
  if (query.minPrice !== undefined || query.maxPrice !== undefined) {
    const { minPrice: min, maxPrice: max } = query;
    const label =
      min !== undefined && max !== undefined
        ? `${formatMoney(min, currency)} – ${formatMoney(max, currency)}`
        : min !== undefined
          ? `From ${formatMoney(min, currency)}`
          : `Up to ${formatMoney(max ?? 0, currency)}`;
    chips.push({ key: 'price', kind: 'price', label, changes: { min: undefined, max: undefined } });
  }
  if (query.inStockOnly !== inStockByDefault) {
    chips.push({
      key: 'in_stock',
      kind: 'availability',
      label: query.inStockOnly ? 'In stock only' : 'Including out of stock',
      changes: { in_stock: undefined },
    });
  }
  if (chips.length === 0) return null;

  return (
    <section aria-label="Active filters" className="flex flex-wrap items-center gap-2">
      {chips.map((chip) => (
        <Link
          key={chip.key}
          to={storeHref(searchParams, chip.changes)}
          state={KEEP_SCROLL}
          aria-label={`Remove ${chip.kind}: ${chip.label}`}
          className="inline-flex h-8 max-w-full items-center gap-1.5 rounded-full border border-line-strong bg-surface pr-2 pl-3 text-sm text-fg hover:bg-subtle"
        >
          <span className="truncate">{chip.label}</span>
          <Icon d={closeIcon} className="size-4 shrink-0 text-muted" />
        </Link>
      ))}
      <Link to={clearedStoreHref(searchParams)} state={KEEP_SCROLL} className="text-link ml-1 text-sm">
        Clear all
      </Link>
    </section>
  );
}
