import { toShippingAddress } from '#server/db/address-column.ts';
import { toNumber } from '#server/products/products.mapper.ts';
import type { Order, OrderItem, OrderStatus, PaymentMethod, PaymentStatus } from '#shared/contracts/orders.ts';
import type { orderItems, orders } from './orders.table.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

export function toOrderItem(row: OrderItemRow): OrderItem {
  return {
    product_id: row.productId,
    variant_id: row.variantId,
    name: row.productName,
    sku: row.sku,
    image: row.image,
    unit_price: toNumber(row.unitPrice),
    quantity: row.quantity,
    selectedVariations: row.selectedVariations,
    line_total: toNumber(row.lineTotal),
  };
}

/** An order row and its lines (in the shopper's order) in the `Order` contract's shape. */
export function toOrder(row: OrderRow, items: readonly OrderItemRow[]): Order {
  return {
    id: row.id,
    order_number: row.orderNumber,
    access_token: row.accessToken,
    // The columns are text; only the service writes them, with values from these enums.
    status: row.status as OrderStatus,
    payment_status: row.paymentStatus as PaymentStatus,
    payment_method: row.paymentMethod as PaymentMethod,
    customer: { name: row.customerName, phone: row.customerPhone, email: row.customerEmail },
    shipping_address: toShippingAddress(row.shippingAddress),
    notes: row.notes,
    promo_code: row.promoCode,
    promo_discount_type: row.promoDiscountType as Order['promo_discount_type'],
    promo_discount_value: row.promoDiscountValue === null ? null : toNumber(row.promoDiscountValue),
    subtotal: toNumber(row.subtotal),
    tax: toNumber(row.tax),
    shipping: toNumber(row.shipping),
    discount: toNumber(row.discount),
    total: toNumber(row.total),
    tax_label: row.taxLabel,
    tax_rate: row.taxRate === null ? null : toNumber(row.taxRate),
    prices_include_tax: row.pricesIncludeTax,
    tax_number: row.taxNumber,
    payment_label: row.paymentLabel,
    payment_instructions: row.paymentInstructions,
    shipment: row.carrier
      ? { carrier: row.carrier, tracking_number: row.trackingNumber, tracking_url: row.trackingUrl }
      : null,
    out_for_delivery_at: row.outForDeliveryAt?.toISOString() ?? null,
    items: [...items].sort((a, b) => a.position - b.position).map(toOrderItem),
    created_at: row.createdAt.toISOString(),
  };
}
