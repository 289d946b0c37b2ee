import { Controller, type FieldErrors, type UseFormRegister, useFieldArray } from 'react-hook-form';
import { PRODUCT_LIMITS } from '#shared/contracts/admin-products.ts';
import { inputClass } from '#web/ui/form-field.tsx';
import { ListInput } from './list-input.tsx';
import type { ProductFormControl, ProductFormValues } from './product-form-values.ts';

const removeButton = 'shrink-0 rounded-lg px-2 py-2 text-sm text-danger hover:bg-red-50 dark:hover:bg-red-950/40';

/** Ordered key/value rows such as "Voltage: 5 V"; the storefront shows them as a table in this order. */
export function SpecsEditor({
  control,
  register,
  errors,
}: {
  control: ProductFormControl;
  register: UseFormRegister<ProductFormValues>;
  errors: FieldErrors<ProductFormValues>;
}) {
  const specs = useFieldArray({ control, name: 'specs' });
  return (
    <div>
      {specs.fields.length === 0 && <p className="text-sm text-muted">No specifications yet.</p>}
      <ul className="space-y-2">
        {specs.fields.map((field, index) => {
          const error = errors.specs?.[index];
          return (
            <li key={field.id} className="flex items-start gap-2">
              <div className="grid flex-1 gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
                <input
                  aria-label={`Specification ${index + 1} name`}
                  placeholder="Voltage"
                  aria-invalid={error?.key ? true : undefined}
                  className={`${inputClass} mt-0`}
                  {...register(`specs.${index}.key`)}
                />
                <input
                  aria-label={`Specification ${index + 1} value`}
                  placeholder="5 V"
                  aria-invalid={error?.value ? true : undefined}
                  className={`${inputClass} mt-0`}
                  {...register(`specs.${index}.value`)}
                />
                {(error?.key || error?.value) && (
                  <p className="text-sm text-danger sm:col-span-2">Both a name and a value are needed.</p>
                )}
              </div>
              <button
                type="button"
                className={removeButton}
                aria-label={`Remove specification ${index + 1}`}
                onClick={() => specs.remove(index)}
              >
                Remove
              </button>
            </li>
          );
        })}
      </ul>
      {specs.fields.length < PRODUCT_LIMITS.specs && (
        <button
          type="button"
          className="btn-secondary mt-3 px-3 py-1.5"
          onClick={() => specs.append({ key: '', value: '' })}
        >
          Add specification
        </button>
      )}
    </div>
  );
}

/** Choices a shopper picks on the product page (Color: Black, White); the cart keeps the pick. */
export function VariationsEditor({
  control,
  register,
  errors,
}: {
  control: ProductFormControl;
  register: UseFormRegister<ProductFormValues>;
  errors: FieldErrors<ProductFormValues>;
}) {
  const variations = useFieldArray({ control, name: 'variations' });
  const listError = errors.variations?.root?.message ?? errors.variations?.message;
  return (
    <div>
      {variations.fields.length === 0 && (
        <p className="text-sm text-muted">
          No variations. Add one when the product comes in colours, sizes or versions.
        </p>
      )}
      <ul className="space-y-3">
        {variations.fields.map((field, index) => {
          const error = errors.variations?.[index];
          return (
            <li key={field.id} className="flex items-start gap-2">
              <div className="grid flex-1 gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
                <input
                  aria-label={`Variation ${index + 1} name`}
                  placeholder="Color"
                  aria-invalid={error?.name ? true : undefined}
                  className={`${inputClass} mt-0`}
                  {...register(`variations.${index}.name`)}
                />
                <Controller
                  control={control}
                  name={`variations.${index}.options`}
                  render={({ field: options }) => (
                    <ListInput
                      label={`Variation ${index + 1} options, separated by commas`}
                      placeholder="Black, White"
                      value={options.value}
                      onChange={options.onChange}
                      invalid={Boolean(error?.options)}
                    />
                  )}
                />
                {(error?.name || error?.options) && (
                  <p className="text-sm text-danger sm:col-span-2">A name and at least one option are needed.</p>
                )}
              </div>
              <button
                type="button"
                className={removeButton}
                aria-label={`Remove variation ${index + 1}`}
                onClick={() => variations.remove(index)}
              >
                Remove
              </button>
            </li>
          );
        })}
      </ul>
      {listError && <p className="mt-2 text-sm text-danger">{listError}</p>}
      {variations.fields.length < PRODUCT_LIMITS.variations && (
        <button
          type="button"
          className="btn-secondary mt-3 px-3 py-1.5"
          onClick={() => variations.append({ name: '', options: [] })}
        >
          Add variation
        </button>
      )}
    </div>
  );
}
