import { useSearchParams } from 'react-router';
import { useDebouncedSearch } from './use-debounced-search.ts';

/** `[value, label]` pairs of a select; '' is "no filter". */
export type Options = ReadonlyArray<readonly [value: string, label: string]>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface FilterDefinition {
  /** The URL parameter, and the query parameter the server is sent. */
  key: string;
  /** The control's accessible name (a date filter shows it as its caption). */
  label: string;
  /**
   * select: a dropdown in the filter bar; date: a date field in the filter bar; custom: read and
   * kept here, drawn by the page itself (the orders' status tabs).
   */
  kind?: 'select' | 'date' | 'custom';
  /** A select's choices. A URL value they do not hold reads as '' (a stale bookmark shows everything). */
  options?: Options;
  /** Which values count, when the choices arrive later (categories) or are not a select's. */
  accepts?: (value: string) => boolean;
  /** A date field's accessible name when its caption alone says too little ("From"). */
  ariaLabel?: string;
  /** Left alone by "Clear filters": a status tab is where the admin is, not a narrowing. */
  keepOnClear?: boolean;
}

export interface ListDefinition {
  /** Singular and plural of what is listed: "Search products", "Products per page", "1 product selected". */
  noun: readonly [string, string];
  /** The search box's hint; without it the list has no search. */
  searchPlaceholder?: string;
  filters?: readonly FilterDefinition[];
  /** `[sort_by:sort_order, label]`; the first is the default, never written to the URL. */
  sorts?: Options;
  /** The page sizes offered; without them the size is fixed at `pageSize`. */
  pageSizes?: readonly number[];
  pageSize?: number;
}

/**
 * A list's status tabs as its `status` filter: drawn by the page (the tabs over the list), kept by
 * "Clear filters" (a tab is where the admin is, not a narrowing), any of `statuses` accepted.
 */
export function statusTabsFilter(label: string, statuses: readonly string[]): FilterDefinition {
  return { key: 'status', label, kind: 'custom', keepOnClear: true, accepts: (value) => statuses.includes(value) };
}

export const ADMIN_PAGE_SIZES = [10, 20, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 20;

function accepted(filter: FilterDefinition, value: string): boolean {
  if (value === '') return true;
  if (filter.accepts) return filter.accepts(value);
  if (filter.kind === 'date') return DATE.test(value);
  return filter.options ? filter.options.some(([option]) => option === value) : true;
}

/**
 * An admin list's whole view in the URL (search, filters, sort, page, page size), typed by its
 * definition, so a view can be bookmarked, shared and reloaded. Defaults are left out of the URL;
 * a value the definition does not know reads as the default. Any change but the page goes back to
 * page 1: new filters on page 7 would otherwise show an empty page. The history entry is replaced
 * (filters are not steps the Back button should walk through).
 */
export function useListState(definition: ListDefinition) {
  const [params, setParams] = useSearchParams();
  const pageSize = definition.pageSize ?? DEFAULT_PAGE_SIZE;
  const defaultSort = definition.sorts?.[0]?.[0] ?? '';

  const update = (changes: Record<string, string>, { keepPage = false } = {}) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (!keepPage) next.delete('page');
        return next;
      },
      { replace: true },
    );

  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const limitParam = Number(params.get('limit'));
  const limit = definition.pageSizes?.includes(limitParam) ? limitParam : pageSize;
  const search = definition.searchPlaceholder === undefined ? '' : (params.get('search') ?? '').trim();
  const sortParam = params.get('sort') ?? '';
  const sort = definition.sorts?.some(([value]) => value === sortParam) ? sortParam : defaultSort;
  const filters: Record<string, string> = {};
  for (const filter of definition.filters ?? []) {
    const value = params.get(filter.key) ?? '';
    filters[filter.key] = accepted(filter, value) ? value : '';
  }
  const [searchText, setSearchText] = useDebouncedSearch(search, (value) => update({ search: value }));

  const clearable = Boolean(
    search || (definition.filters ?? []).some((filter) => !filter.keepOnClear && filters[filter.key]),
  );
  const [sortBy = '', sortOrder = ''] = sort ? sort.split(':') : [];
  /** What the server is asked: empty values are left out of the request by the API client. */
  const query: Record<string, string | number> = {
    page,
    limit,
    ...(definition.searchPlaceholder === undefined ? {} : { search }),
    ...filters,
    ...(sort ? { sort_by: sortBy, sort_order: sortOrder } : {}),
  };

  return {
    definition,
    page,
    limit,
    search,
    searchText,
    setSearchText,
    sort,
    filters,
    query,
    /** Changes whenever what is on screen is another set of rows (a selection belongs to one view). */
    viewKey: JSON.stringify(query),
    /** Anything narrows the list (tabs included): the empty state says "no match" rather than "none yet". */
    filtered: Boolean(search || Object.values(filters).some(Boolean)),
    /** Something "Clear filters" would remove. */
    clearable,
    setFilter: (key: string, value: string) => update({ [key]: value }),
    setSort: (value: string) => update({ sort: value === defaultSort ? '' : value }),
    setPage: (next: number) => update({ page: next > 1 ? String(next) : '' }, { keepPage: true }),
    setPageSize: (size: number) => update({ limit: size === pageSize ? '' : String(size) }),
    /** Clears search and filters; sort, page size and the filters kept on clear stay. */
    clear: () => {
      setSearchText('');
      const cleared: Record<string, string> = { search: '' };
      for (const filter of definition.filters ?? []) if (!filter.keepOnClear) cleared[filter.key] = '';
      update(cleared);
    },
  };
}

export type ListState = ReturnType<typeof useListState>;
