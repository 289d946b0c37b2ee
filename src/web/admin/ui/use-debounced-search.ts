import { useEffect, useState } from 'react';

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
