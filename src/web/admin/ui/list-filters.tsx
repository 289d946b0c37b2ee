import type { ReactNode } from 'react';
import { FilterSelect } from './filter-select.tsx';
import type { FilterDefinition, ListState, Options } from './use-list-state.ts';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const fieldClass =
  'block w-full min-w-0 rounded-xl border border-line-strong bg-surface px-3 py-2 text-base sm:text-sm';

/**
 * The bar over an admin list, drawn from the list's definition: the search box, the select and
 * date filters, the sort, and "Clear filters" when something narrows the list. `choices` gives a
 * select its options when they are loaded at run time (categories); `actions` sits at the end of
 * the sort row (an export button).
 */
export function ListFilters({
  list,
  choices = {},
  actions,
}: {
  list: ListState;
  choices?: Record<string, Options>;
  actions?: ReactNode;
}) {
  const { definition } = list;
  const plural = definition.noun[1];
  const selectFilters = (definition.filters ?? []).filter((filter) => (filter.kind ?? 'select') === 'select');
  const dateFilters = (definition.filters ?? []).filter((filter) => filter.kind === 'date');
  const clearsOnlySearch = !(definition.filters ?? []).some((filter) => !filter.keepOnClear);
  return (
    <>
      {(definition.searchPlaceholder !== undefined || selectFilters.length + dateFilters.length > 0) && (
        <search className="mb-3 flex flex-wrap items-end gap-3 lg:items-center">
          {definition.searchPlaceholder !== undefined && (
            <label className="min-w-0 flex-[2_1_16rem]">
              <span className="sr-only">Search {plural}</span>
              <input
                type="search"
                value={list.searchText}
                onChange={(event) => list.setSearchText(event.target.value)}
                placeholder={definition.searchPlaceholder}
                className={fieldClass}
              />
            </label>
          )}
          {selectFilters.map((filter) => (
            <div key={filter.key} className="min-w-0 flex-[1_1_9rem]">
              <FilterSelect
                label={filter.label}
                value={list.filters[filter.key] ?? ''}
                options={choices[filter.key] ?? filter.options ?? []}
                onChange={(value) => list.setFilter(filter.key, value)}
              />
            </div>
          ))}
          {/* A date range stays together: side by side on a phone, never one field per row. */}
          {dateFilters.length > 0 && (
            <div className="flex min-w-0 flex-[2_1_18rem] gap-3">
              {dateFilters.map((filter) => (
                <DateFilter
                  key={filter.key}
                  filter={filter}
                  value={list.filters[filter.key] ?? ''}
                  onChange={(value) => list.setFilter(filter.key, value)}
                />
              ))}
            </div>
          )}
        </search>
      )}
      {(definition.sorts || list.clearable || actions) && (
        <div className="mb-3 flex flex-wrap items-center gap-x-4 gap-y-2">
          {definition.sorts && (
            <div className="flex min-w-0 items-center gap-2 text-sm">
              <span className="text-muted" aria-hidden="true">
                Sort
              </span>
              <FilterSelect
                label={`Sort ${plural}`}
                value={list.sort}
                options={definition.sorts}
                onChange={list.setSort}
              />
            </div>
          )}
          {list.clearable && (
            <button
              type="button"
              className="text-sm font-medium text-accent underline-offset-4 hover:underline"
              onClick={list.clear}
            >
              {clearsOnlySearch ? 'Clear search' : 'Clear filters'}
            </button>
          )}
          {actions && <div className="ml-auto flex flex-wrap gap-2">{actions}</div>}
        </div>
      )}
    </>
  );
}

function DateFilter({
  filter,
  value,
  onChange,
}: {
  filter: FilterDefinition;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className="flex min-w-0 flex-1 flex-col gap-1 text-xs lg:flex-row lg:items-center lg:gap-2 lg:text-sm">
      <span className="text-muted">{capitalised(filter.label)}</span>
      <input
        type="date"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-label={filter.ariaLabel}
        className={fieldClass}
      />
    </label>
  );
}
