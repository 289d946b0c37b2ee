import { zodResolver } from '@hookform/resolvers/zod';
import {
  GOVERNORATE_NAMES,
  GOVERNORATES,
  OWN_DRIVER,
  PAYMENT_METHODS,
  type PaymentMethod,
  type PaymentSettings,
  PaymentSettingsSchema,
  type ShippingSettings,
  ShippingSettingsSchema,
  type TaxSettings,
  TaxSettingsSchema,
} from '#shared/contracts/settings.ts';
import { ListInput } from '#web/admin/shared/list-input.tsx';
import { FieldShell, TextAreaField, TextField } from '#web/ui/form-field.tsx';
import { DetailCard } from '../ui/detail-layout.tsx';
import { Badge } from '../ui/status-badge.tsx';
import { SwitchField } from '../ui/switch-field.tsx';
import { SectionFormBody, useSectionForm } from './section-form.tsx';

const paymentResolver = zodResolver(PaymentSettingsSchema);
const shippingResolver = zodResolver(ShippingSettingsSchema);
const taxResolver = zodResolver(TaxSettingsSchema);

const METHOD_TITLES: Record<PaymentMethod, string> = {
  cash_on_delivery: 'Cash on delivery',
  bank_transfer: 'Bank transfer',
  money_transfer: 'Money transfer (Whish, OMT)',
  card: 'Card',
};

/** The Payments tab: a card per method (on/off, its name and instructions at checkout). */
export function PaymentsForm({ saved }: { saved: PaymentSettings }) {
  const editor = useSectionForm({
    section: 'payment',
    saved,
    resolver: paymentResolver,
    toFormValues: (payment: PaymentSettings) => payment,
  });
  const { field } = editor;
  return (
    <SectionFormBody editor={editor}>
      {PAYMENT_METHODS.map((method) => {
        // No card payments yet: shown so the merchant knows, but it cannot be switched on.
        const later = method === 'card';
        return (
          <DetailCard
            key={method}
            title={METHOD_TITLES[method]}
            action={later ? <Badge className="bg-subtle text-muted normal-case">Coming later</Badge> : undefined}
            stack
          >
            <SwitchField
              label={later ? 'Card payments are not available yet' : 'Offer at checkout'}
              disabled={later}
              {...field(`${method}.enabled`)}
            />
            {!later && (
              <>
                <TextField label="Name at checkout" {...field(`${method}.label`)} />
                <TextAreaField
                  label="Instructions"
                  optional={method === 'cash_on_delivery'}
                  rows={3}
                  hint="Shown at checkout and on the order confirmation: how to pay."
                  {...field(`${method}.instructions`)}
                />
              </>
            )}
          </DetailCard>
        );
      })}
    </SectionFormBody>
  );
}

/** The Delivery tab: a row per governorate (rate, fewest and most days) and the free-delivery threshold. */
export function DeliveryForm({ saved }: { saved: ShippingSettings }) {
  const editor = useSectionForm({
    section: 'shipping',
    saved,
    resolver: shippingResolver,
    toFormValues: (shipping: ShippingSettings) => shipping,
  });
  const { numberField, valueField } = editor;
  const carriers = valueField('carriers');
  return (
    <SectionFormBody editor={editor}>
      <DetailCard title="Delivery by governorate" description="The rate in dollars, and working days to deliver.">
        <div className="divide-y divide-line">
          {GOVERNORATES.map((zone) => (
            <fieldset key={zone} className="grid grid-cols-3 gap-3 py-3 first:pt-0 sm:grid-cols-[10rem_1fr_1fr_1fr]">
              <legend className="contents">
                <span className="col-span-3 text-sm font-semibold text-strong sm:col-span-1 sm:pt-8">
                  {GOVERNORATE_NAMES[zone]}
                </span>
              </legend>
              <TextField label="Rate ($)" {...numberField(`zones.${zone}.rate`)} />
              <TextField label="Fewest days" {...numberField(`zones.${zone}.delivery_days_min`)} />
              <TextField label="Most days" {...numberField(`zones.${zone}.delivery_days_max`)} />
            </fieldset>
          ))}
        </div>
      </DetailCard>
      <DetailCard stack title="Free delivery">
        <TextField
          label="Free delivery from ($)"
          optional
          className="sm:max-w-xs"
          hint="Orders whose subtotal reaches this amount are delivered free. Blank: never."
          {...numberField('free_delivery_threshold', true)}
        />
      </DetailCard>
      <DetailCard stack title="Carriers">
        <FieldShell
          label="Carriers"
          hint={`Offered when you mark an order shipped, with "${OWN_DRIVER}". Separate them with commas.`}
          error={carriers.error}
        >
          {({ id, describedBy }) => (
            <ListInput
              id={id}
              describedBy={describedBy}
              invalid={Boolean(carriers.error)}
              value={carriers.value ?? []}
              onChange={carriers.onChange}
            />
          )}
        </FieldShell>
      </DetailCard>
    </SectionFormBody>
  );
}

/** The Tax tab: rate, its name on receipts, the VAT number, and whether prices include it. */
export function TaxForm({ saved }: { saved: TaxSettings }) {
  const editor = useSectionForm({
    section: 'tax',
    saved,
    resolver: taxResolver,
    toFormValues: (tax: TaxSettings) => tax,
  });
  const { field, numberField } = editor;
  return (
    <SectionFormBody editor={editor}>
      <DetailCard stack title="Tax">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Tax rate (%)" hint="11 for Lebanese VAT." {...numberField('rate')} />
          <TextField label="Tax name" hint="What receipts call it, e.g. VAT." {...field('label')} />
          <TextField label="VAT number" optional hint="Shown on invoices." {...field('vat_number')} />
        </div>
        <SwitchField
          label="Prices include tax"
          hint="On: the prices you enter already hold the tax. Off: tax is added on top at checkout."
          {...field('prices_include_tax')}
        />
      </DetailCard>
    </SectionFormBody>
  );
}
