import { useEffect, useId, useRef, useState } from 'react';
import type { AppliedPromo } from '#shared/contracts/orders.ts';
import { formatMoney } from '#shared/money.ts';
import { PROMO_CODE_MAX_LENGTH } from '#shared/promo-codes.ts';
import { Icon } from '#web/ui/icons.tsx';
import type { PromoController } from './use-promo-code.ts';

// Kept here, not in ui/icons.tsx: that module is in the first load.
const tagIcon =
  'M3 4.5v6.1a2 2 0 0 0 .6 1.4l8.4 8.4a2 2 0 0 0 2.8 0l6.1-6.1a2 2 0 0 0 0-2.8L12.5 3.1a2 2 0 0 0-1.4-.6H5a2 2 0 0 0-2 2M8.5 8a.5.5 0 1 1-1 0 .5.5 0 0 1 1 0';

/** "10% off" or "$5.00 off": what the code is, beside its chip. */
export function promoDealText(promo: AppliedPromo, currency: string): string {
  return promo.discount_type === 'percentage'
    ? `${promo.discount_value}% off`
    : `${formatMoney(promo.discount_value, currency)} off`;
}

/**
 * The order summary's "Promo code" field (docs/product.md#promo-code-at-checkout): upper-case as
 * typed, Apply (or Enter) checks it, the refusal under the field; once applied, a chip with the
 * code and Remove. Both summaries (the phone's one at the top, the full one by the Place order
 * button) draw one each on the same controller, so they always agree.
 */
export function PromoCodeField({ promo, currency }: { promo: PromoController; currency: string }) {
  const id = useId();
  const errorId = `${id}-error`;
  const input = useRef<HTMLInputElement>(null);
  const chip = useRef<HTMLFieldSetElement>(null);
  // Where focus goes once this field (not the other summary's) has applied or removed a code: the
  // control it was on disappears.
  const [focusNext, setFocusNext] = useState<'chip' | 'input' | null>(null);
  useEffect(() => {
    if (focusNext === 'chip') chip.current?.focus();
    if (focusNext === 'input') input.current?.focus();
    if (focusNext) setFocusNext(null);
  }, [focusNext]);

  const announcement = promo.promo
    ? `Promo code ${promo.promo.code} applied: ${formatMoney(promo.promo.discount_amount, currency)} off`
    : '';
  return (
    <div className="mt-4 border-t border-line pt-4">
      {promo.applied ? (
        <fieldset ref={chip} tabIndex={-1} className="outline-none" data-testid="promo-chip">
          <legend className="text-sm font-medium">Promo code</legend>
          <div className="mt-2 flex items-center gap-2 rounded-xl bg-accent-soft p-2 pl-3">
            <span className="inline-flex min-w-0 items-center gap-1.5 rounded-full bg-accent-tint px-2.5 py-1 text-sm font-semibold text-on-accent-tint">
              <Icon d={tagIcon} className="size-4 shrink-0" />
              <span className="truncate font-mono">{promo.applied}</span>
            </span>
            {promo.promo && (
              <span className="shrink-0 text-sm whitespace-nowrap text-muted">
                {promoDealText(promo.promo, currency)}
              </span>
            )}
            <button
              type="button"
              className="ml-auto shrink-0 rounded-full px-3 py-1.5 text-sm font-medium text-accent underline-offset-4 hover:underline"
              aria-label={`Remove promo code ${promo.applied}`}
              onClick={() => {
                promo.remove();
                setFocusNext('input');
              }}
            >
              Remove
            </button>
          </div>
        </fieldset>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void promo.apply().then((applied) => applied && setFocusNext('chip'));
          }}
        >
          <label htmlFor={id} className="text-sm font-medium">
            Promo code
          </label>
          <div className="mt-1 flex gap-2">
            <input
              ref={input}
              id={id}
              name="promo_code"
              value={promo.text}
              onChange={(event) => promo.setText(event.target.value)}
              maxLength={PROMO_CODE_MAX_LENGTH}
              placeholder="Enter code"
              autoComplete="off"
              autoCapitalize="characters"
              autoCorrect="off"
              spellCheck={false}
              enterKeyHint="done"
              aria-invalid={promo.error ? true : undefined}
              aria-describedby={promo.error ? errorId : undefined}
              className="block h-11 min-w-0 flex-1 rounded-xl border border-line-strong bg-surface px-3 font-mono text-base text-fg uppercase placeholder:font-sans placeholder:normal-case placeholder:text-muted aria-invalid:border-danger aria-invalid:ring-1 aria-invalid:ring-danger sm:text-sm"
            />
            {/* Not `disabled` while busy: that would drop the focus; a second press is ignored instead. */}
            <button
              type="submit"
              className="btn-secondary h-11 shrink-0 px-4 aria-disabled:opacity-70"
              aria-disabled={promo.busy || undefined}
            >
              {promo.busy ? 'Applying…' : 'Apply'}
            </button>
          </div>
          {promo.error && (
            <p id={errorId} role="alert" className="mt-1.5 text-sm text-danger">
              {promo.error}
            </p>
          )}
        </form>
      )}
      {/* Always there, so the change is announced (a live region added with its text often is not). */}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
