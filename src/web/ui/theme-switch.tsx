import { THEMES, type Theme, usePreferencesStore } from '#web/stores/preferences-store.ts';
import { Icon, monitorIcon, moonIcon, sunIcon } from './icons.tsx';

const labels: Record<Theme, string> = { system: 'System', light: 'Light', dark: 'Dark' };
const icons: Record<Theme, string> = { system: monitorIcon, light: sunIcon, dark: moonIcon };

/** One button cycling system → light → dark; the icon shows the current choice. */
export function ThemeSwitch() {
  const theme = usePreferencesStore((state) => state.theme);
  const setTheme = usePreferencesStore((state) => state.setTheme);
  const next = THEMES[(THEMES.indexOf(theme) + 1) % THEMES.length] as Theme;
  const current = `Theme: ${labels[theme]}`;
  return (
    <button
      type="button"
      onClick={() => setTheme(next)}
      className="icon-btn"
      aria-label={`${current}. Switch to ${labels[next]}`}
      data-tip={current}
    >
      <Icon d={icons[theme]} />
    </button>
  );
}
