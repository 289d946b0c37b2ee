import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextAreaField, TextField } from '#web/ui/form-field.tsx';

export type AddressKey = 'city' | 'street' | 'building' | 'floor' | 'notes';
export type ContactKey = 'name' | 'phone' | 'email';

/** What `fieldBinder` hands a field: its registration and its error. */
type BoundField = UseFormRegisterReturn & { error?: string };

/**
 * A delivery address as staff type it (the checkout's fields and rules): city and street, the
 * optional building and floor, and notes for the driver. `field` binds each one to the form,
 * wherever the address sits in it (`address.city`, `shipping_address.city`, `city`).
 */
export function AddressFields({ field }: { field: (key: AddressKey) => BoundField }) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="City or area" autoComplete="off" {...field('city')} />
        <TextField label="Street" autoComplete="off" {...field('street')} />
        <TextField label="Building" optional autoComplete="off" {...field('building')} />
        <TextField label="Floor" optional autoComplete="off" {...field('floor')} />
      </div>
      <TextAreaField label="Delivery notes" optional rows={2} {...field('notes')} />
    </>
  );
}

/**
 * Who the customer is, as staff type it: a name, the phone number the shop calls (required) and
 * an optional email. `field` binds each one to the form, as for AddressFields.
 */
export function ContactFields({
  field,
  nameLabel = 'Name',
}: {
  field: (key: ContactKey) => BoundField;
  nameLabel?: string;
}) {
  return (
    <>
      <TextField label={nameLabel} autoComplete="off" maxLength={100} {...field('name')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Phone"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          placeholder="03 123 456"
          {...field('phone')}
        />
        <TextField label="Email" optional type="email" autoComplete="off" spellCheck={false} {...field('email')} />
      </div>
    </>
  );
}
