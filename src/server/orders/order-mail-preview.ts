import type { RenderedMail } from '#server/mail/order-mail-render.ts';
import type { Order } from '#shared/contracts/orders.ts';
import type { MailWording, SettingsValues } from '#shared/contracts/settings.ts';
import { computeTotals, toCents } from '#shared/money.ts';
import type { OrderMailEvent } from '#shared/order-mail-strings.ts';
import { buildOrderMail, type OrderMailExtras, orderMailSettingsOf } from './order-mail-view.ts';

/**
 * The order mails with a made-up order (docs/product.md#order-mails-to-the-shopper): what
 * Settings → Email previews, and what its "Send test" sends. Priced with the shop's own settings
 * (tax, the Beirut delivery rate, the cash-on-delivery wording), so the preview shows this shop's
 * totals; never stored, never a real customer.
 */
export function sampleOrder(values: SettingsValues): Order {
  const items: { name: string; unit: number; quantity: number; options: Record<string, string> }[] = [
    { name: 'Arduino Uno R4 WiFi', unit: 27.5, quantity: 1, options: {} },
    { name: 'Maker T-Shirt', unit: 15, quantity: 2, options: { Color: 'White', Size: 'M' } },
  ];
  const lines = items.map((item) => ({
    product_id: null,
    variant_id: null,
    name: item.name,
    sku: null,
    image: null,
    unit_price: item.unit,
    quantity: item.quantity,
    selectedVariations: item.options,
    line_total: (toCents(item.unit) * item.quantity) / 100,
  }));
  const subtotalCents = lines.reduce((sum, line) => sum + toCents(line.line_total), 0);
  const { tax, shipping } = values;
  const free =
    values.shipping.free_delivery_threshold !== null &&
    subtotalCents >= toCents(values.shipping.free_delivery_threshold);
  const totals = computeTotals(subtotalCents, 0, {
    taxRatePercent: tax.rate,
    pricesIncludeTax: tax.prices_include_tax,
    shippingCents: free ? 0 : toCents(shipping.zones.beirut.rate),
  });
  const payment = values.payment.cash_on_delivery;
  return {
    id: '00000000-0000-4000-8000-000000000000',
    order_number: 'CS-100123',
    access_token: 'sample-order-preview-token',
    status: 'pending',
    payment_status: 'pending',
    payment_method: 'cash_on_delivery',
    customer: { name: 'Rami Haddad', phone: '+9613555111', email: 'rami@example.com' },
    shipping_address: {
      city: 'Beirut',
      street: 'Bliss Street',
      building: 'Nour',
      floor: '3',
      notes: 'Ring twice',
      governorate: 'beirut',
    },
    notes: null,
    promo_code: null,
    promo_discount_type: null,
    promo_discount_value: null,
    ...totals,
    tax_label: tax.label,
    tax_rate: tax.rate,
    prices_include_tax: tax.prices_include_tax,
    tax_number: tax.vat_number,
    payment_label: payment.label,
    payment_instructions: payment.instructions,
    shipment: { carrier: 'Aramex', tracking_number: 'AX123456789', tracking_url: 'https://www.aramex.com/track' },
    out_for_delivery_at: null,
    items: lines,
    created_at: new Date(0).toISOString(),
  };
}

/** What each event's sample says beyond the order. */
const SAMPLE_EXTRAS: Partial<Record<OrderMailEvent, (order: Order) => OrderMailExtras>> = {
  cancelled: () => ({ reason: 'The item is out of stock at our supplier.' }),
  refunded: (order) => ({ refund: { amount: order.total, whole: true }, reason: 'Returned within 14 days.' }),
};

/**
 * One order mail with the sample order and the shop's settings; `wording`, when given, stands in
 * for the event's saved subject and introduction (the admin's unsaved edits).
 */
export function previewOrderMail(
  event: OrderMailEvent,
  values: SettingsValues,
  options: { linkBase: string; currency: string; wording?: MailWording },
): RenderedMail {
  const order = sampleOrder(values);
  const settings = orderMailSettingsOf(values, options.linkBase, options.currency);
  if (options.wording) settings.templates = { ...settings.templates, [event]: options.wording };
  return buildOrderMail(event, order, settings, SAMPLE_EXTRAS[event]?.(order) ?? {});
}
