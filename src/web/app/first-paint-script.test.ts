import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, PREFERENCES_STORAGE_KEY } from '#web/stores/preferences-store.ts';
import indexHtml from '../index.html?raw';

/**
 * The inline script of index.html applies the display preferences before the first paint. It
 * runs before any module, on whatever is in storage, so it must never throw. Runs the script's
 * real text against a fresh <html> element.
 */
const script = /<script>([\s\S]*?)<\/script>/.exec(indexHtml)?.[1] ?? '';

function runScript(stored: string | null): HTMLElement {
  localStorage.clear();
  if (stored !== null) localStorage.setItem(PREFERENCES_STORAGE_KEY, stored);
  const root = document.createElement('html');
  new Function('document', script)({ documentElement: root });
  return root;
}

const entry = (state: unknown) => JSON.stringify({ state, version: 1 });

afterEach(() => localStorage.clear());

describe('first-paint script in index.html', () => {
  it('is there and reads the preferences storage key', () => {
    expect(script).toContain(`'${PREFERENCES_STORAGE_KEY}'`);
  });

  it('applies a stored dark theme, high contrast, reduced motion and font size', () => {
    const root = runScript(
      entry({
        ...DEFAULT_PREFERENCES,
        theme: 'dark',
        accessibility: { ...DEFAULT_PREFERENCES.accessibility, highContrast: true, reduceMotion: true, fontSize: 'xl' },
      }),
    );
    expect([...root.classList].sort()).toEqual(['dark', 'high-contrast', 'reduce-motion']);
    expect(root.getAttribute('data-theme')).toBe('dark');
    expect(root.getAttribute('data-font-size')).toBe('xl');
  });

  it('applies a stored light theme without the dark class', () => {
    const root = runScript(entry({ theme: 'light' }));
    expect(root.classList.contains('dark')).toBe(false);
    expect(root.getAttribute('data-theme')).toBe('light');
    expect(root.hasAttribute('data-font-size')).toBe(false);
  });

  it.each([
    null,
    'not json',
    '42',
    'null',
    '"text"',
    '{"state":null}',
    '{"state":{"theme":42,"productView":"x"},"version":"a"}',
    '{"state":{"accessibility":"x"}}',
    '{"state":{"accessibility":{"highContrast":"yes","reduceMotion":1,"fontSize":"huge"}}}',
    '{"state":{"accessibility":{"fontSize":{"toString":null}}}}',
  ])('falls back to the system theme and no extras for %s', (stored) => {
    const root = runScript(stored);
    expect([...root.classList]).toEqual(window.matchMedia('(prefers-color-scheme: dark)').matches ? ['dark'] : []);
    expect(root.getAttribute('data-theme')).toMatch(/^(light|dark)$/);
    expect(root.hasAttribute('data-font-size')).toBe(false);
  });
});
