import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { AccountAddress } from '#shared/contracts/accounts.ts';
import type { CheckoutDetails, CreateOrderRequest, Order, OrderLineInput } from '#shared/contracts/orders.ts';
import { ADDRESSES_KEY, saveAddress, useAddresses } from '#web/storefront/shopper-kit/addresses-api.ts';
import { shopperRequest } from '#web/storefront/shopper-kit/shopper-api.ts';
import { useShopper } from '#web/storefront/shopper-kit/shopper-session-store.ts';
import type { CheckoutForm } from './checkout-form.tsx';

/**
 * Checkout while signed in (docs/product.md#signed-in-checkout): the contact details come from
 * the account and the address from the default saved one (a picker when there are several); the
 * order goes with the bearer token so it joins the account. A guest sees none of this.
 */

const NEW_ADDRESS = 'new';

function fillAddress(form: CheckoutForm, address: AccountAddress | null) {
  const options = { shouldValidate: false, shouldDirty: true } as const;
  form.setValue('shipping_address.city', address?.city ?? '', options);
  form.setValue('shipping_address.street', address?.street ?? '', options);
  form.setValue('shipping_address.building', address?.building ?? '', options);
  form.setValue('shipping_address.floor', address?.floor ?? '', options);
  form.setValue('shipping_address.notes', address?.notes ?? '', options);
  // The saved zone prices the delivery at once; an address saved before zones asks it again.
  form.setValue('shipping_address.governorate', address?.governorate ?? ('' as never), options);
}

export function useSignedInCheckout(form: CheckoutForm) {
  const shopper = useShopper();
  const addresses = useAddresses(Boolean(shopper));
  const [selected, setSelected] = useState<string>(NEW_ADDRESS);
  const [saveNew, setSaveNew] = useState(false);
  const filledContact = useRef(false);
  const filledAddress = useRef(false);
  const queryClient = useQueryClient();

  // Once, and only into empty fields: what the shopper typed is never overwritten.
  useEffect(() => {
    if (!shopper || filledContact.current) return;
    filledContact.current = true;
    const values = form.getValues('customer');
    if (!values.name && shopper.name) form.setValue('customer.name', shopper.name);
    if (!values.phone && shopper.phone) form.setValue('customer.phone', shopper.phone);
    if (!values.email && shopper.email) form.setValue('customer.email', shopper.email);
  }, [shopper, form]);

  useEffect(() => {
    if (!addresses.data || filledAddress.current) return;
    filledAddress.current = true;
    const preferred = addresses.data.find((address) => address.is_default) ?? addresses.data[0];
    if (!preferred || form.getValues('shipping_address.street')) return;
    setSelected(preferred.id);
    fillAddress(form, preferred);
  }, [addresses.data, form]);

  const choose = (id: string) => {
    setSelected(id);
    fillAddress(form, addresses.data?.find((address) => address.id === id) ?? null);
  };

  /** POST /orders with the shopper's token; then, when asked, the new address joins the book. */
  const place = async (
    details: CheckoutDetails,
    lines: OrderLineInput[],
    idempotencyKey: string,
    promoCode: string | null,
  ): Promise<Order> => {
    const body: CreateOrderRequest = { ...details, items: lines, ...(promoCode ? { promo_code: promoCode } : {}) };
    const order = await shopperRequest<Order>('/orders', {
      method: 'POST',
      body,
      headers: { 'Idempotency-Key': idempotencyKey },
    });
    if (saveNew && selected === NEW_ADDRESS) {
      const { city, street, building, floor, notes, governorate } = details.shipping_address;
      // The order is placed: a full address book or a failure here must not look like a failed order.
      await saveAddress({ label: city.slice(0, 60), city, street, building, floor, notes, governorate })
        .then(() => queryClient.invalidateQueries({ queryKey: ADDRESSES_KEY }))
        .catch(() => undefined);
    }
    return order;
  };

  return {
    signedIn: Boolean(shopper),
    addresses: addresses.data ?? [],
    selected,
    choose,
    saveNew,
    setSaveNew,
    place,
  };
}

export type SignedInCheckout = ReturnType<typeof useSignedInCheckout>;

/** The saved-address picker and the "save this address" choice, above the form. */
export function SavedAddressPicker({ checkout }: { checkout: SignedInCheckout }) {
  if (!checkout.signedIn) return null;
  const { addresses, selected, choose, saveNew, setSaveNew } = checkout;
  return (
    <div className="card space-y-3 p-4 sm:p-6">
      {addresses.length > 0 && (
        <label className="block text-sm font-medium">
          Deliver to
          <select
            className="input mt-1 w-full"
            value={selected}
            onChange={(event) => choose(event.target.value)}
            aria-label="Saved address"
          >
            {addresses.map((address) => (
              <option key={address.id} value={address.id}>
                {address.label}: {address.street}, {address.city}
                {address.is_default ? ' (default)' : ''}
              </option>
            ))}
            <option value={NEW_ADDRESS}>A new address</option>
          </select>
        </label>
      )}
      {selected === NEW_ADDRESS && (
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-(--accent-solid)"
            checked={saveNew}
            onChange={(event) => setSaveNew(event.target.checked)}
          />
          Save this address to my account
        </label>
      )}
    </div>
  );
}
