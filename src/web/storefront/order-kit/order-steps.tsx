import type { OrderStatus } from '#shared/contracts/orders.ts';
import { shopDate } from '#web/lib/shop-dates.ts';

type Step = Exclude<OrderStatus, 'cancelled'> | 'out_for_delivery';

/**
 * The steps an order goes through, as the shopper reads them (docs/product.md#tracking). "Out for
 * delivery" is a step of a shipped order, not a status (docs/product.md#out-for-delivery).
 */
const STEPS: readonly { step: Step; label: string }[] = [
  { step: 'pending', label: 'Placed' },
  { step: 'confirmed', label: 'Confirmed' },
  { step: 'processing', label: 'Being prepared' },
  { step: 'shipped', label: 'On its way' },
  { step: 'out_for_delivery', label: 'Out for delivery' },
  { step: 'delivered', label: 'Delivered' },
];

/** Where the order stands, in one sentence for the page's top. */
export const ORDER_STAGE_TEXT: Record<OrderStatus, string> = {
  pending: 'We received your order and will call you to confirm delivery.',
  confirmed: 'Confirmed: we are getting it ready.',
  processing: 'Being prepared for delivery.',
  shipped: 'On its way to you.',
  delivered: 'Delivered. Thank you for shopping with us.',
  cancelled: 'This order was cancelled.',
};
/** The sentence of a shipped order once it is out for delivery. */
export const OUT_FOR_DELIVERY_STAGE_TEXT = 'Out for delivery: the driver is on the way to you.';

/** The sentence for where the order stands: its status's, or the delivery step's. */
export function orderStageText(order: { status: OrderStatus; out_for_delivery_at: string | null }): string {
  return order.status === 'shipped' && order.out_for_delivery_at
    ? OUT_FOR_DELIVERY_STAGE_TEXT
    : ORDER_STAGE_TEXT[order.status];
}

/**
 * The order's steps with the current one marked (`aria-current="step"`): what the order page shows
 * once the shop has moved it on. The delivery step shows when it happened, once it has. A cancelled
 * order has no steps, only its sentence.
 */
export function OrderSteps({ status, outForDeliveryAt }: { status: OrderStatus; outForDeliveryAt: string | null }) {
  if (status === 'cancelled') return null;
  const now: Step = status === 'shipped' && outForDeliveryAt ? 'out_for_delivery' : status;
  const current = STEPS.findIndex((step) => step.step === now);
  return (
    <ol aria-label="Order progress" className="mt-6 grid grid-cols-6 gap-1 text-center text-xs sm:text-sm">
      {STEPS.map((step, index) => {
        const done = index <= current;
        return (
          <li
            key={step.step}
            aria-current={index === current ? 'step' : undefined}
            className={done ? 'font-medium text-strong' : 'text-muted'}
          >
            <span
              aria-hidden="true"
              className={`mx-auto mb-1.5 block h-1.5 rounded-full ${done ? 'bg-accent' : 'bg-line-strong'}`}
            />
            {step.label}
            <span className="sr-only">{index < current ? ' (done)' : index === current ? ' (now)' : ''}</span>
            {step.step === 'out_for_delivery' && outForDeliveryAt && (
              <time dateTime={outForDeliveryAt} className="mt-0.5 block font-normal text-muted">
                {shopDate(outForDeliveryAt, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })}
              </time>
            )}
          </li>
        );
      })}
    </ol>
  );
}
