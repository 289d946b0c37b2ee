import { Link } from 'react-router';
import type { AdminOrder } from '#shared/contracts/admin-orders.ts';
import type { OrderItem } from '#shared/contracts/orders.ts';
import { orderTaxTerms, taxLineLabel } from '#shared/shop-settings.ts';
import { useShopSettings } from '#web/lib/shop-settings.ts';
import { money } from '../ui/format.ts';
import { ProductThumb } from '../ui/product-thumb.tsx';
import { ScrollTable, TableHead } from '../ui/scroll-table.tsx';
import { TermRow } from '../ui/term-row.tsx';
import { variationsText } from './packing-slip.tsx';

/**
 * The order's lines (cards on phones, a table from md up) and its totals. The table sits in the
 * order's two-thirds column (about 620 px at 1280 px), so the SKU goes under the name rather than in
 * a column of its own and the number columns are narrow: a separate SKU column and wide padding
 * left the name a sliver, wrapped over 3–5 lines (issue 32).
 */
const LINE_COLUMNS = [
  { label: 'Image', hidden: true },
  'Product',
  { label: 'Qty', align: 'right' },
  { label: 'Unit', align: 'right' },
  { label: 'Line total', align: 'right' },
] as const;

export function OrderLines({ items }: { items: readonly OrderItem[] }) {
  return (
    <>
      {/* Phones: one block per line. */}
      <ul aria-label="Order lines" className="divide-y divide-line border-t border-line md:hidden">
        {items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: order lines have no id and never move.
          <li key={index} className="flex gap-3 px-5 py-3">
            <ProductThumb src={item.image} />
            <div className="min-w-0 flex-1 text-sm">
              <LineName item={item} />
              <p className="mt-1 flex justify-between gap-2 tabular-nums">
                <span className="text-muted">
                  {item.quantity} × {money(item.unit_price)}
                </span>
                <span className="font-medium text-strong">{money(item.line_total)}</span>
              </p>
            </div>
          </li>
        ))}
      </ul>
      <ScrollTable label="Order lines" className="hidden border-t border-line md:block">
        {/* The headers take the cells' narrow padding, so each label stays over its figures. */}
        <table className="w-full text-left text-sm [&_th]:px-3 [&_th]:whitespace-nowrap [&_th:first-child]:pl-5 [&_th:last-child]:pr-5">
          <TableHead columns={LINE_COLUMNS} />
          <tbody className="divide-y divide-line">
            {items.map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: order lines have no id and never move.
              <tr key={index}>
                {/* The picture (48 px) and its left padding: no narrower, or the picture is squeezed. */}
                <td className="w-17 py-3 pr-0 pl-5">
                  <ProductThumb src={item.image} />
                </td>
                {/* At least 14rem: on a narrow table the row scrolls sideways instead of squeezing the name. */}
                <td className="min-w-56 px-3 py-3">
                  <LineName item={item} />
                </td>
                <td className="px-3 py-3 text-right tabular-nums">{item.quantity}</td>
                <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums">{money(item.unit_price)}</td>
                <td className="py-3 pr-5 pl-3 text-right font-medium whitespace-nowrap text-strong tabular-nums">
                  {money(item.line_total)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
    </>
  );
}

function LineName({ item }: { item: OrderItem }) {
  const variations = variationsText(item.selectedVariations);
  return (
    <>
      {item.product_id ? (
        <Link
          to={`/admin/products/${item.product_id}`}
          className="font-medium text-strong underline-offset-4 hover:underline"
        >
          {item.name}
        </Link>
      ) : (
        <span className="font-medium text-strong">{item.name}</span>
      )}
      {variations && <span className="block text-xs text-muted">{variations}</span>}
      {item.sku && <span className="block font-mono text-xs break-all text-muted">{item.sku}</span>}
    </>
  );
}

/** The figures of an order's totals (a placed order's, or a new order's price while it is entered). */
export interface TotalFigures {
  subtotal: number;
  discount: number;
  promoCode: string | null;
  tax: number;
  shipping: number;
  total: number;
}

/**
 * An order's totals as rows of a `<dl>`: subtotal, the discount with its code (when there is one),
 * tax, shipping ("Free" at 0) and the total. Without figures (a new order not priced yet) each says "—".
 */
export function TotalRows({
  figures,
  taxLabel = 'Tax',
  shippingLabel = 'Shipping',
}: {
  figures: TotalFigures | undefined;
  /** How the tax is named ("VAT (11%)", "Includes VAT (11%)"): as the order kept it, or the shop names it now. */
  taxLabel?: string;
  /** "Shipping", or "Delivery (South)" once a new order's zone is chosen. */
  shippingLabel?: string;
}) {
  const amount = (key: 'subtotal' | 'tax' | 'shipping' | 'total') => (figures ? money(figures[key]) : '—');
  return (
    <>
      <TermRow look="figure" label="Subtotal">
        {amount('subtotal')}
      </TermRow>
      {figures && figures.discount > 0 && (
        <TermRow look="figure" label={figures.promoCode ? `Discount (${figures.promoCode})` : 'Discount'}>
          {`−${money(figures.discount)}`}
        </TermRow>
      )}
      <TermRow look="figure" label={taxLabel}>
        {amount('tax')}
      </TermRow>
      <TermRow look="figure" label={shippingLabel}>
        {figures?.shipping === 0 ? 'Free' : amount('shipping')}
      </TermRow>
      <TermRow look="total" label="Total">
        {amount('total')}
      </TermRow>
    </>
  );
}

/**
 * The order's totals. The tax is named as the order kept it at placement ("VAT (11%)", "Includes
 * VAT (11%)"); an older order that kept none, as the shop's settings name it now.
 */
export function Totals({ order }: { order: AdminOrder }) {
  const terms = useShopSettings();
  const tax = orderTaxTerms(order, terms.data?.tax);
  return (
    <dl className="space-y-1.5 border-t border-line px-5 py-4 text-sm sm:px-6">
      <TotalRows figures={{ ...order, promoCode: order.promo_code }} taxLabel={taxLineLabel(tax)} />
      {order.refunded_amount > 0 && (
        <div className="flex justify-between gap-4 text-danger">
          <dt>Refunded</dt>
          <dd className="tabular-nums">−{money(order.refunded_amount)}</dd>
        </div>
      )}
    </dl>
  );
}
