import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { AdminOrder } from '#shared/contracts/admin-orders.ts';
import { ShippingAddressInputSchema } from '#shared/contracts/orders.ts';
import { AddressFields } from '../ui/customer-fields.tsx';
import { FormDialog } from '../ui/form-dialog.tsx';
import { fieldBinder } from '../ui/form-fields.ts';
import { useOrderWrite } from './order-api.ts';

type AddressInput = z.input<typeof ShippingAddressInputSchema>;
type Address = z.output<typeof ShippingAddressInputSchema>;

/**
 * Correct the delivery address before the parcel leaves. Same fields and rules as the checkout
 * (the shared schema); mounted only while open, so it starts from the order's current address.
 */
export function AddressDialog({ order, onClose }: { order: AdminOrder; onClose: () => void }) {
  const write = useOrderWrite(order.id);
  const current = order.shipping_address;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AddressInput, unknown, Address>({
    resolver: zodResolver(ShippingAddressInputSchema),
    defaultValues: {
      city: current.city,
      street: current.street,
      building: current.building ?? '',
      floor: current.floor ?? '',
      notes: current.notes ?? '',
    },
    mode: 'onTouched',
  });

  const submit = (shipping_address: Address) => {
    // Nothing changed: no write, and no "address corrected" entry in the history.
    const same = (['city', 'street', 'building', 'floor', 'notes'] as const).every(
      (key) => (shipping_address[key] ?? '') === (current[key] ?? ''),
    );
    if (same) {
      onClose();
      return;
    }
    write.mutate(
      {
        kind: 'update',
        // The delivery zone the order was priced with stays (the form corrects the street, not the zone).
        body: {
          shipping_address: { ...shipping_address, governorate: shipping_address.governorate ?? current.governorate },
        },
        success: 'Address updated',
        failure: 'Could not update the address',
      },
      { onSuccess: onClose },
    );
  };

  const field = fieldBinder(register, errors);
  return (
    <FormDialog
      title="Edit shipping address"
      size="md"
      submitLabel="Save address"
      pendingLabel="Saving…"
      pending={write.isPending}
      onSubmit={handleSubmit(submit)}
      onClose={onClose}
    >
      <AddressFields field={field} />
    </FormDialog>
  );
}
