import type { Order } from '#shared/contracts/orders.ts';
import { formatMoney } from '#shared/money.ts';
import { orderTaxTerms, orderVatNumber, taxLineLabel } from '#shared/shop-settings.ts';
import { useShopSettings } from '#web/lib/shop-settings.ts';
import { optionsText } from '#web/storefront/cart-kit/cart-actions.ts';
import { ProductImage } from '#web/storefront/catalogue-kit/product-image.tsx';
import { governorateName } from './shop-settings-text.ts';
import { discountLabel, Row } from './totals-row.tsx';

/**
 * A placed order's lines and totals (subtotal, discount, VAT, delivery, total): the same on the
 * confirmation page and in the shopper's order history (docs/product.md#account-area). The tax is
 * named as the order kept it (an older order: as the shop's settings name it now); the shop's VAT
 * number follows the total when the tax settings have one.
 */
export function PlacedOrderLines({
  order,
  currency,
}: {
  order: Pick<
    Order,
    | 'items'
    | 'subtotal'
    | 'discount'
    | 'promo_code'
    | 'tax'
    | 'shipping'
    | 'total'
    | 'tax_label'
    | 'tax_rate'
    | 'prices_include_tax'
    | 'tax_number'
  > & {
    shipping_address?: Pick<Order['shipping_address'], 'governorate'>;
  };
  currency: string;
}) {
  const settings = useShopSettings();
  const zone = governorateName(order.shipping_address?.governorate);
  const tax = orderTaxTerms(order, settings.data?.tax);
  const vatNumber = orderVatNumber(order, settings.data?.tax.vat_number);
  return (
    <>
      <ul className="mt-2 divide-y divide-line">
        {order.items.map((item) => (
          <li
            key={`${item.variant_id ?? item.product_id}-${JSON.stringify(item.selectedVariations)}`}
            className="flex gap-3 py-3"
          >
            <div className="w-14 shrink-0 overflow-hidden rounded-lg border border-line">
              <ProductImage src={item.image ?? undefined} alt="" sizes="56px" />
            </div>
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-medium">{item.name}</p>
              {Object.keys(item.selectedVariations).length > 0 && (
                <p className="text-xs text-muted">{optionsText(item.selectedVariations)}</p>
              )}
              <p className="text-xs text-muted tabular-nums">
                {item.quantity} × {formatMoney(item.unit_price, currency)}
              </p>
            </div>
            <p className="text-sm font-semibold tabular-nums">{formatMoney(item.line_total, currency)}</p>
          </li>
        ))}
      </ul>
      <dl className="mt-2 space-y-2 border-t border-line pt-4 text-sm tabular-nums">
        <Row label="Subtotal">{formatMoney(order.subtotal, currency)}</Row>
        {order.discount > 0 && (
          <Row label={discountLabel(order.promo_code)}>
            <span className="font-medium text-accent">−{formatMoney(order.discount, currency)}</span>
          </Row>
        )}
        <Row label={taxLineLabel(tax)}>{formatMoney(order.tax, currency)}</Row>
        <Row label={zone ? `Delivery (${zone})` : 'Delivery'}>
          {order.shipping === 0 ? 'Free' : formatMoney(order.shipping, currency)}
        </Row>
        <div className="flex items-baseline justify-between border-t border-line pt-3 text-base">
          <dt className="font-semibold">Total</dt>
          <dd className="text-xl font-bold text-strong">{formatMoney(order.total, currency)}</dd>
        </div>
      </dl>
      {vatNumber && (
        <p className="mt-2 text-right text-xs text-muted" data-testid="vat-number">
          {tax?.label ?? 'VAT'} number: <span className="font-mono">{vatNumber}</span>
        </p>
      )}
    </>
  );
}
