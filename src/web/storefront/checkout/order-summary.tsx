import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { CalculatedLine, OrderCalculation } from '#shared/contracts/orders.ts';
import { formatMoney } from '#shared/money.ts';
import { taxLineLabel } from '#shared/shop-settings.ts';
import { toast } from '#web/lib/toast.ts';
import { linePath, optionsText, reduceLineTo, removeFromCart } from '#web/storefront/cart-kit/cart-actions.ts';
import { ProductImage } from '#web/storefront/catalogue-kit/product-image.tsx';
import { discountLabel, Row } from '#web/storefront/order-kit/totals-row.tsx';
import { LbpPrice } from '#web/storefront/ui/lbp-price.tsx';
import type { CartItem } from '#web/stores/cart-store.ts';

export interface OrderSummaryProps {
  items: readonly CartItem[];
  calculation: OrderCalculation | undefined;
  /** True while a newer calculation is on its way (the figures shown may be a step behind). */
  updating: boolean;
  currency: string;
  /** The promo code field, between the lines and the totals. */
  promoField?: ReactNode;
  /** The place-order button and its notes, under the totals. */
  children?: ReactNode;
}

/**
 * The lines as the server priced them, each problem with its fix (reduce to what is left, or
 * remove), and the totals. Until the first calculation arrives, the cart's own lines are shown
 * without totals, so the column never jumps.
 */
export function OrderSummary({ items, calculation, updating, currency, promoField, children }: OrderSummaryProps) {
  const problems = calculation?.unavailable.length ?? 0;
  return (
    <section aria-labelledby="order-summary-title" className="card p-4 sm:p-6">
      <h2 id="order-summary-title" className="text-lg font-semibold">
        Order summary
      </h2>
      {problems > 0 && (
        <p
          role="alert"
          className="mt-3 rounded-xl bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950/40 dark:text-red-100"
        >
          {problems === 1 ? 'One item needs' : `${problems} items need`} your attention before you can place the order.
        </p>
      )}
      <ul className="mt-2 divide-y divide-line">
        {items.map((item, index) => (
          <SummaryLine key={item.id} item={item} line={calculation?.items[index]} currency={currency} />
        ))}
      </ul>
      {promoField}
      <Totals totals={calculation} updating={updating} currency={currency} />
      {children}
    </section>
  );
}

function SummaryLine({ item, line, currency }: { item: CartItem; line: CalculatedLine | undefined; currency: string }) {
  const options = optionsText(item.selectedVariations);
  const unitPrice = line?.unit_price ?? item.price;
  const problem = line && !line.available ? line : undefined;
  const fix = (work: Promise<void>) => work.catch((error: Error) => toast({ title: error.message, variant: 'error' }));
  // Too many of something there is: offer what one order can have (what is left, or the
  // product's max_per_order when that is the tighter bound).
  const reduceTo =
    problem?.reason === 'insufficient_stock'
      ? problem.stock_quantity
      : problem?.reason === 'over_limit'
        ? Math.min(problem.max_per_order, problem.stock_quantity)
        : 0;

  return (
    <li className="flex gap-3 py-3">
      <div className="relative w-16 shrink-0 self-start overflow-hidden rounded-lg border border-line">
        <ProductImage src={item.image ?? undefined} alt="" sizes="64px" />
        <span className="absolute top-0.5 right-0.5 min-w-5 rounded-full bg-fg px-1.5 text-center text-xs font-semibold text-page tabular-nums">
          <span className="sr-only">Quantity </span>
          {item.quantity}
        </span>
      </div>
      <div className="min-w-0 flex-1">
        <Link to={linePath(item)} className="line-clamp-2 text-sm font-medium hover:underline">
          {line?.name ?? item.name}
        </Link>
        {options && <p className="text-xs text-muted">{options}</p>}
        <p className="text-xs text-muted tabular-nums">
          {item.quantity} × {formatMoney(unitPrice, currency)}
          {line && line.unit_price !== item.price && <span> (price updated)</span>}
        </p>
        {problem && (
          <div className="mt-2 rounded-lg border border-red-300 p-2 text-sm dark:border-red-900">
            <p className="font-medium text-danger">{problem.message}</p>
            <div className="mt-2 flex flex-wrap gap-2">
              {reduceTo > 0 && (
                <button
                  type="button"
                  className="btn-secondary px-3 py-1.5 text-xs"
                  onClick={() => void fix(reduceLineTo(item.id, reduceTo))}
                >
                  Change to {reduceTo}
                </button>
              )}
              <button
                type="button"
                className="btn-secondary px-3 py-1.5 text-xs"
                aria-label={`Remove ${item.name}`}
                onClick={() => void fix(removeFromCart(item.id))}
              >
                Remove
              </button>
            </div>
          </div>
        )}
      </div>
      <p className="text-sm font-semibold text-strong tabular-nums">
        {line ? (line.available ? formatMoney(line.line_total, currency) : '—') : ''}
      </p>
    </li>
  );
}

function Totals({
  totals,
  updating,
  currency,
}: {
  totals: OrderCalculation | undefined;
  updating: boolean;
  currency: string;
}) {
  const amount = (value: number | undefined) =>
    value === undefined ? <span className="bone inline-block h-4 w-14 align-middle" /> : formatMoney(value, currency);
  return (
    <dl
      className="mt-2 space-y-2 border-t border-line pt-4 text-sm tabular-nums aria-busy:opacity-70"
      aria-busy={updating || undefined}
    >
      <Row label="Subtotal">{amount(totals?.subtotal)}</Row>
      {totals && totals.discount > 0 && (
        <Row label={discountLabel(totals.promo?.code)}>
          <span className="font-medium text-accent">−{formatMoney(totals.discount, currency)}</span>
        </Row>
      )}
      <Row
        label={
          totals
            ? taxLineLabel({
                label: totals.tax_label,
                rate: totals.tax_rate,
                prices_include_tax: totals.prices_include_tax,
              })
            : 'VAT'
        }
      >
        {amount(totals?.tax)}
      </Row>
      <Row label={totals?.delivery ? `Delivery (${totals.delivery.name})` : 'Delivery'}>
        {totals ? (
          totals.delivery ? (
            totals.shipping === 0 ? (
              'Free'
            ) : (
              formatMoney(totals.shipping, currency)
            )
          ) : (
            <span className="text-muted">Choose your governorate</span>
          )
        ) : (
          amount(undefined)
        )}
      </Row>
      <div className="flex items-baseline justify-between border-t border-line pt-3 text-base">
        <dt className="font-semibold">Total</dt>
        <dd className="text-xl font-bold text-strong" aria-live="polite">
          {amount(totals?.total)}
          {totals && <LbpPrice amount={totals.total} className="block text-right text-sm font-normal text-muted" />}
        </dd>
      </div>
    </dl>
  );
}
