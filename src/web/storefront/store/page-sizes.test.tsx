import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, PAGE_SIZES } from '#shared/constants.ts';
import { SearchRequestSchema } from '#shared/contracts/search.ts';
import { readStoreQuery, STORE_QUERY_DEFAULTS } from '#shared/store-query.ts';
import { DEFAULT_PREFERENCES, usePreferencesStore } from '#web/stores/preferences-store.ts';
import { type Rendered, render } from '#web/test/render.tsx';
import { StoreToolbar } from './store-toolbar.tsx';

/**
 * Issue 32: the store's "Products per page" offered 10, 20, 40, 60, 100 and the preferences 10,
 * 20, 30, 50, 100. Both menus now list PAGE_SIZES, each a limit the search contract accepts (the
 * preferences' menu: preferences/page-sizes.test.tsx).
 */

let rendered: Rendered | undefined;
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  usePreferencesStore.setState(DEFAULT_PREFERENCES);
});

const sizesOf = (select: HTMLSelectElement | null) =>
  [...(select?.options ?? [])].map((option) => Number(option.value));

async function storeMenu(): Promise<number[]> {
  const searchParams = new URLSearchParams();
  rendered = await render(
    <MemoryRouter initialEntries={['/store']}>
      <StoreToolbar query={readStoreQuery(searchParams, STORE_QUERY_DEFAULTS)} searchParams={searchParams} />
    </MemoryRouter>,
  );
  const label = [...rendered.container.querySelectorAll('label')].find((element) =>
    element.textContent?.includes('Products per page'),
  );
  const sizes = sizesOf(rendered.container.querySelector<HTMLSelectElement>(`#${CSS.escape(label?.htmlFor ?? '')}`));
  rendered.unmount();
  rendered = undefined;
  return sizes;
}

describe('page sizes', () => {
  it('the store offers PAGE_SIZES', async () => {
    expect(await storeMenu()).toEqual([...PAGE_SIZES]);
  });

  it('every size is a limit the search contract accepts, and the first visit uses one of them', () => {
    for (const limit of PAGE_SIZES) expect(SearchRequestSchema.safeParse({ limit }).success, String(limit)).toBe(true);
    expect(SearchRequestSchema.safeParse({ limit: PAGE_SIZE_MAX + 1 }).success).toBe(false);
    expect(PAGE_SIZES).toContain(PAGE_SIZE_DEFAULT);
    expect(STORE_QUERY_DEFAULTS.itemsPerPage).toBe(PAGE_SIZE_DEFAULT);
    expect(DEFAULT_PREFERENCES.productView.itemsPerPage).toBe(PAGE_SIZE_DEFAULT);
  });
});
