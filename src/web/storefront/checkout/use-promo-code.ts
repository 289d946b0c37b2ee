import { type UseQueryResult, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { AppliedPromo, OrderCalculation, OrderLineInput } from '#shared/contracts/orders.ts';
import { PROMO_MESSAGES } from '#shared/promo-codes.ts';
import type { Governorate } from '#shared/shop-settings.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { setPromoCode, usePromoCodeStore } from '#web/storefront/cart-kit/promo-code-store.ts';
import { calculationQuery, promoValidateRequest, validatePromoCode } from './checkout-queries.ts';

/** Said when Apply is pressed on an empty field. */
export const PROMO_EMPTY_MESSAGE = 'Enter a promo code';
/** Said when the code could not be checked at all (no answer, or a server fault). */
export const PROMO_OFFLINE_MESSAGE = 'Could not check the code. Check your connection and try again.';
export const PROMO_FAILED_MESSAGE = 'Could not check the code. Please try again.';

/** What the promo field of the summaries shows and does (both summaries share one). */
export interface PromoController {
  /** The code applied now (sent with every calculation and with the order), or null. */
  applied: string | null;
  /** What the latest calculation says the applied code takes off (null while it is on its way). */
  promo: AppliedPromo | null;
  /** The field's text (upper-case). */
  text: string;
  setText: (text: string) => void;
  /** Why the code in the field was refused (or dropped since it was applied); null when fine. */
  error: string | null;
  /** True while Apply waits for its answer. */
  busy: boolean;
  /** Checks the field's code and applies it; true when it was applied. */
  apply: () => Promise<boolean>;
  remove: () => void;
  /** Drops the applied code with the server's reason, keeping it in the field so the shopper sees what failed. */
  refuse: (message: string) => void;
}

/** The message a refused validate call shows under the field. */
export function promoRefusalOf(error: unknown): string {
  if (!(error instanceof ApiError)) return PROMO_FAILED_MESSAGE;
  if (error.code === 'NETWORK_ERROR') return PROMO_OFFLINE_MESSAGE;
  if (error.status === 429) return PROMO_MESSAGES.tooManyAttempts;
  // A malformed code comes back as a field error on `code`; a refusal as the message itself.
  if (error.isClientError) return error.errors.find((item) => item.path === 'code')?.message ?? error.message;
  return PROMO_FAILED_MESSAGE;
}

/**
 * The checkout's calculation with the cart's promo code (cart/promo-code-store.ts), and the promo
 * field's state (docs/product.md#promo-code-at-checkout). Apply asks `POST /promo-codes/validate`,
 * then waits for the calculation with the code so the chip, the discount line and the new VAT and
 * total appear together. Every later calculation re-validates the code: a `promo_error` (expired,
 * used up, cart no longer eligible) drops it with that message. Money is never computed here:
 * every figure is the server's.
 */
export function useCheckoutCalculation(
  lines: OrderLineInput[],
  customerPhone: () => string | null,
  governorate?: Governorate,
): { calculation: UseQueryResult<OrderCalculation>; promo: PromoController } {
  const applied = usePromoCodeStore((state) => state.code);
  const calculation = useQuery(calculationQuery(lines, applied, governorate));
  const queryClient = useQueryClient();
  const [text, setText] = useState(applied ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);

  const refuse = (message: string) => {
    const code = usePromoCodeStore.getState().code;
    if (code) setText(code);
    setError(message);
    setPromoCode(null);
  };

  // Re-validation: only an answer for the current lines and code counts (a kept previous one may
  // be for the code before).
  const stale = calculation.isPlaceholderData;
  const promoError = calculation.data?.promo_error ?? null;
  useEffect(() => {
    if (stale || !applied || !promoError) return;
    setText(applied);
    setError(promoError);
    setPromoCode(null);
  }, [stale, applied, promoError]);

  const apply = async () => {
    const code = text.trim().toUpperCase();
    if (!code) {
      setError(PROMO_EMPTY_MESSAGE);
      return false;
    }
    if (busyRef.current) return false;
    busyRef.current = true;
    setBusy(true);
    try {
      const answer = await validatePromoCode(promoValidateRequest(code, lines, calculation.data, customerPhone()));
      await queryClient.prefetchQuery(calculationQuery(lines, answer.code, governorate));
      setText(answer.code);
      setError(null);
      setPromoCode(answer.code);
      return true;
    } catch (failure) {
      setError(promoRefusalOf(failure));
      return false;
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  const remove = () => {
    setPromoCode(null);
    setText('');
    setError(null);
  };

  // A kept previous answer (quantities changing) still describes the same code.
  const shown = calculation.data?.promo;
  const promo = applied && shown?.code === applied ? shown : null;
  return {
    calculation,
    promo: {
      applied,
      promo,
      text,
      setText: (value) => {
        setText(value.toUpperCase());
        // A changed code is a new attempt: the old refusal no longer describes it.
        if (error) setError(null);
      },
      error,
      busy,
      apply,
      remove,
      refuse,
    },
  };
}
