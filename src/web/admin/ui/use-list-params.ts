import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * An admin list's state in the URL (search, filters, sort, page), so a view can be bookmarked,
 * shared and reloaded. `setParam` replaces the history entry and, unless it sets the page, goes
 * back to page 1: new filters on page 7 would otherwise show an empty page.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const setParam = (key: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        if (key !== 'page') next.delete('page');
        return next;
      },
      { replace: true },
    );
  return { params, setParams, setParam };
}

/**
 * The search box's text, applied to the URL's `search` a moment after the admin pauses typing.
 * Returns the text and its setter for the input.
 */
export function useDebouncedSearch(search: string, apply: (value: string) => void, delayMs = 300) {
  const [text, setText] = useState(search);
  // biome-ignore lint/correctness/useExhaustiveDependencies: apply is recreated every render; the text is the trigger.
  useEffect(() => {
    if (text.trim() === search) return;
    const timer = setTimeout(() => apply(text.trim()), delayMs);
    return () => clearTimeout(timer);
  }, [text, search, delayMs]);
  return [text, setText] as const;
}
