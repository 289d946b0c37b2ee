import { afterEach, describe, expect, it } from 'vitest';
import { resolveTheme, startThemeSync } from '#web/app/theme.ts';
import { PREFERENCES_STORAGE_KEY, usePreferencesStore } from './preferences-store.ts';

afterEach(() => {
  usePreferencesStore.setState({ theme: 'system' });
  localStorage.clear();
});

describe('preferences store', () => {
  it('persists the theme the zustand way under preferences-storage', () => {
    usePreferencesStore.getState().setTheme('dark');
    expect(JSON.parse(localStorage.getItem(PREFERENCES_STORAGE_KEY) ?? 'null')).toEqual({
      state: { theme: 'dark' },
      version: 0,
    });
  });

  it('reads a stored theme and ignores one it does not know', async () => {
    localStorage.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify({ state: { theme: 'light' }, version: 0 }));
    await usePreferencesStore.persist.rehydrate();
    expect(usePreferencesStore.getState().theme).toBe('light');

    localStorage.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify({ state: { theme: 'purple' }, version: 0 }));
    usePreferencesStore.setState({ theme: 'system' });
    await usePreferencesStore.persist.rehydrate();
    expect(usePreferencesStore.getState().theme).toBe('system');
  });
});

describe('theme', () => {
  it('follows the OS for system and the choice otherwise', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
    expect(resolveTheme('light', true)).toBe('light');
  });

  it('puts the dark class on <html> and keeps it in step with the store', () => {
    const root = document.createElement('html');
    const stop = startThemeSync(root);
    usePreferencesStore.getState().setTheme('dark');
    expect(root.classList.contains('dark')).toBe(true);
    expect(root.dataset.theme).toBe('dark');
    usePreferencesStore.getState().setTheme('light');
    expect(root.classList.contains('dark')).toBe(false);
    stop();
    usePreferencesStore.getState().setTheme('dark');
    expect(root.classList.contains('dark')).toBe(false);
  });
});
