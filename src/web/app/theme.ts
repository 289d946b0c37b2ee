import { type Preferences, type Theme, usePreferencesStore } from '#web/stores/preferences-store.ts';

const DARK_QUERY = '(prefers-color-scheme: dark)';

export function resolveTheme(theme: Theme, systemDark: boolean): 'light' | 'dark' {
  if (theme === 'system') return systemDark ? 'dark' : 'light';
  return theme;
}

/**
 * Puts the display preferences on <html>: `dark`, `high-contrast` and `reduce-motion` classes,
 * `data-theme` and `data-font-size` (styles.css reads them). The inline script in index.html sets
 * the same before first paint; this keeps them in step afterwards.
 */
export function applyDisplayPreferences(
  root: HTMLElement,
  { theme, accessibility }: Pick<Preferences, 'theme' | 'accessibility'>,
  systemDark: boolean,
): void {
  const resolved = resolveTheme(theme, systemDark);
  root.classList.toggle('dark', resolved === 'dark');
  root.classList.toggle('high-contrast', accessibility.highContrast);
  root.classList.toggle('reduce-motion', accessibility.reduceMotion);
  root.dataset.theme = resolved;
  root.dataset.fontSize = accessibility.fontSize;
}

/**
 * Keeps <html> in line with the stored preferences and, for the `system` theme, with the OS
 * setting. Called once before the first render.
 */
export function startThemeSync(root: HTMLElement = document.documentElement): () => void {
  const media = window.matchMedia(DARK_QUERY);
  const apply = () => applyDisplayPreferences(root, usePreferencesStore.getState(), media.matches);
  apply();
  const unsubscribe = usePreferencesStore.subscribe(apply);
  media.addEventListener('change', apply);
  return () => {
    unsubscribe();
    media.removeEventListener('change', apply);
  };
}
