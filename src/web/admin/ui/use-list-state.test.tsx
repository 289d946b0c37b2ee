import { afterEach, describe, expect, it } from 'vitest';
import { buttonByText, click, currentLocation, mount, selectByLabel, type, unmount } from '#web/test/admin-kit.tsx';
import { waitFor } from '#web/test/render.tsx';
import { ListFilters } from './list-filters.tsx';
import { ADMIN_PAGE_SIZES, type ListDefinition, useListState } from './use-list-state.ts';

const THINGS: ListDefinition = {
  noun: ['thing', 'things'],
  searchPlaceholder: 'Search things',
  filters: [
    { key: 'tab', label: 'Tab', kind: 'custom', keepOnClear: true, accepts: (value) => ['a', 'b'].includes(value) },
    {
      key: 'colour',
      label: 'Colour',
      options: [
        ['', 'Any colour'],
        ['red', 'Red'],
        ['blue', 'Blue'],
      ],
    },
    { key: 'from', label: 'From', kind: 'date', ariaLabel: 'Made from' },
  ],
  sorts: [
    ['created_at:desc', 'Newest first'],
    ['name:asc', 'Name A–Z'],
  ],
  pageSizes: ADMIN_PAGE_SIZES,
};

/** What the hook hands the page: the server query, and whether the view is narrowed. */
function Probe() {
  const list = useListState(THINGS);
  return (
    <>
      <ListFilters list={list} />
      <output data-testid="query">{JSON.stringify(list.query)}</output>
      <output data-testid="filtered">{String(list.filtered)}</output>
      <button type="button" onClick={() => list.setPage(3)}>
        Page 3
      </button>
      <button type="button" onClick={() => list.setPageSize(50)}>
        50 per page
      </button>
    </>
  );
}

const query = (root: ParentNode) =>
  JSON.parse(root.querySelector('[data-testid="query"]')?.textContent ?? '{}') as Record<string, unknown>;

afterEach(unmount);

describe('useListState', () => {
  it('reads defaults from an empty URL and writes nothing for them', async () => {
    const root = await mount(<Probe />);
    expect(query(root)).toEqual({
      page: 1,
      limit: 20,
      search: '',
      tab: '',
      colour: '',
      from: '',
      sort_by: 'created_at',
      sort_order: 'desc',
    });
    expect(root.querySelector('[data-testid="filtered"]')?.textContent).toBe('false');
    await type(selectByLabel(root, 'Sort things'), 'name:asc');
    expect(currentLocation()).toBe('/admin/things?sort=name%3Aasc');
    // Back to the default sort: the parameter goes.
    await type(selectByLabel(root, 'Sort things'), 'created_at:desc');
    expect(currentLocation()).toBe('/admin/things');
  });

  it('ignores values the definition does not know', async () => {
    const root = await mount(<Probe />, '/admin/things?colour=green&tab=z&from=yesterday&limit=7&sort=evil&page=-2');
    expect(query(root)).toMatchObject({ page: 1, limit: 20, colour: '', tab: '', from: '', sort_by: 'created_at' });
  });

  it('puts filters in the URL, back to page 1, keeps page and page size as asked', async () => {
    const root = await mount(<Probe />, '/admin/things?page=4&tab=a');
    expect(query(root)).toMatchObject({ page: 4, tab: 'a' });
    await type(selectByLabel(root, 'Colour'), 'red');
    expect(currentLocation()).toBe('/admin/things?tab=a&colour=red');
    await type(root.querySelector<HTMLInputElement>('input[aria-label="Made from"]'), '2026-11-01');
    await click(buttonByText(root, 'Page 3'));
    expect(currentLocation()).toBe('/admin/things?tab=a&colour=red&from=2026-11-01&page=3');
    await click(buttonByText(root, '50 per page'));
    expect(query(root)).toMatchObject({ page: 1, limit: 50, colour: 'red', from: '2026-11-01' });
    // The page-size select of the pager lives elsewhere; 20 (the default) leaves the URL.
    expect(currentLocation()).toBe('/admin/things?tab=a&colour=red&from=2026-11-01&limit=50');
  });

  it('applies the search after a pause in typing, and "Clear filters" keeps sort, page size and tab', async () => {
    const root = await mount(<Probe />, '/admin/things?tab=b&sort=name:asc&limit=50&colour=blue');
    expect(root.querySelector('[data-testid="filtered"]')?.textContent).toBe('true');
    await type(root.querySelector('input[type="search"]'), '  lamp ');
    // Not at once: each key press would otherwise be a request.
    expect(query(root).search).toBe('');
    await waitFor(() => expect(query(root).search).toBe('lamp'));
    expect(currentLocation()).toContain('search=lamp');

    await click(buttonByText(root, 'Clear filters'));
    expect(currentLocation()).toBe('/admin/things?tab=b&sort=name%3Aasc&limit=50');
    expect(root.querySelector<HTMLInputElement>('input[type="search"]')?.value).toBe('');
    expect(buttonByText(root, 'Clear filters')).toBeUndefined();
  });
});
