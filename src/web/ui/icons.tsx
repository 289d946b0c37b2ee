/**
 * Stroke icons on a 24 × 24 grid, each one SVG path (circles drawn as two arcs) exported as a
 * constant: `<Icon d={cartIcon} />`. No icon library: a path is a few dozen bytes. Decorative:
 * the control that holds an icon carries the accessible name.
 */
export const searchIcon = 'M18 11a7 7 0 1 1-14 0 7 7 0 0 1 14 0M20 20l-3.5-3.5';
export const cartIcon =
  'M3 4h2l2.4 11.2a1.5 1.5 0 0 0 1.5 1.2h8.7a1.5 1.5 0 0 0 1.5-1.1L21 8H6.2M8.3 20a1.2 1.2 0 1 0 2.4 0 1.2 1.2 0 1 0-2.4 0M16.3 20a1.2 1.2 0 1 0 2.4 0 1.2 1.2 0 1 0-2.4 0';
export const sunIcon =
  'M16 12a4 4 0 1 1-8 0 4 4 0 0 1 8 0M12 2.5v2M12 19.5v2M4.6 4.6 6 6M18 18l1.4 1.4M2.5 12h2M19.5 12h2M4.6 19.4 6 18M18 6l1.4-1.4';
export const moonIcon = 'M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5Z';
export const monitorIcon = 'M5 4h14a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2M8 20h8M12 16v4';
export const arrowRightIcon = 'M5 12h14M13 6l6 6-6 6';
export const imageIcon =
  'M5 4h14a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2M10.8 10a1.8 1.8 0 1 1-3.6 0 1.8 1.8 0 0 1 3.6 0M21 16l-5-5-9 9';

export function Icon({ d, className = 'size-5' }: { d: string; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
    >
      <path d={d} />
    </svg>
  );
}

/** The cedar of the logo, on a 32 × 32 grid. */
export const cedarTree = 'M16 5 9.5 12.5h3L8 18h4l-5 5.5h18L20 18h4l-4.5-5.5h3L16 5ZM14.75 23h2.5v4h-2.5z';

export function CedarLogo({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={className}>
      <rect width="32" height="32" rx="8" className="fill-cedar-700 dark:fill-cedar-400" />
      <path d={cedarTree} className="fill-white dark:fill-cedar-950" />
    </svg>
  );
}
