import type { ChangeEvent, ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import type { AdminCategory } from '#shared/contracts/admin-categories.ts';
import { PROMO_CODE_MAX_LENGTH, type PromoCode, type PromoCodeWrite } from '#shared/contracts/promo-codes.ts';
import { SelectField, TextAreaField, TextField } from '#web/ui/form-field.tsx';
import { DetailCard } from '../ui/detail-layout.tsx';
import { EditorFormBody } from '../ui/form-save-bar.tsx';
import { useEditorForm } from '../ui/use-editor-form.tsx';
import { CategoryPicker, SkuPicker } from './product-picker.tsx';
import {
  EMPTY_PROMO_FORM,
  formFieldOf,
  type PromoFormValues,
  promoResolver,
  randomPromoCode,
  toFormValues,
} from './promo-form-values.ts';

/** A field with its unit at the right edge of the input ("%", "$"). */
function WithUnit({ unit, children }: { unit: string; children: ReactNode }) {
  return (
    <div className="relative">
      {children}
      <span aria-hidden="true" className="pointer-events-none absolute top-9.5 right-3 text-sm text-muted">
        {unit}
      </span>
    </div>
  );
}

/**
 * Create or edit one promo code. Validation is the shared contract's (PromoCodeWriteSchema, which
 * the server runs too); the server's own refusals (a taken code, unknown SKUs) land on their fields.
 */
export function PromoForm({
  code,
  categories,
  onSave,
}: {
  code?: PromoCode;
  categories: readonly AdminCategory[];
  /** Resolves with the saved code; throws ApiError to show the server's answer. */
  onSave: (values: PromoCodeWrite) => Promise<PromoCode>;
}) {
  const editor = useEditorForm<PromoFormValues, PromoCodeWrite, PromoCode>({
    noun: 'promo code',
    resolver: promoResolver,
    defaultValues: code ? toFormValues(code) : EMPTY_PROMO_FORM,
    save: onSave,
    toFormValues,
    fields: Object.keys(EMPTY_PROMO_FORM),
    fieldOf: formFieldOf,
    // A taken code is the one conflict a save can hit.
    conflictField: 'code',
  });
  const { form, field, valueField } = editor;
  const { register, control, setValue } = form;
  const discountType = useWatch({ control, name: 'discount_type' });
  const appliesTo = useWatch({ control, name: 'applies_to' });
  const codeField = field('code');
  // Upper-cased as typed (the code is stored that way), keeping the caret where it was.
  const onCodeChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const caret = input.selectionStart;
    input.value = input.value.toUpperCase();
    if (caret !== null) input.setSelectionRange(caret, caret);
    return codeField.onChange(event);
  };
  const percentage = discountType === 'percentage';

  return (
    <EditorFormBody
      editor={editor}
      editing={code !== undefined}
      noun="code"
      main={
        <>
          <DetailCard stack title="Code">
            <div className="flex items-start gap-2">
              <TextField
                label="Code"
                className="min-w-0 flex-1"
                autoCapitalize="characters"
                autoComplete="off"
                spellCheck={false}
                maxLength={PROMO_CODE_MAX_LENGTH}
                hint="Letters, digits, - and _; shoppers may type it in any case."
                {...codeField}
                onChange={onCodeChange}
              />
              <button
                type="button"
                className="btn-secondary mt-6.5 shrink-0 px-4"
                onClick={() => setValue('code', randomPromoCode(), { shouldDirty: true, shouldValidate: true })}
              >
                Generate
              </button>
            </div>
            <TextAreaField
              label="Description"
              optional
              rows={2}
              maxLength={500}
              hint="Only staff see it."
              {...field('description')}
            />
          </DetailCard>
          <DetailCard stack title="Discount">
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField label="Type" {...field('discount_type')}>
                <option value="percentage">Percentage of the eligible lines</option>
                <option value="fixed">Fixed amount</option>
              </SelectField>
              <WithUnit unit={percentage ? '%' : '$'}>
                <TextField
                  label={percentage ? 'Percent off' : 'Amount off'}
                  inputMode="decimal"
                  {...field('discount_value')}
                />
              </WithUnit>
              <WithUnit unit="$">
                <TextField
                  label="Minimum order"
                  optional
                  inputMode="decimal"
                  hint="The cart subtotal the code needs."
                  {...field('minimum_order_amount')}
                />
              </WithUnit>
              {percentage && (
                <WithUnit unit="$">
                  <TextField
                    label="Maximum discount"
                    optional
                    inputMode="decimal"
                    hint="The most one order is given."
                    {...field('maximum_discount_amount')}
                  />
                </WithUnit>
              )}
            </div>
          </DetailCard>
          <DetailCard stack title="Applies to">
            <fieldset>
              <legend className="sr-only">What the discount applies to</legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {(
                  [
                    ['order', 'Whole order', 'Every line of the cart.'],
                    ['product', 'Specific products', 'Only lines of the SKUs or categories you choose.'],
                  ] as const
                ).map(([value, label, explain]) => (
                  <label
                    key={value}
                    className="flex items-start gap-3 rounded-xl border border-line p-3 text-sm has-checked:border-accent has-checked:bg-accent-soft"
                  >
                    <input
                      type="radio"
                      value={value}
                      className="mt-0.5 size-4 accent-accent"
                      {...register('applies_to')}
                    />
                    <span>
                      <span className="font-medium">{label}</span>
                      <span className="block text-muted">{explain}</span>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
            {appliesTo === 'product' && (
              <>
                <SkuPicker {...valueField('product_skus')} />
                <CategoryPicker categories={categories} {...valueField('category_ids')} />
              </>
            )}
          </DetailCard>
        </>
      }
      side={
        <>
          <DetailCard stack title="Status">
            <label className="flex items-start gap-3 text-sm">
              <input type="checkbox" className="mt-0.5 size-4 accent-accent" {...register('is_active')} />
              <span>
                <span className="font-medium">Active</span>
                <span className="block text-muted">Switched off, shoppers are told the code is not active.</span>
              </span>
            </label>
          </DetailCard>
          <DetailCard stack title="Dates" description="Shop time; both days count. Leave empty for no limit.">
            <TextField label="Starts" optional type="date" {...field('start_date')} />
            <TextField label="Ends" optional type="date" {...field('end_date')} />
          </DetailCard>
          <DetailCard stack title="Usage limits">
            <TextField
              label="Total uses"
              optional
              inputMode="numeric"
              placeholder="Unlimited"
              hint="Empty or 0: unlimited."
              {...field('max_uses')}
            />
            <TextField
              label="Uses per customer"
              optional
              inputMode="numeric"
              placeholder="Unlimited"
              hint="A customer is their phone number. Empty or 0: unlimited."
              {...field('max_uses_per_customer')}
            />
          </DetailCard>
        </>
      }
    />
  );
}
