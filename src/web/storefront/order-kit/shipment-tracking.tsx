import type { Order } from '#shared/contracts/orders.ts';

/**
 * How a shipped parcel travels (docs/product.md#tracking): the carrier, the tracking number and a
 * link to the carrier's page, as the shop recorded them with "Mark shipped". Nothing before that,
 * or for a parcel shipped without a carrier. On the order's page (the confirmation, which the
 * receipt links to) and in the account's order history.
 */
export function ShipmentTracking({
  order,
  heading: Heading = 'h2',
}: {
  order: Pick<Order, 'shipment'>;
  heading?: 'h2' | 'h3';
}) {
  const { shipment } = order;
  if (!shipment) return null;
  return (
    <section aria-labelledby="shipment-title" className="card p-4 text-sm sm:p-6" data-testid="shipment-tracking">
      <Heading id="shipment-title" className="font-semibold">
        On its way
      </Heading>
      <p className="mt-1 text-muted">
        Shipped with <span className="text-fg">{shipment.carrier}</span>
        {shipment.tracking_number && (
          <>
            , tracking number <span className="font-mono text-fg break-all">{shipment.tracking_number}</span>
          </>
        )}
        .
      </p>
      {shipment.tracking_url && (
        <a
          href={shipment.tracking_url}
          target="_blank"
          rel="noopener noreferrer"
          className="btn-secondary mt-3 inline-flex h-10 px-4"
        >
          Track your parcel<span className="sr-only"> (opens in a new tab)</span>
        </a>
      )}
    </section>
  );
}
