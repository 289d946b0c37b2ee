import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import type { CustomerMatch } from '#shared/contracts/customers.ts';
import { formatPhone } from '#shared/phone.ts';
import { inputClass } from '#web/ui/form-field.tsx';
import { adminGet } from '../auth/admin-api.ts';
import { useDebouncedSearch } from '../ui/use-debounced-search.ts';

/**
 * Finding the customer a staff member is taking an order for (docs/product.md "New order,
 * customer"): `GET /admin/customers/lookup` as they type a phone number (any form) or a name, in an
 * ARIA combobox (WAI-ARIA APG "list autocomplete", as the storefront's header search). The New
 * order form uses it; quotations will too, so it lives in admin/shared.
 */

/** The fewest characters worth asking about (a name's first letter finds half the shop). */
export const CUSTOMER_LOOKUP_MIN_LENGTH = 2;

export const lookUpCustomers = (q: string, signal?: AbortSignal) =>
  adminGet<CustomerMatch[]>('/admin/customers/lookup', { query: { q }, signal });

/** What "New customer" keeps of the text typed: a phone number (it has digits only) or a name. */
export function typedContact(text: string): { name: string } | { phone: string } {
  const typed = text.trim();
  return /^[+(]?\d[\d\s().-]*$/.test(typed) ? { phone: typed } : { name: typed };
}

type LookupOption = { kind: 'match'; match: CustomerMatch } | { kind: 'new' };

const ordersText = (count: number) => (count === 0 ? 'No orders yet' : count === 1 ? '1 order' : `${count} orders`);

export function CustomerLookup({
  onChoose,
  onNew,
}: {
  onChoose: (match: CustomerMatch) => void;
  onNew: (typed: { name: string } | { phone: string }) => void;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const [term, setTerm] = useState('');
  const [text, setText] = useDebouncedSearch(term, setTerm, 250);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const asking = term.length >= CUSTOMER_LOOKUP_MIN_LENGTH;
  const results = useQuery({
    queryKey: ['admin', 'customers', 'lookup', term],
    queryFn: ({ signal }) => lookUpCustomers(term, signal),
    enabled: asking,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const typing = text.trim() !== term;
  const matches = asking ? (results.data ?? []) : [];
  const settled = asking && !typing && results.isSuccess && !results.isPlaceholderData;
  const options: LookupOption[] = [
    ...matches.map((match): LookupOption => ({ kind: 'match', match })),
    ...(settled && matches.length === 0 ? [{ kind: 'new' } as const] : []),
  ];
  const expanded = open && text.trim().length >= CUSTOMER_LOOKUP_MIN_LENGTH && options.length > 0;
  const optionId = (index: number) => `${id}-option-${index}`;

  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
  });

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const choose = (option: LookupOption) => {
    if (option.kind === 'match') onChoose(option.match);
    else onNew(typedContact(text));
    close();
    setText('');
    setTerm('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = options.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (count === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive(!expanded || active < 0 ? (step === 1 ? 0 : count - 1) : (active + step + count) % count);
    } else if (event.key === 'Enter') {
      // Enter never submits the order from here: it chooses the highlighted row, if any.
      event.preventDefault();
      const option = expanded ? options[active] : undefined;
      if (option) choose(option);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      close();
    }
  };

  const status = !asking
    ? ''
    : typing || results.isFetching
      ? 'Searching…'
      : results.isError
        ? 'The search failed. Try again.'
        : matches.length === 0
          ? 'No customer matches'
          : `${matches.length} ${matches.length === 1 ? 'customer' : 'customers'} found`;

  return (
    <div className="relative">
      <label htmlFor={`${id}-input`} className="text-sm font-medium">
        Find a customer
      </label>
      <input
        id={`${id}-input`}
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-describedby={`${id}-hint`}
        autoComplete="off"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={close}
        onKeyDown={onKeyDown}
        placeholder="Phone number or name"
        className={inputClass}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
        Any form of the number: 03 123 456, +961 3 123 456, 70 123 456.
      </p>
      <p role="status" className="sr-only">
        {open ? status : ''}
      </p>
      <div
        id={listId}
        role="listbox"
        aria-label="Matching customers"
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-30 mt-1 max-h-80 overflow-y-auto rounded-xl border border-line bg-surface py-1 shadow-lg"
      >
        {options.map((option, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are handled on the input, which keeps focus (aria-activedescendant)
          <div
            key={option.kind === 'match' ? option.match.id : 'new'}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            tabIndex={-1}
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => index !== active && setActive(index)}
            onClick={() => choose(option)}
            className="cursor-pointer px-3 py-2 text-sm aria-selected:bg-subtle"
          >
            {option.kind === 'match' ? (
              <MatchContent match={option.match} />
            ) : (
              <>
                <span className="font-medium text-strong">New customer</span>{' '}
                <span className="text-muted">(keeps “{text.trim()}”)</span>
              </>
            )}
          </div>
        ))}
      </div>
    </div>
  );
}

function MatchContent({ match }: { match: CustomerMatch }) {
  const details = [match.phone ? formatPhone(match.phone) : null, match.email, ordersText(match.orders_count)];
  return (
    <>
      <span className="block font-medium break-words text-strong">{match.name}</span>
      <span className="block text-xs break-words text-muted">{details.filter(Boolean).join(' · ')}</span>
    </>
  );
}
