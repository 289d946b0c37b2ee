import { useId } from 'react';
import type { AppliedPromo } from '#shared/contracts/orders.ts';
import { PROMO_CODE_MAX_LENGTH } from '#shared/promo-codes.ts';
import { money } from '../ui/format.ts';

interface OrderPromoFieldProps {
  /** What is typed (upper-cased as typed). */
  text: string;
  onTextChange: (text: string) => void;
  /** The code sent with the calculation, once Apply was pressed. */
  applied: string | null;
  /** What the calculation says the applied code takes off (null while refused or not asked). */
  promo: AppliedPromo | null;
  /** The refusal: from the calculation or from placing the order. */
  error: string | null;
  busy: boolean;
  onApply: () => void;
  onRemove: () => void;
}

/**
 * The new order's "Promo code" (docs/product.md#applying-a-code): staff type the code a phone
 * customer gives; the calculation applies it (or says why not) exactly as at checkout, and the
 * order is placed with it. Buttons, not a form: it sits inside the order's form.
 */
export function OrderPromoField({
  text,
  onTextChange,
  applied,
  promo,
  error,
  busy,
  onApply,
  onRemove,
}: OrderPromoFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  if (applied && promo) {
    return (
      <div className="flex items-center gap-2 rounded-xl bg-accent-soft p-2 pl-3 text-sm" data-testid="order-promo">
        <span className="min-w-0 truncate font-mono font-semibold">{promo.code}</span>
        <span className="shrink-0 text-muted">{money(promo.discount_amount)} off</span>
        <button
          type="button"
          className="ml-auto shrink-0 rounded-full px-3 py-1 font-medium text-accent hover:underline"
          aria-label={`Remove promo code ${promo.code}`}
          onClick={onRemove}
        >
          Remove
        </button>
      </div>
    );
  }
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        Promo code <span className="font-normal text-muted">(optional)</span>
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={id}
          value={text}
          onChange={(event) => onTextChange(event.target.value.toUpperCase())}
          onKeyDown={(event) => {
            // Enter applies the code instead of submitting the whole order.
            if (event.key === 'Enter') {
              event.preventDefault();
              onApply();
            }
          }}
          maxLength={PROMO_CODE_MAX_LENGTH}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="block h-10 min-w-0 flex-1 rounded-xl border border-line-strong bg-surface px-3 font-mono text-base uppercase aria-invalid:border-danger sm:text-sm"
        />
        <button
          type="button"
          className="btn-secondary h-10 shrink-0 px-4"
          onClick={onApply}
          aria-disabled={busy || undefined}
        >
          {busy ? 'Applying…' : 'Apply'}
        </button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-1.5 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
