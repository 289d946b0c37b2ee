import { useSyncExternalStore } from 'react';

/** Tailwind's `md` breakpoint: from here the lists are tables, below it one card per row. */
const WIDE = '(min-width: 48rem)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * Whether the screen is wide enough for a table. Chosen in script rather than by hiding one of two
 * copies with CSS: a hidden copy would still be in the page, twice the text for find-in-page,
 * tests and assistive tools that read the DOM.
 */
export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(WIDE).matches);
}
