import {
  type AccessibilityPreferences,
  type NotificationPreferences,
  type ProductViewPreferences,
  repairPreferences,
  type SearchPreferences,
  updatePreferences,
} from '#web/stores/preferences-store.ts';

/**
 * The preference changes besides the theme, as plain functions over the store (zustand's
 * "actions outside the store"): the store is in the first load, these are only downloaded by the
 * screens that use them. Every change goes through `updatePreferences`, so the rules of
 * `repairPreferences` (docs/product.md#preference-limits: clamps, list limits, dedupe) hold for each of them.
 */

export const setCurrency = (currency: string) => updatePreferences(() => ({ currency }));

export const setLanguage = (language: string) => updatePreferences(() => ({ language }));

/** itemsPerPage is clamped to 10..100 (docs/product.md#preference-limits). */
export const updateProductView = (patch: Partial<ProductViewPreferences>) =>
  updatePreferences((p) => ({ productView: { ...p.productView, ...patch } }));

/** Turning saveSearchHistory off also forgets the searches saved so far. */
export const updateSearch = (patch: Partial<Omit<SearchPreferences, 'recentSearches'>>) =>
  updatePreferences((p) => ({
    search: { ...p.search, ...patch, ...(patch.saveSearchHistory === false && { recentSearches: [] }) },
  }));

export const updateNotifications = (patch: Partial<NotificationPreferences>) =>
  updatePreferences((p) => ({ notifications: { ...p.notifications, ...patch } }));

export const updateAccessibility = (patch: Partial<AccessibilityPreferences>) =>
  updatePreferences((p) => ({ accessibility: { ...p.accessibility, ...patch } }));

/**
 * docs/product.md#preference-limits: a blank search is ignored and a repeated one moves to the front; at most
 * maxRecentSearches (10) are kept, and none while the shopper has turned history off.
 */
export const addRecentSearch = (query: string) =>
  updatePreferences((p) =>
    p.search.saveSearchHistory ? { search: { ...p.search, recentSearches: [query, ...p.search.recentSearches] } } : {},
  );

export const removeRecentSearch = (query: string) =>
  updatePreferences((p) => ({
    search: {
      ...p.search,
      recentSearches: p.search.recentSearches.filter((item) => item.toLowerCase() !== query.trim().toLowerCase()),
    },
  }));

export const clearRecentSearches = () => updatePreferences((p) => ({ search: { ...p.search, recentSearches: [] } }));

/** Newest first, without duplicates, at most 20 (docs/product.md#limits-and-constants). */
export const addRecentlyViewed = (productId: string) =>
  updatePreferences((p) => ({ recentlyViewed: [productId, ...p.recentlyViewed] }));

export const clearRecentlyViewed = () => updatePreferences(() => ({ recentlyViewed: [] }));

export const toggleFavoriteCategory = (categoryId: string) =>
  updatePreferences(({ favoriteCategories: list }) => ({
    favoriteCategories: list.includes(categoryId) ? list.filter((id) => id !== categoryId) : [...list, categoryId],
  }));

export const setSidebarCollapsed = (sidebarCollapsed: boolean) => updatePreferences(() => ({ sidebarCollapsed }));

export const setCookieConsent = (cookieConsent: boolean) => updatePreferences(() => ({ cookieConsent }));

export const completeOnboarding = () => updatePreferences(() => ({ onboardingCompleted: true }));

/** Every preference back to its default (docs/product.md#preferences), saved searches and recently viewed included. */
export const resetPreferences = () => updatePreferences(() => repairPreferences(undefined));
