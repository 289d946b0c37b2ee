import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Category } from '#shared/contracts/categories.ts';
import type { SearchFacetCounts } from '#shared/contracts/search.ts';
import type { StoreQuery } from '#shared/store-query.ts';
import { buildCategoryFacets, type CategoryFacet } from './category-facets.ts';
import { type StoreParamChanges, storeHref } from './store-params.ts';

/** Brands shown before "Show all brands". */
const BRANDS_SHOWN = 8;

/** Filter changes keep the scroll position: the shopper is working down the panel. */
export const KEEP_SCROLL = { keepScroll: true } as const;

export interface StoreFiltersProps {
  query: StoreQuery;
  searchParams: URLSearchParams;
  categories: readonly Category[] | undefined;
  /** Counts per facet value with every other filter applied (the response's facet_choices). */
  choices: SearchFacetCounts | undefined;
  /** Whether "in stock only" is on without a URL parameter (showOutOfStock off). */
  inStockByDefault: boolean;
}

/**
 * The store's filters: category tree, brands, price range and availability. Every change is a
 * new URL, so the filtered page can be shared, reloaded and gone back from. Counts say how many
 * results a choice would give, given the other filters.
 */
export function StoreFilters({ query, searchParams, categories, choices, inStockByDefault }: StoreFiltersProps) {
  const navigate = useNavigate();
  const apply = (changes: StoreParamChanges) =>
    navigate(storeHref(searchParams, changes), { state: KEEP_SCROLL, preventScrollReset: true });

  return (
    <div className="flex flex-col divide-y divide-line">
      <FilterSection title="Category">
        <CategoryFilter query={query} searchParams={searchParams} categories={categories} counts={choices?.category} />
      </FilterSection>
      <FilterSection title="Brand">
        <BrandFilter selected={query.brands} counts={choices?.brand} onChange={(brand) => apply({ brand })} />
      </FilterSection>
      <FilterSection title="Price">
        <PriceFilter
          key={`${query.minPrice}-${query.maxPrice}`}
          min={query.minPrice}
          max={query.maxPrice}
          onApply={(min, max) => apply({ min, max })}
        />
      </FilterSection>
      <FilterSection title="Availability">
        <InStockFilter
          checked={query.inStockOnly}
          count={choices?.in_stock?.true}
          onChange={(checked) => apply({ in_stock: checked === inStockByDefault ? undefined : checked ? '1' : '0' })}
        />
      </FilterSection>
    </div>
  );
}

/**
 * A checkbox bound to the URL would flick back while the navigation it starts is pending (React
 * Router renders navigations in a transition). This shows the shopper's choice at once and
 * follows the URL again as soon as it changes.
 */
function useOptimistic<T>(value: T): [T, (next: T) => void] {
  const key = JSON.stringify(value);
  const [local, setLocal] = useState<{ key: string; value: T } | null>(null);
  return [local && local.key === key ? local.value : value, (next) => setLocal({ key, value: next })];
}

function FilterSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="py-5 first:pt-0">
      <h3 id={id} className="mb-3 text-sm font-semibold text-strong">
        {title}
      </h3>
      {children}
    </section>
  );
}

function Count({ value }: { value: number | undefined }) {
  if (value === undefined) return null;
  return <span className="ml-auto pl-2 text-xs text-muted tabular-nums">{value.toLocaleString('en-US')}</span>;
}

interface CategoryFilterProps {
  query: StoreQuery;
  searchParams: URLSearchParams;
  categories: readonly Category[] | undefined;
  counts: Record<string, number> | undefined;
}

function CategoryFilter({ query, searchParams, categories, counts }: CategoryFilterProps) {
  if (!categories) return <p className="text-sm text-muted">Loading categories…</p>;
  const tree = buildCategoryFacets(categories, counts ?? {}, query.category);
  const total = counts ? Object.values(counts).reduce((sum, count) => sum + count, 0) : undefined;
  const linkTo = (slug: string | undefined) => ({
    to: storeHref(searchParams, { category: slug }),
    state: KEEP_SCROLL,
    preventScrollReset: true,
  });
  return (
    <ul className="-mx-2 flex flex-col gap-0.5 text-sm">
      <li>
        <Link
          {...linkTo(undefined)}
          aria-current={query.category === undefined ? 'true' : undefined}
          className={rowClass}
        >
          All categories
          <Count value={total} />
        </Link>
      </li>
      {tree.map((node) => (
        <CategoryRow key={node.category.id} node={node} selected={query.category} linkTo={linkTo} depth={0} />
      ))}
    </ul>
  );
}

const rowClass =
  'flex min-h-9 items-center rounded-lg px-2 py-1.5 text-fg hover:bg-subtle aria-[current=true]:bg-accent-soft aria-[current=true]:font-semibold aria-[current=true]:text-accent';

interface CategoryRowProps {
  node: CategoryFacet;
  selected: string | undefined;
  linkTo: (slug: string) => { to: string; state: typeof KEEP_SCROLL; preventScrollReset: boolean };
  depth: number;
}

function CategoryRow({ node, selected, linkTo, depth }: CategoryRowProps) {
  const isSelected = node.category.slug === selected || node.category.id === selected;
  return (
    <li>
      <Link
        {...linkTo(node.category.slug)}
        aria-current={isSelected ? 'true' : undefined}
        className={rowClass}
        style={depth > 0 ? { paddingLeft: `${0.5 + depth}rem` } : undefined}
      >
        {node.category.name}
        <Count value={node.count} />
      </Link>
      {node.children.length > 0 && (
        <ul className="flex flex-col gap-0.5">
          {node.children.map((child) => (
            <CategoryRow key={child.category.id} node={child} selected={selected} linkTo={linkTo} depth={depth + 1} />
          ))}
        </ul>
      )}
    </li>
  );
}

interface BrandFilterProps {
  selected: string[];
  counts: Record<string, number> | undefined;
  onChange: (brands: string[]) => void;
}

function BrandFilter({ selected: fromUrl, counts, onChange }: BrandFilterProps) {
  const [showAll, setShowAll] = useState(false);
  const [selected, setSelected] = useOptimistic(fromUrl);
  const chosen = new Set(selected.map((brand) => brand.toLowerCase()));
  // Most results first; a chosen brand always stays in the list, even if nothing matches it now.
  const brands = Object.entries(counts ?? {})
    .filter(([, count]) => count > 0)
    .sort(([a, countA], [b, countB]) => countB - countA || a.localeCompare(b));
  for (const brand of selected) {
    if (!brands.some(([name]) => name.toLowerCase() === brand.toLowerCase())) brands.unshift([brand, 0]);
  }
  if (brands.length === 0) return <p className="text-sm text-muted">No brands for these results.</p>;
  const shown = showAll ? brands : brands.slice(0, Math.max(BRANDS_SHOWN, selected.length));

  const toggle = (brand: string, on: boolean) => {
    const next = on ? [...selected, brand] : selected.filter((item) => item.toLowerCase() !== brand.toLowerCase());
    setSelected(next);
    onChange(next);
  };

  return (
    <>
      <ul className="flex flex-col gap-0.5 text-sm">
        {shown.map(([brand, count]) => (
          <li key={brand}>
            <label className="-mx-2 flex min-h-9 cursor-pointer items-center gap-3 rounded-lg px-2 py-1.5 hover:bg-subtle">
              <input
                type="checkbox"
                checked={chosen.has(brand.toLowerCase())}
                onChange={(event) => toggle(brand, event.currentTarget.checked)}
                className="size-4 accent-(--accent-solid)"
              />
              {brand}
              <Count value={count} />
            </label>
          </li>
        ))}
      </ul>
      {brands.length > shown.length || showAll ? (
        <button type="button" onClick={() => setShowAll(!showAll)} className="text-link mt-2 text-sm">
          {showAll ? 'Show fewer brands' : `Show all ${brands.length} brands`}
        </button>
      ) : null}
    </>
  );
}

interface PriceFilterProps {
  min: number | undefined;
  max: number | undefined;
  onApply: (min: string | undefined, max: string | undefined) => void;
}

/** Min and max in dollars, applied together (typing each digit would start a search per keystroke). */
function PriceFilter({ min, max, onApply }: PriceFilterProps) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const read = (name: string) => String(form.get(name) ?? '').trim();
    const [low, high] = [read('min'), read('max')];
    const invalid = [low, high].some((value) => value !== '' && !(Number(value) >= 0));
    if (invalid) return setError('Enter prices as positive numbers.');
    if (low !== '' && high !== '' && Number(low) > Number(high)) {
      return setError('The minimum price must not be above the maximum.');
    }
    setError(null);
    onApply(low || undefined, high || undefined);
  }

  const inputClass =
    'h-10 w-full min-w-0 rounded-lg border border-line-strong bg-surface pr-2 pl-6 text-sm tabular-nums aria-invalid:border-danger';
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2">
      <div className="flex items-end gap-2">
        <PriceInput id={`${id}-min`} label="Min" name="min" value={min} invalid={!!error} className={inputClass} />
        <span aria-hidden="true" className="pb-2 text-muted">
          –
        </span>
        <PriceInput id={`${id}-max`} label="Max" name="max" value={max} invalid={!!error} className={inputClass} />
        <button type="submit" className="btn-secondary h-10 shrink-0 px-4">
          Apply
        </button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </form>
  );
}

interface PriceInputProps {
  id: string;
  label: string;
  name: string;
  value: number | undefined;
  invalid: boolean;
  className: string;
}

function PriceInput({ id, label, name, value, invalid, className }: PriceInputProps) {
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1">
      <label htmlFor={id} className="text-xs text-muted">
        {label} price
      </label>
      <div className="relative">
        <span aria-hidden="true" className="pointer-events-none absolute top-2 left-2.5 text-sm text-muted">
          $
        </span>
        <input
          id={id}
          name={name}
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          defaultValue={value ?? ''}
          aria-invalid={invalid || undefined}
          className={className}
        />
      </div>
    </div>
  );
}

interface InStockFilterProps {
  checked: boolean;
  count: number | undefined;
  onChange: (checked: boolean) => void;
}

function InStockFilter({ checked: fromUrl, count, onChange }: InStockFilterProps) {
  const [checked, setChecked] = useOptimistic(fromUrl);
  return (
    <label className="-mx-2 flex min-h-9 cursor-pointer items-center gap-3 rounded-lg px-2 py-1.5 text-sm hover:bg-subtle">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => {
          setChecked(event.currentTarget.checked);
          onChange(event.currentTarget.checked);
        }}
        className="size-4 accent-(--accent-solid)"
      />
      In stock only
      <Count value={count} />
    </label>
  );
}
