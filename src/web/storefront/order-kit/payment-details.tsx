import type { Order } from '#shared/contracts/orders.ts';
import { orderPaymentTerms } from '#shared/shop-settings.ts';
import { useShopSettings } from '#web/lib/shop-settings.ts';
import { paymentMethodOf } from './shop-settings-text.ts';

/**
 * The order's payment method and the instructions for it (how to pay: an IBAN, a Whish number),
 * as the shopper was told them when placing it (an older order that kept none: as the shop's
 * settings say now): the same on the confirmation page and in the shopper's order history.
 */
export function PaymentDetails({
  order,
}: {
  order: Pick<Order, 'payment_method' | 'payment_label' | 'payment_instructions'>;
}) {
  const settings = useShopSettings();
  const { label, instructions } = orderPaymentTerms(order, paymentMethodOf(settings.data, order.payment_method));
  return (
    <div className="mt-1 text-muted">
      <p className="text-fg">{label}</p>
      {instructions && (
        <p className="mt-1 whitespace-pre-line" data-testid="payment-instructions">
          {instructions}
        </p>
      )}
    </div>
  );
}
