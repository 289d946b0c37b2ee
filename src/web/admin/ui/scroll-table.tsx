import type { ReactNode } from 'react';

/**
 * A wide table that scrolls sideways on a phone. The region is focusable so keyboard users can
 * scroll it too (WCAG "scrollable region focusable"), and positioned so screen-reader-only text
 * inside stays within it instead of widening the page.
 */
export function ScrollTable({
  label,
  className = '',
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
      tabIndex={0}
      className={`relative overflow-x-auto focus-visible:outline-2 ${className}`}
    >
      {children}
    </section>
  );
}
