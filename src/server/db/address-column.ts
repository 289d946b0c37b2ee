import { jsonb } from 'drizzle-orm/pg-core';
import type { Order } from '#shared/contracts/orders.ts';
import { GOVERNORATES, type Governorate } from '#shared/shop-settings.ts';

/**
 * A postal address as a jsonb column. Customers keep their last one and every order keeps a copy
 * of where it ships, in the same shape, so both tables share this helper instead of importing
 * each other (orders.table.ts already references customers.table.ts for `customer_id`).
 */
export interface ShippingAddressRow {
  city: string;
  street: string;
  building?: string;
  floor?: string;
  notes?: string;
  /** The delivery zone (a Governorate key); absent on older addresses. */
  governorate?: string;
}

export const addressColumn = (name: string) => jsonb(name).$type<ShippingAddressRow>();

/** The address as the contracts have it: optional parts left out rather than empty. */
export function toShippingAddress(address: ShippingAddressRow): Order['shipping_address'] {
  return {
    city: address.city,
    street: address.street,
    ...(address.building && { building: address.building }),
    ...(address.floor && { floor: address.floor }),
    ...(address.notes && { notes: address.notes }),
    ...(isGovernorate(address.governorate) && { governorate: address.governorate }),
  };
}

function isGovernorate(value: string | undefined): value is Governorate {
  return (GOVERNORATES as readonly string[]).includes(value ?? '');
}
