import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Suggestion } from '#shared/contracts/search.ts';
import { formatMoney } from '#shared/money.ts';
import { getSiteConfig } from '#web/lib/site-config.ts';
import { ProductImage } from '#web/storefront/catalogue-kit/product-image.tsx';
import { suggestionsQuery } from '#web/storefront/catalogue-kit/search-queries.ts';
import { addRecentSearch, clearRecentSearches } from '#web/storefront/shopper-kit/preference-actions.ts';
import { usePreferencesStore } from '#web/stores/preferences-store.ts';
import { Icon, searchIcon } from '#web/ui/icons.tsx';

/** Wait after the last keystroke before asking for suggestions. */
export const SUGGEST_DEBOUNCE_MS = 150;
const SUGGESTIONS_LIMIT = 6;

const clockIcon = 'M12 7v5l3 2M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0';
const folderIcon = 'M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z';

/** One row of the list: where choosing it goes, and whether it is a search to remember. */
export type SearchOption =
  | { kind: 'recent' | 'search'; text: string; href: string }
  | { kind: 'suggestion'; suggestion: Suggestion; href: string };

export const storeSearchHref = (q: string) => (q ? `/store?${new URLSearchParams({ q })}` : '/store');

/**
 * The options for what is typed: recent searches while the box is empty; otherwise the
 * suggestions (categories, then products) and a last row that runs the full search.
 */
export function searchOptions(
  text: string,
  recent: readonly string[],
  suggestions: readonly Suggestion[],
): SearchOption[] {
  const q = text.trim();
  if (q === '') return recent.map((item) => ({ kind: 'recent', text: item, href: storeSearchHref(item) }));
  return [
    ...suggestions.map(
      (suggestion): SearchOption => ({
        kind: 'suggestion',
        suggestion,
        href:
          suggestion.type === 'product'
            ? `/product/${suggestion.slug}`
            : `/store?${new URLSearchParams({ category: suggestion.slug })}`,
      }),
    ),
    { kind: 'search', text: q, href: storeSearchHref(q) },
  ];
}

/** `value`, once it has stopped changing for `delayMs`. */
function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * The header search as an ARIA combobox (WAI-ARIA APG "list autocomplete"), driving the input
 * that SearchBox already rendered: typing shows suggestions (debounced), arrows move through
 * them, Enter opens the highlighted one or searches, Escape closes the list and then clears the
 * box. An empty box lists recent searches (docs/product.md#preference-limits). The input keeps focus throughout; the
 * highlighted row is announced through aria-activedescendant.
 */
export function SearchCombobox({ input }: { input: RefObject<HTMLInputElement | null> }) {
  const navigate = useNavigate();
  const { currency } = getSiteConfig();
  const { enableSearchSuggestions, recentSearches } = usePreferencesStore((state) => state.search);
  const [text, setText] = useState(() => input.current?.value ?? '');
  const [open, setOpen] = useState(() => typeof document !== 'undefined' && document.activeElement === input.current);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const popup = useRef<HTMLDivElement>(null);

  const q = useDebounced(text.trim(), SUGGEST_DEBOUNCE_MS);
  const suggestions = useQuery({
    ...suggestionsQuery(q, SUGGESTIONS_LIMIT),
    enabled: enableSearchSuggestions && q !== '',
    placeholderData: keepPreviousData,
  });
  const options = searchOptions(text, recentSearches, (text.trim() && suggestions.data) || []);
  const expanded = open && options.length > 0;
  const optionId = (index: number) => `${listId}-option-${index}`;

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function choose(option: SearchOption) {
    const field = input.current;
    close();
    if (option.kind !== 'suggestion') addRecentSearch(option.text);
    if (field) {
      // A search stays in the box (the store shows it); a product or category leaves it empty.
      field.value = option.kind === 'suggestion' ? '' : option.text;
      setText(field.value);
      field.blur(); // on a phone, lowers the keyboard so the results are visible
    }
    navigate(option.href);
  }

  // The listeners are added once; they read the latest render through this ref.
  const latest = useRef({ options, active, expanded, choose, close });
  latest.current = { options, active, expanded, choose, close };

  useEffect(() => {
    const field = input.current;
    const form = field?.form;
    if (!field || !form) return;

    const onInput = () => {
      setText(field.value);
      setOpen(true);
      setActive(-1);
    };
    const onFocus = () => setOpen(true);
    const onBlur = (event: FocusEvent) => {
      // Tabbing into the list's own button (clear recent searches) keeps it open.
      if (!popup.current?.contains(event.relatedTarget as Node | null)) latest.current.close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const { options, active, expanded } = latest.current;
      const count = options.length;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        setOpen(true);
        if (count === 0) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive(!expanded || active < 0 ? (step === 1 ? 0 : count - 1) : (active + step + count) % count);
      } else if (event.key === 'Enter' && expanded && active >= 0) {
        const option = options[active];
        if (!option) return;
        event.preventDefault();
        latest.current.choose(option);
      } else if (event.key === 'Escape') {
        if (expanded) {
          event.preventDefault();
          latest.current.close();
        } else if (field.value !== '') {
          event.preventDefault();
          field.value = '';
          setText('');
        }
      }
    };
    const onSubmit = (event: SubmitEvent) => {
      event.preventDefault();
      const value = field.value.trim();
      latest.current.choose({ kind: 'search', text: value, href: storeSearchHref(value) });
    };

    field.addEventListener('input', onInput);
    field.addEventListener('focus', onFocus);
    field.addEventListener('blur', onBlur);
    field.addEventListener('keydown', onKeyDown);
    form.addEventListener('submit', onSubmit);
    return () => {
      field.removeEventListener('input', onInput);
      field.removeEventListener('focus', onFocus);
      field.removeEventListener('blur', onBlur);
      field.removeEventListener('keydown', onKeyDown);
      form.removeEventListener('submit', onSubmit);
    };
  }, [input]);

  // The input is SearchBox's element, so its combobox attributes are set here rather than in JSX.
  useEffect(() => {
    const field = input.current;
    if (!field) return;
    field.setAttribute('role', 'combobox');
    field.setAttribute('aria-autocomplete', 'list');
    field.setAttribute('aria-expanded', String(expanded));
    field.setAttribute('aria-controls', listId);
    if (expanded && active >= 0) field.setAttribute('aria-activedescendant', optionId(active));
    else field.removeAttribute('aria-activedescendant');
  });

  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  });

  const showingRecent = text.trim() === '';
  const status = !open
    ? ''
    : showingRecent
      ? options.length > 0
        ? `${options.length} recent ${options.length === 1 ? 'search' : 'searches'}`
        : ''
      : suggestions.isFetching
        ? 'Searching…'
        : `${options.length - 1} ${options.length === 2 ? 'suggestion' : 'suggestions'}`;

  return (
    <>
      <p role="status" className="sr-only">
        {status}
      </p>
      <div
        ref={popup}
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-40 mt-2 overflow-hidden rounded-2xl border border-line bg-surface shadow-xl shadow-black/10"
      >
        {showingRecent && (
          <div className="flex items-center justify-between border-b border-line px-4 py-2">
            <p className="text-xs font-semibold tracking-wide text-muted uppercase">Recent searches</p>
            <button
              type="button"
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                clearRecentSearches();
                input.current?.focus();
              }}
              onBlur={(event) => {
                if (event.relatedTarget !== input.current) close();
              }}
              className="text-link text-xs"
            >
              Clear
            </button>
          </div>
        )}
        <div
          id={listId}
          role="listbox"
          aria-label={showingRecent ? 'Recent searches' : 'Search suggestions'}
          className="max-h-[min(28rem,70vh)] overflow-y-auto py-1"
        >
          {options.map((option, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are handled on the input, which keeps focus (aria-activedescendant)
            <div
              key={option.kind === 'suggestion' ? option.suggestion.id : `${option.kind}:${option.text}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              tabIndex={-1}
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => index !== active && setActive(index)}
              onClick={() => choose(option)}
              className="flex cursor-pointer items-center gap-3 px-4 py-2 text-sm aria-selected:bg-subtle"
            >
              <OptionContent option={option} currency={currency} />
            </div>
          ))}
        </div>
      </div>
    </>
  );
}

function OptionContent({ option, currency }: { option: SearchOption; currency: string }) {
  if (option.kind !== 'suggestion') {
    return (
      <>
        <Icon d={option.kind === 'recent' ? clockIcon : searchIcon} className="size-4 shrink-0 text-muted" />
        <span className="truncate">
          {option.kind === 'search' ? (
            <>
              Search for <span className="font-semibold">“{option.text}”</span>
            </>
          ) : (
            option.text
          )}
        </span>
      </>
    );
  }
  const { suggestion } = option;
  if (suggestion.type === 'category') {
    return (
      <>
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent">
          <Icon d={folderIcon} className="size-5" />
        </span>
        <span className="min-w-0">
          <span className="block truncate font-medium">{suggestion.name}</span>
          <span className="block text-xs text-muted">
            Category · {suggestion.product_count} {suggestion.product_count === 1 ? 'product' : 'products'}
          </span>
        </span>
      </>
    );
  }
  return (
    <>
      <span className="block size-10 shrink-0 overflow-hidden rounded-lg border border-line">
        <ProductImage src={suggestion.image ?? undefined} alt="" sizes="40px" />
      </span>
      <span className="min-w-0">
        <span className="block truncate font-medium">{suggestion.name}</span>
        <span className="block text-xs text-muted">
          {[suggestion.brand, formatMoney(suggestion.price, currency), suggestion.in_stock ? null : 'Out of stock']
            .filter(Boolean)
            .join(' · ')}
        </span>
      </span>
    </>
  );
}
