import type { ReactNode } from 'react';
import type { OrderCalculation } from '#shared/contracts/orders.ts';
import { formatMoney } from '#shared/money.ts';
import { optionsText } from '#web/storefront/cart-kit/cart-actions.ts';
import { LineQuantityStepper } from '#web/storefront/cart-kit/line-quantity-stepper.tsx';
import { ProductImage } from '#web/storefront/catalogue-kit/product-image.tsx';
import { discountLabel } from '#web/storefront/order-kit/totals-row.tsx';
import { LbpPrice } from '#web/storefront/ui/lbp-price.tsx';
import type { CartItem } from '#web/stores/cart-store.ts';
import { Icon } from '#web/ui/icons.tsx';

const chevronIcon = 'm6 9 6 6 6-6';

/**
 * Phones only (below lg, where the full summary sits under the form): the order's total at the top
 * of checkout in a native <details>, closed at first; opened, the lines with the cart's quantity
 * stepper, so the shopper can change the order without scrolling past the form.
 */
export function PhoneOrderSummary({
  items,
  calculation,
  currency,
  promoField,
}: {
  items: readonly CartItem[];
  calculation: OrderCalculation | undefined;
  currency: string;
  /** The promo code field, under the lines. */
  promoField?: ReactNode;
}) {
  const count = items.reduce((sum, item) => sum + item.quantity, 0);
  const total = calculation ? formatMoney(calculation.total, currency) : '…';
  return (
    <details className="group card mt-4 lg:hidden" data-testid="phone-order-summary">
      <summary className="flex cursor-pointer list-none items-center gap-2 p-4 [&::-webkit-details-marker]:hidden">
        <span className="font-semibold text-strong">Order summary</span>
        <span className="text-sm text-muted">
          ({count} {count === 1 ? 'item' : 'items'})
        </span>
        <Icon d={chevronIcon} className="size-4 text-muted transition group-open:rotate-180" />
        <span className="ml-auto font-bold text-strong tabular-nums">
          <span className="sr-only">Total </span>
          {total}
        </span>
      </summary>
      <ul className="divide-y divide-line border-t border-line px-4">
        {items.map((item, index) => {
          const line = calculation?.items[index];
          return (
            <li key={item.id} className="flex items-center gap-3 py-3">
              <div className="w-12 shrink-0 overflow-hidden rounded-lg border border-line">
                <ProductImage src={item.image ?? undefined} alt="" sizes="48px" />
              </div>
              <div className="min-w-0 flex-1">
                <p className="line-clamp-2 text-sm font-medium">{line?.name ?? item.name}</p>
                {Object.keys(item.selectedVariations).length > 0 && (
                  <p className="text-xs text-muted">{optionsText(item.selectedVariations)}</p>
                )}
                <div className="mt-1 flex items-center justify-between gap-2">
                  <LineQuantityStepper item={item} />
                  <span className="text-sm font-semibold text-strong tabular-nums">
                    {line?.available ? formatMoney(line.line_total, currency) : ''}
                  </span>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
      {promoField && <div className="px-4 pb-4">{promoField}</div>}
      <dl className="space-y-2 border-t border-line p-4 text-sm tabular-nums">
        {calculation && calculation.discount > 0 && (
          <div className="flex justify-between">
            <dt className="text-muted">{discountLabel(calculation.promo?.code)}</dt>
            <dd className="font-medium text-accent">−{formatMoney(calculation.discount, currency)}</dd>
          </div>
        )}
        <div className="flex justify-between">
          <dt className="text-muted">Total with VAT and delivery</dt>
          <dd className="font-bold text-strong">
            {total}
            {calculation && (
              <>
                {' '}
                <LbpPrice amount={calculation.total} className="block text-right text-xs font-normal text-muted" />
              </>
            )}
          </dd>
        </div>
      </dl>
    </details>
  );
}
