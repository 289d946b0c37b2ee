import { type ComponentType, type RefObject, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Icon, searchIcon } from '#web/ui/icons.tsx';

type Combobox = ComponentType<{ input: RefObject<HTMLInputElement | null> }>;

/**
 * The header search. What ships in the first load is a plain form: without JavaScript, or before
 * the rest arrives, it submits to `/store?q=…` like any form. Its first focus (a tap, a click, the
 * "Skip to search" link) downloads the combobox (suggestions, recent searches, keys), which takes
 * over this same input: the element is never swapped, so a phone keeps its keyboard open.
 */
export function SearchBox({ className }: { className: string }) {
  const [params] = useSearchParams();
  const current = params.get('q') ?? '';
  const input = useRef<HTMLInputElement>(null);
  const [Combobox, setCombobox] = useState<Combobox | null>(null);

  const load = () => {
    if (Combobox) return;
    import('./search-combobox.tsx').then(
      (module) => setCombobox(() => module.SearchCombobox),
      () => {
        // Offline after a deploy: the plain form still searches.
      },
    );
  };

  return (
    <search className={className}>
      <form action="/store" className="relative">
        <Icon d={searchIcon} className="pointer-events-none absolute top-2.5 left-3.5 size-5 text-muted" />
        <input
          ref={input}
          key={current}
          type="search"
          id="site-search"
          name="q"
          defaultValue={current}
          onFocus={load}
          aria-label="Search products"
          placeholder="Search products"
          autoComplete="off"
          enterKeyHint="search"
          className="h-10 w-full rounded-full border border-line-strong bg-subtle/60 pr-4 pl-11 text-sm placeholder:text-muted focus:bg-page"
        />
        {Combobox && <Combobox key={`combobox:${current}`} input={input} />}
      </form>
    </search>
  );
}
