import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListResult } from '#web/lib/api-client.ts';
import {
  buttonByText,
  click,
  currentLocation,
  mount,
  screenIsWide,
  selectByLabel,
  type,
  unmount,
} from '#web/test/admin-kit.tsx';
import { AdminList, type ListQuery } from './admin-list.tsx';
import type { ListColumn } from './data-list.tsx';
import { ADMIN_PAGE_SIZES, type ListDefinition, useListState } from './use-list-state.ts';

interface Thing {
  id: string;
  name: string;
}
const COLUMNS: ReadonlyArray<ListColumn<Thing>> = [{ header: 'Name', card: 'title', cell: (thing) => thing.name }];
const THINGS: ListDefinition = { noun: ['thing', 'things'], searchPlaceholder: 'Search', pageSizes: ADMIN_PAGE_SIZES };

const page = (data: Thing[], total = data.length): ListResult<Thing> => ({
  data,
  pagination: {
    page: 1,
    limit: 20,
    total,
    totalPages: Math.max(1, Math.ceil(total / 20)),
    hasNext: total > 20,
    hasPrev: false,
  },
});

/** A query result as TanStack Query hands it over, in one of its states. */
function query(state: Partial<ListQuery<Thing>>): ListQuery<Thing> {
  return { isPending: false, isError: false, isFetching: false, data: undefined, refetch: () => {}, ...state };
}

function Things({ result }: { result: ListQuery<Thing> }) {
  const list = useListState(THINGS);
  return (
    <AdminList
      list={list}
      query={result}
      columns={COLUMNS}
      empty={{ title: 'No things yet.', hint: 'Add one.', action: <a href="/new">New thing</a> }}
    />
  );
}

afterEach(() => {
  unmount();
  vi.unstubAllGlobals();
});

describe('AdminList', () => {
  it('shows a skeleton while the first page loads', async () => {
    const root = await mount(<Things result={query({ isPending: true })} />);
    const skeleton = root.querySelector('[role="status"]');
    expect(skeleton?.getAttribute('aria-label')).toBe('Loading things');
    expect(skeleton?.className).toContain('animate-pulse');
  });

  it('shows what failed with a Retry that refetches', async () => {
    const refetch = vi.fn();
    const root = await mount(<Things result={query({ isError: true, refetch })} />);
    expect(root.querySelector('[role="alert"]')?.textContent).toContain('Could not load the things');
    await click(buttonByText(root, 'Retry'));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('says "none yet" with the call to action, or "no match" without it when the list is narrowed', async () => {
    let root = await mount(<Things result={query({ data: page([]) })} />);
    expect(root.textContent).toContain('No things yet.');
    expect(root.textContent).toContain('Add one.');
    expect(root.querySelector('a[href="/new"]')).not.toBeNull();
    unmount();

    root = await mount(<Things result={query({ data: page([]) })} />, '/admin/things?search=zzz');
    expect(root.textContent).toContain('No things match these filters.');
    expect(root.textContent).toContain('Try another search or clear the filters.');
    expect(root.querySelector('a[href="/new"]')).toBeNull();
  });

  it('shows the rows with the pager and the page size', async () => {
    screenIsWide(true);
    const root = await mount(
      <Things result={query({ data: page([{ id: 't1', name: 'Lamp' }], 45), isFetching: true })} />,
      '/admin/things?page=1',
    );
    expect(root.querySelector('tbody')?.textContent).toBe('Lamp');
    expect(root.querySelector('.card')?.getAttribute('aria-busy')).toBe('true');
    expect(root.querySelector('nav[aria-label="Pages"]')?.textContent).toContain('Page 1 of 3 · 45 things');
    await click(buttonByText(root, 'Next'));
    expect(currentLocation()).toBe('/admin/things?page=2');
    await type(selectByLabel(root, 'Things per page'), '50');
    expect(currentLocation()).toBe('/admin/things?limit=50');
  });
});
