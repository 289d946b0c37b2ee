import type { FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Icon, searchIcon } from './icons.tsx';

/** The header search: submits to `/store?q=…` (the search issue adds suggestions). */
export function SearchBox({ className }: { className: string }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const current = params.get('q') ?? '';

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    navigate(q ? `/store?${new URLSearchParams({ q })}` : '/store');
  }

  return (
    <search className={className}>
      <form action="/store" onSubmit={onSubmit} className="relative">
        <Icon d={searchIcon} className="pointer-events-none absolute top-2.5 left-3.5 size-5 text-muted" />
        <input
          key={current}
          type="search"
          id="site-search"
          name="q"
          defaultValue={current}
          aria-label="Search products"
          placeholder="Search products"
          autoComplete="off"
          enterKeyHint="search"
          className="h-10 w-full rounded-full border border-line-strong bg-subtle/60 pr-4 pl-11 text-sm placeholder:text-muted focus:bg-page"
        />
      </form>
    </search>
  );
}
