import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { useForm } from 'react-hook-form';
import { type CheckoutDetails, type CheckoutDetailsInput, CheckoutDetailsSchema } from '#shared/contracts/orders.ts';
import { TextAreaField, TextField } from '#web/ui/form-field.tsx';

export const CHECKOUT_FORM_ID = 'checkout-form';

export type CheckoutForm = UseFormReturn<CheckoutDetailsInput, unknown, CheckoutDetails>;
export type CheckoutFieldPath = FieldPath<CheckoutDetailsInput>;

const EMPTY_DETAILS: CheckoutDetailsInput = {
  customer: { name: '', phone: '', email: '' },
  shipping_address: { city: '', street: '', building: '', floor: '', notes: '' },
  payment_method: 'cash_on_delivery',
  notes: '',
};

/** The checkout form's state, validated in the browser by the same zod schema the server applies. */
export function useCheckoutForm(): CheckoutForm {
  return useForm<CheckoutDetailsInput, unknown, CheckoutDetails>({
    resolver: zodResolver(CheckoutDetailsSchema),
    defaultValues: EMPTY_DETAILS,
    // Quiet while typing the first time; once a field has been left, its error follows each keystroke.
    mode: 'onTouched',
  });
}

/** True when an API error path (e.g. `customer.phone`) names one of the form's fields. */
export function isCheckoutField(path: string): path is CheckoutFieldPath {
  return /^(customer\.(name|phone|email)|shipping_address\.(city|street|building|floor|notes)|payment_method|notes)$/.test(
    path,
  );
}

export interface CheckoutFormProps {
  form: CheckoutForm;
  onValid: (details: CheckoutDetails) => void;
}

/** Contact, delivery address, payment. The submit button lives in the order summary (form attribute). */
export function CheckoutFormFields({ form, onValid }: CheckoutFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;

  return (
    <form id={CHECKOUT_FORM_ID} noValidate onSubmit={handleSubmit(onValid)} className="space-y-6">
      <fieldset className="card space-y-4 p-4 sm:p-6">
        <legend className="float-left mb-1 w-full text-lg font-semibold">Contact</legend>
        <TextField
          label="Full name"
          autoComplete="name"
          error={errors.customer?.name?.message}
          {...register('customer.name')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="e.g. 03 123 456"
            hint="We call this number to arrange delivery."
            error={errors.customer?.phone?.message}
            {...register('customer.phone')}
          />
          <TextField
            label="Email"
            optional
            type="email"
            autoComplete="email"
            hint="For your receipt."
            error={errors.customer?.email?.message}
            {...register('customer.email')}
          />
        </div>
      </fieldset>

      <fieldset className="card space-y-4 p-4 sm:p-6">
        <legend className="float-left mb-1 w-full text-lg font-semibold">Delivery address</legend>
        <TextField
          label="City or area"
          autoComplete="address-level2"
          placeholder="e.g. Beirut, Achrafieh"
          error={errors.shipping_address?.city?.message}
          {...register('shipping_address.city')}
        />
        <TextField
          label="Street"
          autoComplete="address-line1"
          error={errors.shipping_address?.street?.message}
          {...register('shipping_address.street')}
        />
        <div className="grid grid-cols-2 gap-4">
          <TextField
            label="Building"
            optional
            autoComplete="address-line2"
            error={errors.shipping_address?.building?.message}
            {...register('shipping_address.building')}
          />
          <TextField
            label="Floor"
            optional
            error={errors.shipping_address?.floor?.message}
            {...register('shipping_address.floor')}
          />
        </div>
        <TextAreaField
          label="Directions for the driver"
          optional
          rows={2}
          placeholder="Landmarks, entrance, best time to deliver"
          error={errors.shipping_address?.notes?.message}
          {...register('shipping_address.notes')}
        />
      </fieldset>

      <fieldset className="card space-y-3 p-4 sm:p-6">
        <legend className="float-left mb-1 w-full text-lg font-semibold">Payment</legend>
        <label className="flex cursor-pointer items-start gap-3 rounded-xl border-2 border-accent bg-accent-soft/40 p-4">
          <input
            type="radio"
            value="cash_on_delivery"
            className="mt-1 size-4 accent-(--accent-solid)"
            {...register('payment_method')}
          />
          <span>
            <span className="block font-medium">Cash on delivery</span>
            <span className="block text-sm text-muted">Pay the driver in cash when your order arrives.</span>
          </span>
        </label>
        <TextAreaField label="Order notes" optional rows={2} error={errors.notes?.message} {...register('notes')} />
      </fieldset>
    </form>
  );
}
