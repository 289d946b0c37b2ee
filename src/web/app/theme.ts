import { type Theme, usePreferencesStore } from '#web/stores/preferences-store.ts';

const DARK_QUERY = '(prefers-color-scheme: dark)';

export function resolveTheme(theme: Theme, systemDark: boolean): 'light' | 'dark' {
  if (theme === 'system') return systemDark ? 'dark' : 'light';
  return theme;
}

/**
 * Keeps the `dark` class on <html> in line with the stored theme and, for `system`, with the OS
 * setting. Called once before the first render, so the page paints in the right theme.
 */
export function startThemeSync(root: HTMLElement = document.documentElement): () => void {
  const media = window.matchMedia(DARK_QUERY);
  const apply = () => {
    const resolved = resolveTheme(usePreferencesStore.getState().theme, media.matches);
    root.classList.toggle('dark', resolved === 'dark');
    root.dataset.theme = resolved;
  };
  apply();
  const unsubscribe = usePreferencesStore.subscribe(apply);
  media.addEventListener('change', apply);
  return () => {
    unsubscribe();
    media.removeEventListener('change', apply);
  };
}
