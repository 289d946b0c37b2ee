import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * A new page starts at the top; Back and Forward (POP) leave the browser's scroll alone, and so
 * does a navigation whose state says `keepScroll` (a store filter changing the results in place).
 */
export function ScrollToTop() {
  const { pathname, search, state } = useLocation();
  const navigationType = useNavigationType();
  const keepScroll = (state as { keepScroll?: boolean } | null)?.keepScroll === true;
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname and search are the trigger, not an input
  useEffect(() => {
    if (navigationType !== 'POP' && !keepScroll) window.scrollTo(0, 0);
  }, [pathname, search, navigationType]);
  return null;
}
