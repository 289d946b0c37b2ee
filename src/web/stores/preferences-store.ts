import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/**
 * Shopper preferences kept in the browser (spec §3 "Preferences", §9 key `preferences-storage`).
 * Only the theme for now; the preferences issue adds the other fields (and bumps `version` with a
 * `migrate` if a stored shape changes).
 */
export const PREFERENCES_STORAGE_KEY = 'preferences-storage';

export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

interface PreferencesState {
  theme: Theme;
  setTheme: (theme: Theme) => void;
}

export const usePreferencesStore = create<PreferencesState>()(
  persist(
    (set) => ({
      theme: 'system',
      setTheme: (theme) => set({ theme }),
    }),
    {
      name: PREFERENCES_STORAGE_KEY,
      version: 0,
      partialize: ({ theme }) => ({ theme }),
      // A stored theme that is not one of THEMES (edited by hand) is ignored.
      merge: (persisted, current) => {
        const theme = (persisted as { theme?: Theme } | undefined)?.theme;
        return theme && THEMES.includes(theme) ? { ...current, theme } : current;
      },
    },
  ),
);
