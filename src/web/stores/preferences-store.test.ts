import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyDisplayPreferences, resolveTheme, startThemeSync } from '#web/app/theme.ts';
import {
  DEFAULT_PREFERENCES,
  PREFERENCES_STORAGE_KEY,
  PREFERENCES_VERSION,
  type Preferences,
  rehydratePreferences,
  repairPreferences,
  updatePreferences,
  usePreferencesStore,
} from './preferences-store.ts';

const store = () => usePreferencesStore.getState();
const stored = () => JSON.parse(localStorage.getItem(PREFERENCES_STORAGE_KEY) ?? 'null');

async function rehydrateFrom(raw: string) {
  localStorage.setItem(PREFERENCES_STORAGE_KEY, raw);
  rehydratePreferences();
}

beforeEach(() => {
  usePreferencesStore.setState(repairPreferences(undefined));
  localStorage.clear();
});
afterEach(() => localStorage.clear());

describe('repairPreferences', () => {
  it('gives every default of docs/product.md#preferences for nothing stored', () => {
    const repaired = repairPreferences(undefined);
    expect(repaired).toEqual({
      theme: 'system',
      currency: 'USD',
      language: 'en',
      productView: {
        viewMode: 'grid',
        sortBy: 'featured',
        itemsPerPage: 20,
        showOutOfStock: true,
        showComparePrice: true,
        enableQuickView: true,
      },
      search: {
        recentSearches: [],
        maxRecentSearches: 10,
        enableSearchSuggestions: true,
        enableAutoComplete: true,
        saveSearchHistory: true,
      },
      notifications: {
        push: false,
        email: false,
        priceDrops: false,
        backInStock: false,
        orderUpdates: true,
        newProducts: false,
      },
      accessibility: {
        reduceMotion: false,
        highContrast: false,
        fontSize: 'medium',
        enableScreenReader: false,
        showKeyboardShortcuts: false,
      },
      recentlyViewed: [],
      favoriteCategories: [],
      sidebarCollapsed: false,
      cookieConsent: false,
      onboardingCompleted: false,
    });
    expect(repaired).toEqual(DEFAULT_PREFERENCES);
  });

  it('returns fresh objects, so changing one never changes the defaults', () => {
    const repaired = repairPreferences(undefined);
    repaired.search.recentSearches.push('x');
    repaired.productView.itemsPerPage = 50;
    expect(DEFAULT_PREFERENCES.search.recentSearches).toEqual([]);
    expect(repairPreferences(undefined).productView.itemsPerPage).toBe(20);
  });

  it.each([null, 42, 'not json', true, [], [1, 2]])(
    'gives the defaults for a state that is not an object (%j)',
    (value) => {
      expect(repairPreferences(value)).toEqual(DEFAULT_PREFERENCES);
    },
  );

  it('keeps a fully valid state as it is', () => {
    const valid: Preferences = {
      theme: 'dark',
      currency: 'EUR',
      language: 'fr-LB',
      productView: {
        viewMode: 'list',
        sortBy: 'price_desc',
        itemsPerPage: 50,
        showOutOfStock: false,
        showComparePrice: false,
        enableQuickView: false,
      },
      search: {
        recentSearches: ['usb cable', 'raspberry pi'],
        maxRecentSearches: 5,
        enableSearchSuggestions: false,
        enableAutoComplete: false,
        saveSearchHistory: true,
      },
      notifications: {
        push: true,
        email: true,
        priceDrops: true,
        backInStock: true,
        orderUpdates: false,
        newProducts: true,
      },
      accessibility: {
        reduceMotion: true,
        highContrast: true,
        fontSize: 'xl',
        enableScreenReader: true,
        showKeyboardShortcuts: true,
      },
      recentlyViewed: ['p-2', 'p-1'],
      favoriteCategories: ['phones'],
      sidebarCollapsed: true,
      cookieConsent: true,
      onboardingCompleted: true,
    };
    expect(repairPreferences(structuredClone(valid))).toEqual(valid);
  });

  it('replaces each wrong type or unknown value by its default and keeps the valid fields beside it', () => {
    const repaired = repairPreferences({
      theme: 42,
      currency: 'dollars',
      language: '',
      productView: { viewMode: 'carousel', sortBy: 'price_asc', itemsPerPage: '50', showOutOfStock: 'no' },
      search: 'x',
      notifications: { push: 1, email: true },
      accessibility: { fontSize: 'huge', highContrast: true, reduceMotion: null },
      recentlyViewed: 'p-1',
      favoriteCategories: [1, 'tools', { id: 'x' }],
      sidebarCollapsed: 'true',
      cookieConsent: true,
      onboardingCompleted: 0,
    });
    expect(repaired.theme).toBe('system');
    expect(repaired.currency).toBe('USD');
    expect(repaired.language).toBe('en');
    expect(repaired.productView).toEqual({ ...DEFAULT_PREFERENCES.productView, sortBy: 'price_asc' });
    expect(repaired.search).toEqual(DEFAULT_PREFERENCES.search);
    expect(repaired.notifications).toEqual({ ...DEFAULT_PREFERENCES.notifications, email: true });
    expect(repaired.accessibility).toEqual({ ...DEFAULT_PREFERENCES.accessibility, highContrast: true });
    expect(repaired.recentlyViewed).toEqual([]);
    expect(repaired.favoriteCategories).toEqual(['tools']);
    expect(repaired.sidebarCollapsed).toBe(false);
    expect(repaired.cookieConsent).toBe(true);
    expect(repaired.onboardingCompleted).toBe(false);
  });

  it('the brief example: a numeric theme, a string section and extra fields', () => {
    const repaired = repairPreferences({ theme: 42, productView: 'x', hacked: true, __proto__: { theme: 'dark' } });
    expect(repaired).toEqual(DEFAULT_PREFERENCES);
    expect(repaired).not.toHaveProperty('hacked');
  });

  it('reads a version 0 entry (theme only) and fills in the rest', () => {
    expect(repairPreferences({ theme: 'light' })).toEqual({ ...DEFAULT_PREFERENCES, theme: 'light' });
  });

  it('clamps items per page to 10..100 and rounds it (docs/product.md#preference-limits)', () => {
    const itemsPerPage = (value: unknown) => repairPreferences({ productView: { itemsPerPage: value } }).productView;
    expect(itemsPerPage(5).itemsPerPage).toBe(10);
    expect(itemsPerPage(-3).itemsPerPage).toBe(10);
    expect(itemsPerPage(500).itemsPerPage).toBe(100);
    expect(itemsPerPage(10).itemsPerPage).toBe(10);
    expect(itemsPerPage(100).itemsPerPage).toBe(100);
    expect(itemsPerPage(33.6).itemsPerPage).toBe(34);
    expect(itemsPerPage(Number.NaN).itemsPerPage).toBe(20);
    expect(itemsPerPage(Number.POSITIVE_INFINITY).itemsPerPage).toBe(20);
  });

  it('cleans lists: trimmed strings, no blanks, no duplicates (first wins), within their limits', () => {
    const repaired = repairPreferences({
      search: { recentSearches: ['  phone ', '', '   ', 'Phone', 7, 'cable', null, 'PHONE'] },
      recentlyViewed: Array.from({ length: 30 }, (_, index) => `p-${index}`),
    });
    expect(repaired.search.recentSearches).toEqual(['phone', 'cable']);
    expect(repaired.recentlyViewed).toHaveLength(20);
    expect(repaired.recentlyViewed[0]).toBe('p-0');
    const many = Array.from({ length: 15 }, (_, index) => `query ${index}`);
    expect(repairPreferences({ search: { recentSearches: many } }).search.recentSearches).toEqual(many.slice(0, 10));
  });

  it('keeps at most maxRecentSearches (itself clamped to 1..10) recent searches', () => {
    const recentSearches = ['a', 'b', 'c', 'd'];
    expect(repairPreferences({ search: { recentSearches, maxRecentSearches: 2 } }).search).toMatchObject({
      recentSearches: ['a', 'b'],
      maxRecentSearches: 2,
    });
    expect(repairPreferences({ search: { maxRecentSearches: 50 } }).search.maxRecentSearches).toBe(10);
    expect(repairPreferences({ search: { maxRecentSearches: 0 } }).search.maxRecentSearches).toBe(1);
  });

  it('accepts every known choice and the product sorts of the API', () => {
    for (const theme of ['system', 'light', 'dark']) expect(repairPreferences({ theme }).theme).toBe(theme);
    for (const fontSize of ['small', 'medium', 'large', 'xl']) {
      expect(repairPreferences({ accessibility: { fontSize } }).accessibility.fontSize).toBe(fontSize);
    }
    for (const sortBy of ['featured', 'newest', 'price_asc', 'price_desc', 'name', 'rating']) {
      expect(repairPreferences({ productView: { sortBy } }).productView.sortBy).toBe(sortBy);
    }
    expect(repairPreferences({ productView: { sortBy: 'cheapest' } }).productView.sortBy).toBe('featured');
  });
});

describe('preferences store', () => {
  it('sets the theme (the ThemeSwitch API)', () => {
    store().setTheme('dark');
    expect(store().theme).toBe('dark');
  });

  it('updatePreferences applies a change through the repair', () => {
    updatePreferences((p) => ({ productView: { ...p.productView, itemsPerPage: 3 }, theme: 'light' }));
    expect(store().productView.itemsPerPage).toBe(10);
    expect(store().theme).toBe('light');
    expect(typeof store().setTheme).toBe('function');
  });
});

describe('preferences persistence', () => {
  it('stores every field the zustand way under preferences-storage, without the actions', () => {
    store().setTheme('dark');
    expect(stored()).toEqual({ state: { ...DEFAULT_PREFERENCES, theme: 'dark' }, version: PREFERENCES_VERSION });
  });

  it('reads a current entry back', async () => {
    const state = {
      ...DEFAULT_PREFERENCES,
      theme: 'light',
      accessibility: { ...DEFAULT_PREFERENCES.accessibility, fontSize: 'xl' },
    };
    await rehydrateFrom(JSON.stringify({ state, version: PREFERENCES_VERSION }));
    expect(store().theme).toBe('light');
    expect(store().accessibility.fontSize).toBe('xl');
    expect(typeof store().setTheme).toBe('function');
  });

  it('migrates a version 0 entry (theme only) and writes the full shape back', async () => {
    await rehydrateFrom(JSON.stringify({ state: { theme: 'dark' }, version: 0 }));
    expect(store().theme).toBe('dark');
    expect(store().productView.itemsPerPage).toBe(20);
    expect(stored()).toEqual({ state: { ...DEFAULT_PREFERENCES, theme: 'dark' }, version: PREFERENCES_VERSION });
  });

  it('repairs a corrupt entry with a bad version and writes the repair back', async () => {
    store().setTheme('dark');
    await rehydrateFrom('{"state":{"theme":42,"productView":"x","search":{"saveSearchHistory":false}},"version":"a"}');
    expect(store().theme).toBe('system');
    expect(store().productView).toEqual(DEFAULT_PREFERENCES.productView);
    expect(store().search.saveSearchHistory).toBe(false);
    expect(stored()).toEqual({
      state: { ...DEFAULT_PREFERENCES, search: { ...DEFAULT_PREFERENCES.search, saveSearchHistory: false } },
      version: PREFERENCES_VERSION,
    });
  });

  it.each(['not json', '{"state":', '42', '"text"', '[]', '{"version":1}', '{"state":null,"version":1}'])(
    'survives %s in storage with the defaults',
    async (raw) => {
      store().setTheme('dark');
      await rehydrateFrom(raw);
      expect(repairPreferences(store())).toEqual(DEFAULT_PREFERENCES);
      expect(typeof store().setTheme).toBe('function');
    },
  );

  it('writes the defaults over an entry that is not JSON', async () => {
    await rehydrateFrom('not json');
    expect(stored()).toEqual({ state: DEFAULT_PREFERENCES, version: PREFERENCES_VERSION });
  });

  it('repairs invalid fields of a current-version entry in memory', async () => {
    await rehydrateFrom(
      JSON.stringify({ state: { theme: 'purple', productView: { itemsPerPage: 7 } }, version: PREFERENCES_VERSION }),
    );
    expect(store().theme).toBe('system');
    expect(store().productView.itemsPerPage).toBe(10);
  });
});

describe('theme', () => {
  it('follows the OS for system and the choice otherwise', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
    expect(resolveTheme('light', true)).toBe('light');
  });

  it('puts theme, contrast, motion and font size on <html>', () => {
    const root = document.createElement('html');
    applyDisplayPreferences(
      root,
      {
        theme: 'dark',
        accessibility: { ...DEFAULT_PREFERENCES.accessibility, highContrast: true, reduceMotion: true, fontSize: 'xl' },
      },
      false,
    );
    expect([...root.classList].sort()).toEqual(['dark', 'high-contrast', 'reduce-motion']);
    expect(root.dataset).toMatchObject({ theme: 'dark', fontSize: 'xl' });
    applyDisplayPreferences(root, { theme: 'system', accessibility: DEFAULT_PREFERENCES.accessibility }, false);
    expect([...root.classList]).toEqual([]);
    expect(root.dataset).toMatchObject({ theme: 'light', fontSize: 'medium' });
  });

  it('keeps <html> in step with the store until stopped', () => {
    const root = document.createElement('html');
    const stop = startThemeSync(root);
    store().setTheme('dark');
    expect(root.classList.contains('dark')).toBe(true);
    expect(root.dataset.theme).toBe('dark');
    updatePreferences((p) => ({ accessibility: { ...p.accessibility, highContrast: true, fontSize: 'small' } }));
    expect(root.classList.contains('high-contrast')).toBe(true);
    expect(root.dataset.fontSize).toBe('small');
    store().setTheme('light');
    expect(root.classList.contains('dark')).toBe(false);
    stop();
    store().setTheme('dark');
    expect(root.classList.contains('dark')).toBe(false);
  });
});
