import { useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now; re-renders when that changes (a rotated tablet). A page
 * drawn by the server (which cannot know the screen) and its hydration take it as not matching:
 * phone first.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const media = window.matchMedia(query);
      media.addEventListener('change', onChange);
      return () => media.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
