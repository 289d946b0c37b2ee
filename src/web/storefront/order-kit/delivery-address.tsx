import type { Order } from '#shared/contracts/orders.ts';
import { governorateName } from './shop-settings-text.ts';

/**
 * Where a placed order goes, as the shopper typed it: name, street line, city and notes. The same
 * on the confirmation page and in the shopper's order history.
 */
export function DeliveryAddress({ order }: { order: Pick<Order, 'customer' | 'shipping_address'> }) {
  const { city, street, building, floor, notes, governorate } = order.shipping_address;
  const zone = governorateName(governorate);
  return (
    <p className="mt-1 text-muted">
      {order.customer.name}
      <br />
      {[street, building && `Building ${building}`, floor && `Floor ${floor}`].filter(Boolean).join(', ')}
      <br />
      {zone ? `${city}, ${zone}` : city}
      {notes && (
        <>
          <br />
          {notes}
        </>
      )}
    </p>
  );
}
