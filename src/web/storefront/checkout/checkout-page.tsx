import { ComingSoon } from '#web/ui/coming-soon.tsx';
import { cartIcon } from '#web/ui/icons.tsx';

export function CheckoutPage() {
  return (
    <ComingSoon title="Checkout" heading="Checkout is coming soon" icon={cartIcon}>
      Online ordering opens shortly. Until then, browse the catalogue and contact us to place an order.
    </ComingSoon>
  );
}
