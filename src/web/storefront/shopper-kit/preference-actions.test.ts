import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, repairPreferences, usePreferencesStore } from '#web/stores/preferences-store.ts';
import {
  addRecentlyViewed,
  addRecentSearch,
  clearRecentlyViewed,
  clearRecentSearches,
  completeOnboarding,
  removeRecentSearch,
  resetPreferences,
  setCookieConsent,
  setCurrency,
  setLanguage,
  setSidebarCollapsed,
  toggleFavoriteCategory,
  updateAccessibility,
  updateNotifications,
  updateProductView,
  updateSearch,
} from './preference-actions.ts';

const store = () => usePreferencesStore.getState();

beforeEach(() => {
  resetPreferences();
  localStorage.clear();
});

describe('preference actions', () => {
  it('sets the theme (the ThemeSwitch API)', () => {
    store().setTheme('dark');
    expect(store().theme).toBe('dark');
  });

  it('clamps items per page when it is changed', () => {
    updateProductView({ itemsPerPage: 3 });
    expect(store().productView.itemsPerPage).toBe(10);
    updateProductView({ itemsPerPage: 1000 });
    expect(store().productView.itemsPerPage).toBe(100);
    updateProductView({ itemsPerPage: 40, viewMode: 'list' });
    expect(store().productView).toMatchObject({ itemsPerPage: 40, viewMode: 'list', enableQuickView: true });
  });

  it('records recent searches newest first, ignores blanks and moves a repeat to the front (docs/product.md#preference-limits)', () => {
    addRecentSearch('usb cable');
    addRecentSearch('   ');
    addRecentSearch('');
    addRecentSearch(' raspberry pi ');
    addRecentSearch('arduino');
    expect(store().search.recentSearches).toEqual(['arduino', 'raspberry pi', 'usb cable']);
    addRecentSearch('USB cable');
    expect(store().search.recentSearches).toEqual(['USB cable', 'arduino', 'raspberry pi']);
  });

  it('keeps the 10 newest searches, and a repeat does not push out an older one', () => {
    for (let index = 1; index <= 12; index++) addRecentSearch(`q${index}`);
    expect(store().search.recentSearches).toEqual(['q12', 'q11', 'q10', 'q9', 'q8', 'q7', 'q6', 'q5', 'q4', 'q3']);
    addRecentSearch('q5');
    expect(store().search.recentSearches).toEqual(['q5', 'q12', 'q11', 'q10', 'q9', 'q8', 'q7', 'q6', 'q4', 'q3']);
  });

  it('removes one search, clears them all, and keeps none while history is off', () => {
    addRecentSearch('a');
    addRecentSearch('b');
    removeRecentSearch(' A ');
    expect(store().search.recentSearches).toEqual(['b']);
    clearRecentSearches();
    expect(store().search.recentSearches).toEqual([]);

    addRecentSearch('c');
    updateSearch({ saveSearchHistory: false });
    expect(store().search).toMatchObject({ saveSearchHistory: false, recentSearches: [] });
    addRecentSearch('d');
    expect(store().search.recentSearches).toEqual([]);
    updateSearch({ saveSearchHistory: true });
    addRecentSearch('e');
    expect(store().search.recentSearches).toEqual(['e']);
  });

  it('keeps the 20 most recently viewed products, newest first, without duplicates', () => {
    for (let index = 1; index <= 25; index++) addRecentlyViewed(`p${index}`);
    expect(store().recentlyViewed).toHaveLength(20);
    expect(store().recentlyViewed[0]).toBe('p25');
    expect(store().recentlyViewed.at(-1)).toBe('p6');
    addRecentlyViewed('p10');
    expect(store().recentlyViewed).toHaveLength(20);
    expect(store().recentlyViewed.slice(0, 2)).toEqual(['p10', 'p25']);
    expect(store().recentlyViewed.filter((id) => id === 'p10')).toHaveLength(1);
    clearRecentlyViewed();
    expect(store().recentlyViewed).toEqual([]);
  });

  it('updates the other sections and flags', () => {
    updateAccessibility({ fontSize: 'large', highContrast: true });
    updateNotifications({ priceDrops: true });
    toggleFavoriteCategory('phones');
    toggleFavoriteCategory('tools');
    toggleFavoriteCategory('phones');
    setSidebarCollapsed(true);
    setCookieConsent(true);
    completeOnboarding();
    setCurrency('EUR');
    setLanguage('ar');
    expect(store()).toMatchObject({
      accessibility: { ...DEFAULT_PREFERENCES.accessibility, fontSize: 'large', highContrast: true },
      notifications: { ...DEFAULT_PREFERENCES.notifications, priceDrops: true },
      favoriteCategories: ['tools'],
      sidebarCollapsed: true,
      cookieConsent: true,
      onboardingCompleted: true,
      currency: 'EUR',
      language: 'ar',
    });
    setCurrency('euro');
    expect(store().currency).toBe('USD');
  });

  it('resets everything to the defaults', () => {
    store().setTheme('dark');
    addRecentSearch('x');
    updateAccessibility({ fontSize: 'xl' });
    resetPreferences();
    expect(repairPreferences(store())).toEqual(DEFAULT_PREFERENCES);
  });
});
