import type { OrderStatus } from '#shared/contracts/orders.ts';

/** The steps an order goes through, as the shopper reads them (docs/product.md#tracking). */
const STEPS: readonly { status: Exclude<OrderStatus, 'cancelled'>; label: string }[] = [
  { status: 'pending', label: 'Placed' },
  { status: 'confirmed', label: 'Confirmed' },
  { status: 'processing', label: 'Being prepared' },
  { status: 'shipped', label: 'On its way' },
  { status: 'delivered', label: 'Delivered' },
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

/**
 * The order's steps with the current one marked (`aria-current="step"`): what the order page shows
 * once the shop has moved it on. A cancelled order has no steps, only its sentence.
 */
export function OrderSteps({ status }: { status: OrderStatus }) {
  if (status === 'cancelled') return null;
  const current = STEPS.findIndex((step) => step.status === status);
  return (
    <ol aria-label="Order progress" className="mt-6 grid grid-cols-5 gap-1 text-center text-xs sm:text-sm">
      {STEPS.map((step, index) => {
        const done = index <= current;
        return (
          <li
            key={step.status}
            aria-current={index === current ? 'step' : undefined}
            className={done ? 'font-medium text-strong' : 'text-muted'}
          >
            <span
              aria-hidden="true"
              className={`mx-auto mb-1.5 block h-1.5 rounded-full ${done ? 'bg-accent' : 'bg-line-strong'}`}
            />
            {step.label}
            <span className="sr-only">{index < current ? ' (done)' : index === current ? ' (now)' : ''}</span>
          </li>
        );
      })}
    </ol>
  );
}
