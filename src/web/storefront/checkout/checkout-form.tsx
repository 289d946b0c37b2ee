import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { useForm } from 'react-hook-form';
import { type CheckoutDetails, type CheckoutDetailsInput, CheckoutDetailsSchema } from '#shared/contracts/orders.ts';
import type { PublicSettings } from '#shared/contracts/settings.ts';
import { formatMoney } from '#shared/money.ts';
import { GOVERNORATE_NAMES, GOVERNORATES, PAYMENT_METHOD_NAMES } from '#shared/shop-settings.ts';
import { deliveryDaysText } from '#web/storefront/order-kit/shop-settings-text.ts';
import { SelectField, TextAreaField, TextField } from '#web/ui/form-field.tsx';

export const CHECKOUT_FORM_ID = 'checkout-form';

export type CheckoutForm = UseFormReturn<CheckoutDetailsInput, unknown, CheckoutDetails>;
export type CheckoutFieldPath = FieldPath<CheckoutDetailsInput>;

const EMPTY_DETAILS: CheckoutDetailsInput = {
  customer: { name: '', phone: '', email: '' },
  // No governorate until the shopper picks one: the select starts on "Choose…".
  shipping_address: { city: '', street: '', building: '', floor: '', notes: '', governorate: '' as never },
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
  return /^(customer\.(name|phone|email)|shipping_address\.(city|street|building|floor|notes|governorate)|payment_method|notes)$/.test(
    path,
  );
}

export interface CheckoutFormProps {
  form: CheckoutForm;
  onValid: (details: CheckoutDetails) => void;
  /** The shop's public settings: delivery zones (rate, days) and the enabled payment methods. */
  settings: PublicSettings | undefined;
  currency: string;
}

/**
 * Contact, delivery address (with the governorate: the delivery zone, its cost and days), payment
 * (the methods the shop has turned on, each with its instructions). The submit button lives in the
 * order summary (form attribute).
 */
export function CheckoutFormFields({ form, onValid, settings, currency }: CheckoutFormProps) {
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = form;
  // Until the settings arrive (or if they cannot be read) the governorates are still offered, and
  // cash on delivery; the server prices and checks whatever is sent.
  const zones = settings?.delivery.zones;
  const zoneOptions = zones ?? GOVERNORATES.map((zone) => ({ zone, name: GOVERNORATE_NAMES[zone] }));
  const chosenZone = zones?.find((zone) => zone.zone === watch('shipping_address.governorate'));
  const methods = settings?.payment_methods ?? [
    { method: 'cash_on_delivery' as const, label: PAYMENT_METHOD_NAMES.cash_on_delivery, instructions: '' },
  ];
  const chosenMethod = watch('payment_method');
  const threshold = settings?.delivery.free_delivery_threshold ?? null;

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
        <SelectField
          label="Governorate"
          autoComplete="address-level1"
          hint={
            chosenZone
              ? `Delivery ${chosenZone.rate === 0 ? 'free' : formatMoney(chosenZone.rate, currency)}, ${deliveryDaysText(chosenZone.delivery_days_min, chosenZone.delivery_days_max)}${threshold !== null && chosenZone.rate > 0 ? `; free from ${formatMoney(threshold, currency)}` : ''}.`
              : 'Delivery cost and time depend on your governorate.'
          }
          error={errors.shipping_address?.governorate?.message}
          {...register('shipping_address.governorate')}
        >
          <option value="">Choose your governorate</option>
          {zoneOptions.map((zone) => (
            <option key={zone.zone} value={zone.zone}>
              {zone.name}
            </option>
          ))}
        </SelectField>
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
        <div role="radiogroup" aria-label="Payment method" className="space-y-3">
          {methods.map((method) => (
            <label
              key={method.method}
              className={`flex cursor-pointer items-start gap-3 rounded-xl border-2 p-4 ${
                chosenMethod === method.method ? 'border-accent bg-accent-soft/40' : 'border-line'
              }`}
            >
              <input
                type="radio"
                value={method.method}
                className="mt-1 size-4 accent-(--accent-solid)"
                {...register('payment_method')}
              />
              <span>
                <span className="block font-medium">{method.label}</span>
                {method.instructions && (
                  <span className="block text-sm whitespace-pre-line text-muted">{method.instructions}</span>
                )}
              </span>
            </label>
          ))}
        </div>
        {errors.payment_method?.message && (
          <p role="alert" className="text-sm text-danger">
            {errors.payment_method.message}
          </p>
        )}
        <TextAreaField label="Order notes" optional rows={2} error={errors.notes?.message} {...register('notes')} />
      </fieldset>
    </form>
  );
}
