/** One tab: the filter value ('' for all), its label, and its count when known. */
export type StatusTab = readonly [value: string, label: string, count: number | undefined];

/**
 * The status tabs over a list (orders, reviews): "All", then one per status with its count.
 * Buttons (not a tablist): each one filters the list below. They wrap rather than scroll
 * sideways, so on a phone every status and its count stays in view.
 */
export function StatusTabs({
  label,
  tabs,
  current,
  onChange,
}: {
  /** Names the group ("Order status"). */
  label: string;
  tabs: readonly StatusTab[];
  current: string;
  onChange: (value: string) => void;
}) {
  return (
    <nav aria-label={label} className="mb-4 border-b border-line">
      <ul className="flex flex-wrap gap-x-1">
        {tabs.map(([value, tabLabel, count]) => {
          const active = value === current;
          return (
            <li key={value || 'all'}>
              <button
                type="button"
                aria-pressed={active}
                onClick={() => onChange(value)}
                className={`flex items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap ${
                  active ? 'border-accent text-accent' : 'border-transparent text-muted hover:text-fg'
                }`}
              >
                {tabLabel}
                {count !== undefined && (
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs tabular-nums ${active ? 'bg-accent-soft' : 'bg-subtle'}`}
                  >
                    {count}
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
