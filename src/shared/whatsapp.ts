import { formatMoney } from './money.ts';

/**
 * WhatsApp "click to chat" links (wa.me), for the shopper's confirmation (to the shop) and the
 * admin's order screen (to the customer). Pure text building, shared by both sides.
 */

/** `https://wa.me/<digits>` (with `?text=…` when given), or null when the number has too few digits to dial. */
export function whatsappLink(phone: string, text?: string): string | null {
  const digits = phone.replace(/\D/g, '').replace(/^00/, '');
  if (digits.length < 7) return null;
  return `https://wa.me/${digits}${text ? `?text=${encodeURIComponent(text)}` : ''}`;
}

export interface OrderSummaryInput {
  order_number: string;
  items: readonly { name: string; quantity: number; line_total: number; selectedVariations?: Record<string, string> }[];
  total: number;
  /** How the order is paid, as the shop names it ("Bank transfer"); cash on delivery when left out. */
  payment_label?: string;
  customer: { name: string; phone: string };
  shipping_address: { city: string; street: string; building?: string | null; floor?: string | null };
}

/** The pre-written message: order number, each line, the total, and where it goes. */
export function orderSummaryText(order: OrderSummaryInput, currency = 'USD'): string {
  const lines = order.items.map((item) => {
    const options = Object.entries(item.selectedVariations ?? {})
      .map(([name, value]) => `${name}: ${value}`)
      .join(', ');
    return `• ${item.quantity} × ${item.name}${options ? ` (${options})` : ''}: ${formatMoney(item.line_total, currency)}`;
  });
  const { city, street, building, floor } = order.shipping_address;
  const address = [street, building && `building ${building}`, floor && `floor ${floor}`, city]
    .filter(Boolean)
    .join(', ');
  return [
    `Hello! I just placed order ${order.order_number}.`,
    ...lines,
    `Total: ${formatMoney(order.total, currency)} (${(order.payment_label ?? 'cash on delivery').toLowerCase()})`,
    `Name: ${order.customer.name}`,
    `Phone: ${order.customer.phone}`,
    `Deliver to: ${address}`,
  ].join('\n');
}

export interface ProductQuestionInput {
  name: string;
  /** The product page's full address, so the shop sees exactly which item is meant. */
  url: string;
  /** A chosen option (a variant, later), shown after the name: "Arduino Uno R3 (Blue)". */
  option?: string;
}

/** The "Ask on WhatsApp" message of a product page: the product (and its option) and its link. */
export function productQuestionText(product: ProductQuestionInput): string {
  const name = product.option ? `${product.name} (${product.option})` : product.name;
  return `Hello! I have a question about ${name}: ${product.url}`;
}
