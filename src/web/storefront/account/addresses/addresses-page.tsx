import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  type AccountAddress,
  type AccountAddressInput,
  AccountAddressInputSchema,
  ADDRESS_BOOK_LIMIT,
} from '#shared/contracts/accounts.ts';
import { GovernorateSchema } from '#shared/contracts/orders.ts';
import { GOVERNORATE_NAMES, GOVERNORATES } from '#shared/shop-settings.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import {
  ADDRESSES_KEY,
  deleteAddress,
  inputOf,
  saveAddress,
  useAddresses,
} from '#web/storefront/shopper-kit/addresses-api.ts';
import { SelectField, TextAreaField, TextField } from '#web/ui/form-field.tsx';
import { InlineError } from '#web/ui/inline-error.tsx';
import { usePageTitle } from '#web/ui/use-page-title.ts';

/**
 * /account/addresses (docs/product.md#account-area): saved delivery addresses in the checkout's
 * Lebanese fields with the governorate (the delivery zone), one default (the checkout prefills it,
 * its governorate included).
 */
export function AddressesPage() {
  usePageTitle('My addresses');
  const addresses = useAddresses();
  const queryClient = useQueryClient();
  // null: no form open; 'new': adding; an address: editing it.
  const [editing, setEditing] = useState<AccountAddress | 'new' | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ADDRESSES_KEY });

  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      await refresh();
      toast({ title: done, variant: 'success' });
    } catch (error) {
      toast({ title: error instanceof ApiError ? error.message : 'Something went wrong', variant: 'error' });
    }
  };

  if (addresses.isPending)
    return <div className="bone h-40 w-full rounded-2xl" role="status" aria-label="Loading addresses" />;
  if (addresses.isError)
    return <InlineError title="Could not load your addresses" onRetry={() => void addresses.refetch()} />;
  const list = addresses.data;

  return (
    <section aria-labelledby="addresses-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="addresses-title" className="text-lg font-semibold">
          Saved addresses
        </h2>
        {editing === null && list.length < ADDRESS_BOOK_LIMIT && (
          <button type="button" className="btn-primary" onClick={() => setEditing('new')}>
            Add an address
          </button>
        )}
      </div>
      {editing !== null && (
        <AddressForm
          address={editing === 'new' ? null : editing}
          onCancel={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await refresh();
          }}
        />
      )}
      {list.length === 0 && editing === null && (
        <div className="card p-8 text-center text-muted">No saved addresses yet. Add one to check out faster.</div>
      )}
      <ul className="grid gap-4 sm:grid-cols-2">
        {list.map((address) => (
          <li key={address.id} className="card flex flex-col p-4">
            <div className="flex items-start justify-between gap-2">
              <p className="font-semibold text-strong">{address.label}</p>
              {address.is_default && (
                <span className="rounded-full bg-accent-soft px-2.5 py-0.5 text-xs font-semibold text-accent">
                  Default
                </span>
              )}
            </div>
            <p className="mt-1 flex-1 text-sm text-muted">
              {[
                address.street,
                address.building && `Building ${address.building}`,
                address.floor && `Floor ${address.floor}`,
              ]
                .filter(Boolean)
                .join(', ')}
              <br />
              {address.city}
              {address.governorate && `, ${GOVERNORATE_NAMES[address.governorate]}`}
              {address.notes && (
                <>
                  <br />
                  {address.notes}
                </>
              )}
            </p>
            <div className="mt-3 flex flex-wrap gap-2">
              <button type="button" className="btn-secondary" onClick={() => setEditing(address)}>
                Edit
              </button>
              {!address.is_default && (
                <button
                  type="button"
                  className="btn-secondary"
                  onClick={() =>
                    void run(
                      () => saveAddress(inputOf(address, { is_default: true }), address.id),
                      'Default address changed',
                    )
                  }
                >
                  Make default
                </button>
              )}
              <button
                type="button"
                className="btn-secondary text-danger"
                onClick={() => {
                  if (window.confirm(`Delete the address "${address.label}"?`)) {
                    void run(() => deleteAddress(address.id), 'Address deleted');
                  }
                }}
              >
                Delete
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The form asks the governorate as checkout does (required); the API takes it as optional, so an
 * address saved before zones can still be made the default as it is.
 */
const AddressFormSchema = AccountAddressInputSchema.extend({ governorate: GovernorateSchema }).strict();
type AddressFormInput = z.input<typeof AddressFormSchema>;

function AddressForm({
  address,
  onCancel,
  onSaved,
}: {
  address: AccountAddress | null;
  onCancel: () => void;
  onSaved: () => Promise<void>;
}) {
  const form = useForm<AddressFormInput, unknown, AccountAddressInput>({
    resolver: zodResolver(AddressFormSchema),
    defaultValues: {
      label: address?.label ?? '',
      city: address?.city ?? '',
      street: address?.street ?? '',
      building: address?.building ?? '',
      floor: address?.floor ?? '',
      notes: address?.notes ?? '',
      // None yet (a new address, or one saved before zones): the select starts on its prompt.
      governorate: address?.governorate ?? ('' as never),
      is_default: address?.is_default ?? false,
    },
    mode: 'onTouched',
  });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;
  const onValid = async (input: AccountAddressInput) => {
    try {
      await saveAddress(input, address?.id);
      toast({ title: address ? 'Address saved' : 'Address added', variant: 'success' });
      await onSaved();
    } catch (error) {
      if (error instanceof ApiError) {
        for (const item of error.errors) form.setError(item.path as keyof AddressFormInput, { message: item.message });
      }
      toast({ title: error instanceof ApiError ? error.message : 'Could not save the address', variant: 'error' });
    }
  };
  return (
    <form
      noValidate
      onSubmit={handleSubmit(onValid)}
      className="card space-y-4 p-4 sm:p-6"
      aria-label={address ? 'Edit address' : 'New address'}
    >
      <TextField
        label="Name for this address"
        placeholder="e.g. Home, Work"
        error={errors.label?.message}
        {...register('label')}
      />
      <SelectField
        label="Governorate"
        autoComplete="address-level1"
        hint="Your delivery zone: checkout charges its delivery cost."
        error={errors.governorate?.message}
        {...register('governorate')}
      >
        <option value="">Choose your governorate</option>
        {GOVERNORATES.map((zone) => (
          <option key={zone} value={zone}>
            {GOVERNORATE_NAMES[zone]}
          </option>
        ))}
      </SelectField>
      <TextField
        label="City or area"
        autoComplete="address-level2"
        placeholder="e.g. Beirut, Achrafieh"
        error={errors.city?.message}
        {...register('city')}
      />
      <TextField label="Street" autoComplete="address-line1" error={errors.street?.message} {...register('street')} />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label="Building"
          optional
          autoComplete="address-line2"
          error={errors.building?.message}
          {...register('building')}
        />
        <TextField label="Floor" optional error={errors.floor?.message} {...register('floor')} />
      </div>
      <TextAreaField
        label="Directions for the driver"
        optional
        rows={2}
        placeholder="Landmarks, entrance, best time to deliver"
        error={errors.notes?.message}
        {...register('notes')}
      />
      {!address?.is_default && (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-4 accent-(--accent-solid)" {...register('is_default')} />
          Use as my default address
        </label>
      )}
      <div className="flex gap-2">
        <button type="submit" className="btn-primary" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save address'}
        </button>
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
