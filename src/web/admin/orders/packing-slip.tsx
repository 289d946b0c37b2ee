import { createPortal } from 'react-dom';
import type { AdminOrder } from '#shared/contracts/admin-orders.ts';
import { formatPhone } from '#shared/phone.ts';
import { GOVERNORATE_NAMES, orderPaymentTerms, orderVatNumber, PAYMENT_METHOD_NAMES } from '#shared/shop-settings.ts';
import { useShopSettings } from '#web/lib/shop-settings.ts';
import { getSiteConfig } from '#web/lib/site-config.ts';
import { type Column, ColumnHeaders } from '../ui/column-headers.tsx';
import { formatDateTime } from '../ui/format.ts';

/**
 * While a packing slip is on the page, printing shows only the slip: everything else directly
 * under <body> (the admin shell, toasts, dialogs) is hidden for print. The slip itself is hidden
 * on screen. (The CSP allows inline styles; scripts are what it locks down.)
 */
/** The slip's columns: what is packed, its SKU, how many, and a box to tick. */
const SLIP_COLUMNS: readonly Column[] = [
  ['Item', 'py-2 pr-2'],
  ['SKU', 'py-2 pr-2'],
  ['Qty', 'py-2 text-right'],
  ['Packed', 'w-16 py-2 text-center'],
];

const PRINT_CSS = `@media print {
  body > :not([data-packing-slip]) { display: none !important; }
  body { background: #fff !important; }
  [data-packing-slip] { display: block !important; }
  @page { margin: 14mm; }
}`;

export const variationsText = (variations: Record<string, string>) =>
  Object.entries(variations)
    .map(([name, option]) => `${name}: ${option}`)
    .join(', ');

/**
 * The print-only packing slip: shop name (and the VAT number the order was placed under, if any),
 * order number, date, the customer and address, how the order is paid (the method and its
 * instructions as the shopper was told them at placement), and the lines with quantities (no
 * prices: the slip travels in the parcel). Printed with the browser's own print (`window.print()`
 * from the detail page's button, or Ctrl+P on that page).
 */
export function PackingSlip({ order }: { order: AdminOrder }) {
  const { shopName } = getSiteConfig();
  const terms = useShopSettings();
  const tax = terms.data?.tax;
  // The number the order was placed under (older orders: the settings' number today).
  const vatNumber = orderVatNumber(order, tax?.vat_number);
  const payment = orderPaymentTerms(
    order,
    terms.data?.payment_methods.find((entry) => entry.method === order.payment_method) ?? {
      label: PAYMENT_METHOD_NAMES[order.payment_method],
      instructions: '',
    },
  );
  const address = order.shipping_address;
  const units = order.items.reduce((sum, item) => sum + item.quantity, 0);
  return createPortal(
    <div data-packing-slip="" className="hidden bg-white font-sans text-black">
      <style>{PRINT_CSS}</style>
      <header className="flex items-start justify-between border-b-2 border-black pb-3">
        <div>
          <p className="text-2xl font-bold">{shopName}</p>
          {vatNumber && (
            <p className="text-xs" data-testid="slip-vat-number">
              {order.tax_label ?? tax?.label ?? 'VAT'} number {vatNumber}
            </p>
          )}
          <p className="text-sm">Packing slip</p>
        </div>
        <div className="text-right">
          <p className="font-mono text-xl font-bold">{order.order_number}</p>
          <p className="text-sm">{formatDateTime(order.created_at)}</p>
        </div>
      </header>
      <section className="mt-4 grid grid-cols-2 gap-6 text-sm">
        <div>
          <h2 className="text-xs font-bold tracking-wide uppercase">Ship to</h2>
          <p className="mt-1 font-semibold">{order.customer.name}</p>
          <p>{order.customer.phone ? formatPhone(order.customer.phone) : ''}</p>
          <p>{address.street}</p>
          {(address.building || address.floor) && (
            <p>{[address.building, address.floor && `Floor ${address.floor}`].filter(Boolean).join(', ')}</p>
          )}
          <p>{address.city}</p>
          {address.governorate && <p>{GOVERNORATE_NAMES[address.governorate]}</p>}
          {address.notes && <p className="mt-1 italic">{address.notes}</p>}
        </div>
        <div className="space-y-4">
          <div>
            <h2 className="text-xs font-bold tracking-wide uppercase">Payment</h2>
            <p className="mt-1 font-semibold">{payment.label}</p>
            {payment.instructions && <p className="whitespace-pre-line">{payment.instructions}</p>}
          </div>
          {order.notes && (
            <div>
              <h2 className="text-xs font-bold tracking-wide uppercase">Order notes</h2>
              <p className="mt-1 whitespace-pre-line">{order.notes}</p>
            </div>
          )}
        </div>
      </section>
      <table className="mt-6 w-full border-collapse text-sm">
        <thead>
          <ColumnHeaders className="border-b border-black text-left" columns={SLIP_COLUMNS} />
        </thead>
        <tbody>
          {order.items.map((item, index) => (
            // Lines have no id; the same product may appear twice with other variations.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed for this order.
            <tr key={index} className="border-b border-zinc-300 align-top">
              <td className="py-2 pr-2">
                {item.name}
                {Object.keys(item.selectedVariations).length > 0 && (
                  <span className="block text-xs">{variationsText(item.selectedVariations)}</span>
                )}
              </td>
              <td className="py-2 pr-2 font-mono text-xs">{item.sku ?? '—'}</td>
              <td className="py-2 text-right text-base font-bold">{item.quantity}</td>
              <td className="py-2 text-center">☐</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={2} className="pt-2 text-right font-semibold">
              Units
            </td>
            <td className="pt-2 text-right font-bold">{units}</td>
            <td />
          </tr>
        </tfoot>
      </table>
      <p className="mt-8 text-xs">Thank you for shopping with {shopName}.</p>
    </div>,
    document.body,
  );
}
