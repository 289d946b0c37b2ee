import { useId, useState } from 'react';
import { CART_MESSAGES } from './cart-actions.ts';

const clamp = (value: number, max: number) => Math.min(max, Math.max(1, value));

/**
 * − / number / +: the typed number is kept as typed while editing and clamped to 1..max on
 * leaving the field. A quantity above `max` (the line's maximum: stock, the product's
 * max_per_order, 100) is never changed silently: the shopper reads the cart's "Cannot add more
 * than {n} items" (docs/product.md#cart-messages) under the stepper, announced politely to screen readers.
 */
export function QuantityStepper({
  value,
  max,
  disabled,
  onChange,
}: {
  value: number;
  max: number;
  disabled: boolean;
  onChange: (quantity: number) => void;
}) {
  const inputId = useId();
  const noticeId = useId();
  const [draft, setDraft] = useState(String(value));
  const [notice, setNotice] = useState<string | null>(null);
  const noticeIfAbove = (quantity: number) => setNotice(quantity > max ? CART_MESSAGES.tooMany(max) : null);
  const set = (quantity: number) => {
    const next = clamp(quantity, max);
    noticeIfAbove(quantity);
    setDraft(String(next));
    onChange(next);
  };
  // At a limit the button is only aria-disabled: a real `disabled` would drop the keyboard focus
  // of someone who just pressed it down to 1. Clicking it then changes nothing (set clamps).
  const stepClass =
    'flex size-12 shrink-0 items-center justify-center rounded-full text-xl text-fg transition hover:bg-subtle disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-transparent aria-disabled:cursor-not-allowed aria-disabled:opacity-50 aria-disabled:hover:bg-transparent';
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-3">
        <label htmlFor={inputId} className="sr-only">
          Quantity
        </label>
        <div className="inline-flex h-12 items-center rounded-full border border-line-strong bg-surface">
          <button
            type="button"
            aria-label="Decrease quantity"
            disabled={disabled}
            aria-disabled={value <= 1}
            onClick={() => set(value - 1)}
            className={stepClass}
          >
            <span aria-hidden="true">−</span>
          </button>
          <input
            id={inputId}
            type="number"
            inputMode="numeric"
            min={1}
            max={max}
            step={1}
            value={disabled ? '' : draft}
            disabled={disabled}
            aria-describedby={notice ? noticeId : undefined}
            onChange={(event) => {
              setDraft(event.target.value);
              const typed = Number.parseInt(event.target.value, 10);
              if (!Number.isFinite(typed)) return;
              noticeIfAbove(typed);
              onChange(clamp(typed, max));
            }}
            onBlur={() => set(Number.parseInt(draft, 10) || 1)}
            className="h-full w-12 [appearance:textfield] bg-transparent text-center font-semibold text-strong tabular-nums outline-none focus-visible:outline-2 focus-visible:-outline-offset-2 disabled:opacity-50 [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
          />
          <button
            type="button"
            aria-label="Increase quantity"
            disabled={disabled}
            aria-disabled={value >= max}
            onClick={() => set(value + 1)}
            className={stepClass}
          >
            <span aria-hidden="true">+</span>
          </button>
        </div>
      </div>
      <p id={noticeId} role="status" className="min-h-5 text-sm text-danger empty:min-h-0">
        {notice}
      </p>
    </div>
  );
}
