import { create } from 'zustand';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, PAGE_SIZE_MIN, PRODUCT_SORTS } from '#shared/constants.ts';
import { readStoredState, writeStoredState } from './local-storage.ts';

/**
 * Shopper preferences kept in the browser (docs/product.md#preferences: key `preferences-storage`),
 * stored the zustand way: `{ state: {...}, version }`.
 *
 * Storage is user-controlled input: an entry may be hand-edited, written by an older release
 * (version 0 held only `theme`) or not JSON at all. `repairPreferences` keeps every field whose
 * type and value are valid and puts the default in place of the others, so nothing stored can
 * crash the app. Checked by hand instead of with zod, which would weigh more than the first-load
 * budget can spare. src/web/index.html reads the same entry before first paint (theme,
 * contrast, font size, motion); keep the two in step.
 */
export const PREFERENCES_STORAGE_KEY = 'preferences-storage';
export const PREFERENCES_VERSION = 1;

export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
export const FONT_SIZES = ['small', 'medium', 'large', 'xl'] as const;
export type FontSize = (typeof FONT_SIZES)[number];
export const VIEW_MODES = ['grid', 'list'] as const;
export type ViewMode = (typeof VIEW_MODES)[number];

/** docs/product.md#preference-limits. The page sizes themselves: PAGE_SIZES in #shared/constants.ts. */
export const MAX_RECENT_SEARCHES = 10;
export const MAX_RECENTLY_VIEWED = 20;

export interface ProductViewPreferences {
  viewMode: ViewMode;
  sortBy: (typeof PRODUCT_SORTS)[number];
  itemsPerPage: number;
  showOutOfStock: boolean;
  showComparePrice: boolean;
  enableQuickView: boolean;
}

export interface SearchPreferences {
  /** Newest first; trimmed, never blank, no duplicates (compared case-insensitively). */
  recentSearches: string[];
  maxRecentSearches: number;
  enableSearchSuggestions: boolean;
  enableAutoComplete: boolean;
  saveSearchHistory: boolean;
}

export interface NotificationPreferences {
  push: boolean;
  email: boolean;
  priceDrops: boolean;
  backInStock: boolean;
  orderUpdates: boolean;
  newProducts: boolean;
}

export interface AccessibilityPreferences {
  reduceMotion: boolean;
  highContrast: boolean;
  fontSize: FontSize;
  enableScreenReader: boolean;
  showKeyboardShortcuts: boolean;
}

export interface Preferences {
  theme: Theme;
  currency: string;
  language: string;
  productView: ProductViewPreferences;
  search: SearchPreferences;
  notifications: NotificationPreferences;
  accessibility: AccessibilityPreferences;
  /** Product ids or slugs, newest first. */
  recentlyViewed: string[];
  favoriteCategories: string[];
  sidebarCollapsed: boolean;
  cookieConsent: boolean;
  onboardingCompleted: boolean;
}

export const DEFAULT_PREFERENCES: Preferences = {
  theme: 'system',
  currency: 'USD',
  language: 'en',
  productView: {
    viewMode: 'grid',
    sortBy: 'featured',
    itemsPerPage: PAGE_SIZE_DEFAULT,
    showOutOfStock: true,
    showComparePrice: true,
    enableQuickView: true,
  },
  search: {
    recentSearches: [],
    maxRecentSearches: MAX_RECENT_SEARCHES,
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
};

/**
 * Rules by field name (names are unique across the sections), one table to keep the bundle small:
 * for a string, its choices or pattern; for a number, its [min, max]; for a list, its length
 * limit. A string or number field without a rule keeps its default.
 */
const RULES: Record<string, readonly unknown[] | RegExp | number> = {
  theme: THEMES,
  viewMode: VIEW_MODES,
  sortBy: PRODUCT_SORTS,
  fontSize: FONT_SIZES,
  currency: /^[A-Z]{3}$/,
  language: /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/,
  itemsPerPage: [PAGE_SIZE_MIN, PAGE_SIZE_MAX],
  maxRecentSearches: [1, MAX_RECENT_SEARCHES],
  recentSearches: MAX_RECENT_SEARCHES,
  recentlyViewed: MAX_RECENTLY_VIEWED,
  favoriteCategories: 100,
};

function repairValue(value: unknown, fallback: unknown, key: string): unknown {
  const rule = RULES[key];
  if (Array.isArray(fallback)) {
    // Trimmed non-blank strings; the first of two equal entries wins (so a new one moves to the front).
    const seen = new Set<string>();
    const list: string[] = [];
    for (const item of Array.isArray(value) ? value : []) {
      const text = typeof item === 'string' ? item.trim().slice(0, 200) : '';
      if (text && !seen.has(text.toLowerCase())) {
        seen.add(text.toLowerCase());
        list.push(text);
      }
    }
    return list.slice(0, rule as number);
  }
  if (typeof fallback === 'object' && fallback) {
    const source = (typeof value === 'object' && value ? value : {}) as Record<string, unknown>;
    const section: Record<string, unknown> = {};
    for (const [name, inner] of Object.entries(fallback)) section[name] = repairValue(source[name], inner, name);
    return section;
  }
  if (typeof value !== typeof fallback) return fallback;
  if (typeof value === 'number') {
    const [min = 0, max = 0] = (rule || []) as number[];
    return rule && Number.isFinite(value) ? Math.min(max, Math.max(min, Math.round(value))) : fallback;
  }
  if (typeof value === 'string') {
    return rule && (Array.isArray(rule) ? rule.includes(value) : (rule as RegExp).test(value)) ? value : fallback;
  }
  return value;
}

/**
 * The valid preferences in `value` (anything: a stored state, an older shape, garbage), with the
 * default for each field that is missing or invalid. Numbers are clamped to their range and
 * lists trimmed to their limits. Pure; returns fresh objects.
 */
export function repairPreferences(value: unknown): Preferences {
  const preferences = repairValue(value, DEFAULT_PREFERENCES, '') as Preferences;
  const { search } = preferences;
  search.recentSearches = search.recentSearches.slice(0, search.maxRecentSearches);
  return preferences;
}

export interface PreferencesState extends Preferences {
  setTheme: (theme: Theme) => void;
}

/** The stored entry, repaired: each valid field kept, the rest defaulted (whatever storage holds). */
const readStoredPreferences = (): Preferences => repairPreferences(readStoredState(PREFERENCES_STORAGE_KEY));

const savePreferences = (state: Preferences): void =>
  writeStoredState(PREFERENCES_STORAGE_KEY, repairPreferences(state), PREFERENCES_VERSION);

/**
 * The store. Only `setTheme` lives in it, for the header's switch; the other actions are plain
 * functions in storefront/shopper-kit/preference-actions.ts, outside the first-load bundle.
 * Persisted by hand (local-storage.ts) rather than with zustand's `persist` middleware.
 */
export const usePreferencesStore = create<PreferencesState>()((set) => ({
  // The defaults stay the initial state, which a page drawn by the server shows: React hydrates
  // against them, then renders with the stored preferences (decision 009, as the cart).
  ...repairPreferences(undefined),
  setTheme: (theme) => set({ theme }),
}));
rehydratePreferences();
usePreferencesStore.subscribe(savePreferences);
// A repaired or migrated entry is written back at once, as the middleware did.
savePreferences(usePreferencesStore.getState());

/** Reads the stored entry again (another tab or a test changed it). */
export function rehydratePreferences(): void {
  usePreferencesStore.setState(readStoredPreferences());
}

/** Applies `change` to the preferences through the repair, so every rule (clamps, limits, dedupe) holds. */
export function updatePreferences(change: (current: Preferences) => Partial<Preferences>): void {
  usePreferencesStore.setState((state) => repairPreferences({ ...state, ...change(state) }));
}
