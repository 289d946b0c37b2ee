import { PROMO_STATUS_LABELS, type PromoCode, type PromoStatus } from '#shared/contracts/promo-codes.ts';
import { money } from '../ui/format.ts';
import { Badge } from '../ui/status-badge.tsx';

/** Colour-coded like the order pills; the word is always shown. Only `active` is green: the code works today. */
const STATUS_STYLE: Record<PromoStatus, string> = {
  active: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  scheduled: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  used_up: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  expired: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
  inactive: 'bg-zinc-200 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200',
};

export function PromoStatusBadge({ status }: { status: PromoStatus }) {
  return <Badge className={`normal-case! ${STATUS_STYLE[status]}`}>{PROMO_STATUS_LABELS[status]}</Badge>;
}

type DiscountFields = Pick<PromoCode, 'discount_type' | 'discount_value'>;

/** "10 %" or "$5.00". */
export function discountLabel(code: DiscountFields): string {
  return code.discount_type === 'percentage' ? `${code.discount_value} %` : money(code.discount_value);
}

/** The conditions under the value: "up to $20.00", "min. order $50.00" (none, one or both). */
export function discountConditions(
  code: Pick<PromoCode, 'maximum_discount_amount' | 'minimum_order_amount'>,
): string[] {
  return [
    code.maximum_discount_amount !== null ? `up to ${money(code.maximum_discount_amount)}` : null,
    code.minimum_order_amount !== null ? `min. order ${money(code.minimum_order_amount)}` : null,
  ].filter((part) => part !== null);
}

/** "3 / 100", or "3 / ∞" when the code has no usage limit. */
export function usesLabel(code: Pick<PromoCode, 'current_uses' | 'max_uses'>): string {
  return `${code.current_uses} / ${code.max_uses > 0 ? code.max_uses : '∞'}`;
}

/** "Whole order", or what a product code names: "3 SKUs, 1 category". */
export function appliesToLabel(code: Pick<PromoCode, 'applies_to' | 'product_skus' | 'category_ids'>): string {
  if (code.applies_to === 'order') return 'Whole order';
  const parts = [
    code.product_skus.length > 0 && `${code.product_skus.length} ${code.product_skus.length === 1 ? 'SKU' : 'SKUs'}`,
    code.category_ids.length > 0 &&
      `${code.category_ids.length} ${code.category_ids.length === 1 ? 'category' : 'categories'}`,
  ].filter(Boolean);
  return parts.length > 0 ? `Products: ${parts.join(', ')}` : 'Products';
}

// Calendar days of the shop, not instants: read and shown as UTC so no time zone moves them a day.
const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

export function formatDay(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? date : day.format(parsed);
}

/** "12 Jan 2026 – 31 Jan 2026", "From 12 Jan 2026", "Until 31 Jan 2026" or "No end date". */
export function datesLabel(code: Pick<PromoCode, 'start_date' | 'end_date'>): string {
  return datesLines(code).join(' ');
}

/** The same in lines that do not break inside a date: ["12 Jan 2026 –", "31 Jan 2026"]. */
export function datesLines(code: Pick<PromoCode, 'start_date' | 'end_date'>): string[] {
  const { start_date: start, end_date: end } = code;
  if (start && end) return [`${formatDay(start)} –`, formatDay(end)];
  if (start) return [`From ${formatDay(start)}`];
  if (end) return [`Until ${formatDay(end)}`];
  return ['No end date'];
}

/** "Unlimited" for 0. */
export function limitLabel(limit: number): string {
  return limit > 0 ? String(limit) : 'Unlimited';
}
