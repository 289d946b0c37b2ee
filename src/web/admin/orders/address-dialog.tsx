import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { AdminOrder } from '#shared/contracts/admin-orders.ts';
import { ShippingAddressInputSchema } from '#shared/contracts/orders.ts';
import { TextAreaField, TextField } from '#web/ui/form-field.tsx';
import { useControlledDialog } from '../ui/use-controlled-dialog.ts';
import { useOrderWrite } from './order-api.ts';

type AddressInput = z.input<typeof ShippingAddressInputSchema>;
type Address = z.output<typeof ShippingAddressInputSchema>;

/**
 * Correct the delivery address before the parcel leaves. Same fields and rules as the checkout
 * (the shared schema); mounted only while open, so it starts from the order's current address.
 */
export function AddressDialog({ order, onClose }: { order: AdminOrder; onClose: () => void }) {
  const dialog = useControlledDialog(true);
  const titleId = useId();
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
        body: { shipping_address },
        success: 'Address updated',
        failure: 'Could not update the address',
      },
      { onSuccess: onClose },
    );
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(32rem,calc(100vw-2rem))] rounded-2xl border border-line bg-surface p-6 text-fg shadow-xl backdrop:bg-black/40"
    >
      <h2 id={titleId} className="text-lg font-semibold text-strong">
        Edit shipping address
      </h2>
      <form noValidate onSubmit={handleSubmit(submit)} className="mt-4 space-y-4">
        <TextField label="City or area" autoComplete="off" error={errors.city?.message} {...register('city')} />
        <TextField label="Street" autoComplete="off" error={errors.street?.message} {...register('street')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Building"
            optional
            autoComplete="off"
            error={errors.building?.message}
            {...register('building')}
          />
          <TextField label="Floor" optional autoComplete="off" error={errors.floor?.message} {...register('floor')} />
        </div>
        <TextAreaField label="Delivery notes" optional rows={2} error={errors.notes?.message} {...register('notes')} />
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <button type="button" className="btn-secondary" onClick={onClose} disabled={write.isPending}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={write.isPending}>
            {write.isPending ? 'Saving…' : 'Save address'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
