import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_SIZES } from '#shared/constants.ts';
import { DEFAULT_PREFERENCES, usePreferencesStore } from '#web/stores/preferences-store.ts';
import { type Rendered, render } from '#web/test/render.tsx';
import { PreferencesPage } from './preferences-page.tsx';

/**
 * Issue 32: the preferences' page size offered 10, 20, 30, 50, 100 and the store 10, 20,
 * 40, 60, 100. Both menus now list PAGE_SIZES (the store's: store/page-sizes.test.tsx).
 */

let rendered: Rendered | undefined;
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  usePreferencesStore.setState(DEFAULT_PREFERENCES);
});

const sizesOf = (select: HTMLSelectElement | null) =>
  [...(select?.options ?? [])].map((option) => Number(option.value));

async function preferencesMenu(): Promise<number[]> {
  rendered = await render(
    <MemoryRouter initialEntries={['/preferences']}>
      <PreferencesPage />
    </MemoryRouter>,
  );
  return sizesOf(rendered.container.querySelector<HTMLSelectElement>('#items-per-page'));
}

describe('page sizes in the preferences', () => {
  it('the preferences offer PAGE_SIZES', async () => {
    expect(await preferencesMenu()).toEqual([...PAGE_SIZES]);
  });

  it('a stored size outside the list (an older 30) is still shown, in order', async () => {
    usePreferencesStore.setState({
      ...DEFAULT_PREFERENCES,
      productView: { ...DEFAULT_PREFERENCES.productView, itemsPerPage: 30 },
    });
    expect(await preferencesMenu()).toEqual([10, 20, 30, 40, 60, 100]);
  });
});
