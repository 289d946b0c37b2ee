import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Order } from '#shared/contracts/orders.ts';
import { formatMoney } from '#shared/money.ts';
import { formatPhone } from '#shared/phone.ts';
import { orderPaymentTerms } from '#shared/shop-settings.ts';
import { orderSummaryText, whatsappLink } from '#shared/whatsapp.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { shopDate } from '#web/lib/shop-dates.ts';
import { useShopSettings } from '#web/lib/shop-settings.ts';
import { getSiteConfig } from '#web/lib/site-config.ts';
import { DeliveryAddress } from '#web/storefront/order-kit/delivery-address.tsx';
import { OrderSteps, orderStageText } from '#web/storefront/order-kit/order-steps.tsx';
import { PaymentDetails } from '#web/storefront/order-kit/payment-details.tsx';
import { PlacedOrderLines } from '#web/storefront/order-kit/placed-order-lines.tsx';
import { ShipmentTracking } from '#web/storefront/order-kit/shipment-tracking.tsx';
import { paymentMethodOf } from '#web/storefront/order-kit/shop-settings-text.ts';
import { Container } from '#web/ui/container.tsx';
import { Icon } from '#web/ui/icons.tsx';
import { InlineError } from '#web/ui/inline-error.tsx';
import { usePageTitle } from '#web/ui/use-page-title.ts';
import { orderQuery } from './checkout-queries.ts';

const checkIcon = 'M5 12.5 10 17.5 19 7';
const whatsappIcon =
  'M3.5 20.5 5 16a8.5 8.5 0 1 1 3 3l-4.5 1.5ZM9 8.5c0 3.5 3 6.5 6.5 6.5l1-1.5-2-1-1 1c-1-.5-2.5-2-3-3l1-1-1-2-1.5 1Z';

/** The order as placed: number, what to expect next, the lines and totals, WhatsApp to the shop. */
export function OrderConfirmation({ id, token }: { id: string; token: string }) {
  const order = useQuery(orderQuery(id, token));
  usePageTitle(order.data ? `Order ${order.data.order_number}` : 'Your order');

  if (order.isPending) {
    return (
      <Container className="py-10">
        <div className="mx-auto max-w-2xl space-y-4" role="status" aria-busy="true" aria-label="Loading your order">
          <div className="bone mx-auto size-16 rounded-full" />
          <div className="bone mx-auto h-8 w-64" />
          <div className="bone h-48 w-full rounded-2xl" />
        </div>
      </Container>
    );
  }
  if (order.isError) {
    const missing = order.error instanceof ApiError && order.error.status === 404;
    return (
      <Container className="py-16 text-center">
        {missing ? (
          <>
            <h1 className="text-2xl font-bold text-strong">Order not found</h1>
            <p className="mt-2 text-muted">This link does not open an order. Check that you copied all of it.</p>
            <Link to="/store" className="btn-primary mt-6">
              Continue shopping
            </Link>
          </>
        ) : (
          <InlineError title="Could not load your order" onRetry={() => void order.refetch()} />
        )}
      </Container>
    );
  }
  return <Confirmation order={order.data} />;
}

function Confirmation({ order }: { order: Order }) {
  const { currency, whatsappNumber, features } = getSiteConfig();
  const settings = useShopSettings();
  // As the shopper was told when placing it (an older order: the shop's settings now).
  const payment = orderPaymentTerms(order, paymentMethodOf(settings.data, order.payment_method));
  const whatsapp = features.whatsapp
    ? whatsappLink(whatsappNumber, orderSummaryText({ ...order, payment_label: payment.label }, currency))
    : null;
  const firstName = order.customer.name.split(/\s+/)[0];
  // The receipt links here: once the shop has moved the order on, the page says where it stands.
  const placedJustNow = order.status === 'pending';

  return (
    <Container className="py-8 sm:py-12">
      <div className="mx-auto max-w-2xl">
        <div className="text-center">
          <span className="inline-flex size-16 items-center justify-center rounded-full bg-accent-soft text-accent">
            <Icon d={checkIcon} className="size-8" />
          </span>
          <p className="mt-4 text-muted">Thank you, {firstName}!</p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight text-strong sm:text-3xl">
            {placedJustNow ? 'Your order is placed' : 'Your order'}
          </h1>
          <p className="mt-3 text-lg">
            Order number <strong className="font-mono text-strong">{order.order_number}</strong>
          </p>
          {!placedJustNow && (
            <>
              <p className="mx-auto mt-3 max-w-md text-muted">{orderStageText(order)}</p>
              <OrderSteps status={order.status} outForDeliveryAt={order.out_for_delivery_at} />
            </>
          )}
          {placedJustNow && (
            <p className="mx-auto mt-3 max-w-md text-muted">
              We will call you on <span className="whitespace-nowrap text-fg">{formatPhone(order.customer.phone)}</span>{' '}
              to confirm delivery.{' '}
              {order.payment_method === 'cash_on_delivery'
                ? `You pay ${formatMoney(order.total, currency)} in cash when it arrives.`
                : `Pay ${formatMoney(order.total, currency)} by ${payment.label.toLowerCase()}: the instructions are below.`}
              {order.customer.email && <> A receipt is on its way to {order.customer.email}.</>}
            </p>
          )}
          <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
            {whatsapp && (
              <a
                href={whatsapp}
                target="_blank"
                rel="noopener noreferrer"
                className="btn h-12 bg-[#1f7a4d] px-6 text-base text-white hover:bg-[#17603c]"
              >
                <Icon d={whatsappIcon} />
                Send my order on WhatsApp
              </a>
            )}
            <Link to="/store" className="btn-secondary h-12 px-6 text-base">
              Continue shopping
            </Link>
          </div>
        </div>

        {order.shipment && (
          <div className="mt-8">
            <ShipmentTracking order={order} />
          </div>
        )}

        <section aria-labelledby="placed-order-title" className="card mt-8 p-4 sm:p-6">
          <h2 id="placed-order-title" className="text-lg font-semibold">
            Order summary
          </h2>
          <PlacedOrderLines order={order} currency={currency} />
        </section>

        <section aria-labelledby="delivery-title" className="card mt-4 grid gap-4 p-4 text-sm sm:grid-cols-2 sm:p-6">
          <div>
            <h2 id="delivery-title" className="font-semibold">
              Delivery to
            </h2>
            <DeliveryAddress order={order} />
          </div>
          <div>
            <h2 className="font-semibold">Payment</h2>
            <PaymentDetails order={order} />
            <p className="mt-1 text-muted">
              Placed {shopDate(order.created_at, { dateStyle: 'medium', timeStyle: 'short' })}
            </p>
          </div>
        </section>
      </div>
    </Container>
  );
}
