import { useId, useState } from 'react';
import { type UseFieldArrayReturn, type UseFormRegister, type UseFormReturn, useWatch } from 'react-hook-form';
import type { ProductCreate } from '#shared/contracts/admin-products.ts';
import { inputClass } from '#web/ui/form-field.tsx';
import { UploadedImage } from '../ui/uploaded-image.tsx';
import type { ProductFormValues } from './product-form-values.ts';
import { generateRows, optionsLabel, rowFits, usableVariations } from './variant-rows.ts';

/**
 * The product's variants (decision 012 §7, docs/product.md#admin-product-editor): one card per
 * combination with its own price, stock, SKU, photo, active flag and place in the list. Cards,
 * not a table, at every width: nine inputs per row would scroll sideways on a phone.
 */

const rowInput = inputClass.replace('mt-1 ', '');
type VariantArray = UseFieldArrayReturn<ProductFormValues, 'variants', 'key'>;

/** The product form (the panel reads, sets and registers variant fields) and its variant rows. */
interface PanelProps {
  form: UseFormReturn<ProductFormValues, unknown, ProductCreate>;
  variants: VariantArray;
}

/**
 * Under the variations: while the options share the default variant's price and stock, the notice
 * and the way to give each its own; once they have their own, "Generate variants" and the grid.
 */
export function VariantsPanel(props: PanelProps) {
  const { form, variants } = props;
  const { control, getValues } = form;
  const variations = useWatch({ control, name: 'variations' });
  const [message, setMessage] = useState<string | null>(null);
  const usable = usableVariations(variations);
  if (usable.length === 0) return null;

  const generate = () => {
    const values = getValues();
    const result = generateRows(values.variants, values.variations, {
      price: values.price,
      low_stock_threshold: values.low_stock_threshold,
    });
    if ('error' in result) {
      setMessage(result.error);
      return;
    }
    setMessage(null);
    variants.replace(result.rows);
  };
  const alert = message && (
    <p role="alert" className="text-sm text-danger">
      {message}
    </p>
  );

  if (variants.fields.length === 0) {
    return (
      <div className="space-y-3 rounded-xl border border-line bg-subtle p-4">
        <p className="text-sm font-medium text-strong">These options share one stock and price</p>
        <p className="text-sm text-muted">
          Shoppers choose an option and the order records it; the price and stock above serve them all.
        </p>
        <button type="button" className="btn-secondary px-3 py-1.5" onClick={generate}>
          Give each option its own price and stock
        </button>
        {alert}
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <div className="flex flex-col items-start gap-2 sm:flex-row sm:items-center sm:gap-3">
        <button type="button" className="btn-secondary shrink-0 px-3 py-1.5" onClick={generate}>
          Generate variants
        </button>
        <p className="min-w-0 text-sm text-muted">
          Adds the missing combinations at the product's price with no stock, and drops those whose option is gone.
        </p>
      </div>
      {alert}
      <VariantGrid {...props} />
      <button
        type="button"
        className="text-sm font-medium text-accent underline-offset-4 hover:underline"
        onClick={() => {
          setMessage(null);
          variants.replace([]);
        }}
      >
        Use one price and stock for every option
      </button>
    </div>
  );
}

/** "Set all prices" / "Set all stock": one value typed once, copied into every row (saved with Save). */
function SetAll({ label, button, onApply }: { label: string; button: string; onApply: (value: string) => void }) {
  const id = useId();
  const [value, setValue] = useState('');
  return (
    <div className="flex min-w-0 flex-1 items-end gap-2">
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="mb-1 block text-xs font-medium text-muted">
          {label}
        </label>
        <input
          id={id}
          inputMode="decimal"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          className={rowInput}
        />
      </div>
      <button
        type="button"
        className="btn-secondary shrink-0 px-3 py-2"
        disabled={value.trim() === ''}
        onClick={() => onApply(value.trim())}
      >
        {button}
      </button>
    </div>
  );
}

const NUMBER_FIELDS = [
  { name: 'price', label: 'Price ($)', mode: 'decimal' },
  { name: 'compare_at_price', label: 'Compare-at ($)', mode: 'decimal' },
  { name: 'cost_price', label: 'Cost ($)', mode: 'decimal' },
  { name: 'stock_quantity', label: 'Stock', mode: 'numeric' },
  { name: 'low_stock_threshold', label: 'Low at', mode: 'numeric' },
] as const;

export function VariantGrid({ form, variants }: PanelProps) {
  const {
    control,
    register,
    setValue,
    formState: { errors },
  } = form;
  const variations = useWatch({ control, name: 'variations' });
  const rows = useWatch({ control, name: 'variants' });
  const images = useWatch({ control, name: 'images' });
  const baseId = useId();
  const setAll = (field: 'price' | 'stock_quantity', value: string) => {
    for (const index of variants.fields.keys()) {
      setValue(`variants.${index}.${field}`, value, { shouldDirty: true, shouldValidate: true });
    }
  };
  const stale = (rows ?? []).filter((row) => !rowFits(row.options, variations)).length;
  const listError = errors.variants?.root?.message ?? errors.variants?.message;

  return (
    <div className="space-y-3">
      <div className="flex flex-col gap-3 sm:flex-row">
        <SetAll label="Price for every variant ($)" button="Set all prices" onApply={(v) => setAll('price', v)} />
        <SetAll label="Stock for every variant" button="Set all stock" onApply={(v) => setAll('stock_quantity', v)} />
      </div>
      {stale > 0 && (
        <p role="status" className="text-sm text-amber-800 dark:text-amber-200">
          {stale === 1 ? '1 variant no longer matches' : `${stale} variants no longer match`} the variations: it goes
          when you save. Generate variants to add the new combinations.
        </p>
      )}
      {listError && <p className="text-sm text-danger">{listError}</p>}
      <ul aria-label="Variants" className="space-y-3">
        {variants.fields.map((field, index) => {
          const row = rows?.[index] ?? field;
          const label = optionsLabel(row.options, variations) || 'Default';
          const fits = rowFits(row.options, variations);
          const rowErrors = errors.variants?.[index];
          const id = `${baseId}-${index}`;
          return (
            <li
              key={field.key}
              aria-label={label}
              className={`rounded-xl border border-line p-3 ${fits ? '' : 'opacity-60'} ${row.is_active ? '' : 'bg-subtle'}`}
            >
              <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
                <p className="min-w-0 flex-1 font-medium break-words text-strong">
                  {label}
                  {!row.variant_id && <span className="ml-2 text-xs font-normal text-muted">new</span>}
                  {!fits && <span className="ml-2 text-xs font-normal text-danger">removed on save</span>}
                </p>
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4 accent-accent"
                    aria-label={`${label} active`}
                    {...register(`variants.${index}.is_active`)}
                  />
                  Active
                </label>
                <span className="flex gap-1">
                  <button
                    type="button"
                    className="btn-secondary px-2.5 py-1"
                    aria-label={`Move ${label} up`}
                    disabled={index === 0}
                    onClick={() => variants.move(index, index - 1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="btn-secondary px-2.5 py-1"
                    aria-label={`Move ${label} down`}
                    disabled={index === variants.fields.length - 1}
                    onClick={() => variants.move(index, index + 1)}
                  >
                    ↓
                  </button>
                </span>
              </div>
              <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
                {NUMBER_FIELDS.map(({ name, label: fieldLabel, mode }) => {
                  const error = rowErrors?.[name]?.message;
                  return (
                    <div key={name} className="min-w-0">
                      <label htmlFor={`${id}-${name}`} className="mb-1 block text-xs font-medium text-muted">
                        <span className="sr-only">{label} </span>
                        {fieldLabel}
                      </label>
                      <input
                        id={`${id}-${name}`}
                        inputMode={mode}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `${id}-${name}-error` : undefined}
                        className={rowInput}
                        {...register(`variants.${index}.${name}`)}
                      />
                      {error && (
                        <p id={`${id}-${name}-error`} className="mt-1 text-xs text-danger">
                          {error}
                        </p>
                      )}
                    </div>
                  );
                })}
                <div className="min-w-0">
                  <label htmlFor={`${id}-sku`} className="mb-1 block text-xs font-medium text-muted">
                    <span className="sr-only">{label} </span>
                    SKU
                  </label>
                  <input
                    id={`${id}-sku`}
                    placeholder="Made for you"
                    aria-invalid={rowErrors?.sku ? true : undefined}
                    className={`${rowInput} font-mono`}
                    {...register(`variants.${index}.sku`)}
                  />
                  {rowErrors?.sku?.message && <p className="mt-1 text-xs text-danger">{rowErrors.sku.message}</p>}
                </div>
              </div>
              {images.length > 0 && (
                <fieldset className="mt-3">
                  <legend className="mb-1 text-xs font-medium text-muted">
                    <span className="sr-only">{label} </span>
                    Image
                  </legend>
                  <div className="flex flex-wrap gap-2">
                    <ImageChoice
                      label={`${label}: the product's first image`}
                      value=""
                      register={register}
                      index={index}
                    />
                    {images.map((image, imageIndex) => (
                      <ImageChoice
                        key={image}
                        label={`${label}: image ${imageIndex + 1}`}
                        value={image}
                        register={register}
                        index={index}
                      />
                    ))}
                  </div>
                </fieldset>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** One photo to choose for a variant: a radio drawn as its thumbnail ("none" = the product's first). */
function ImageChoice({
  label,
  value,
  register,
  index,
}: {
  label: string;
  value: string;
  register: UseFormRegister<ProductFormValues>;
  index: number;
}) {
  const id = useId();
  return (
    <label htmlFor={id} className="relative cursor-pointer" title={label}>
      <input id={id} type="radio" value={value} className="peer sr-only" {...register(`variants.${index}.image`)} />
      <span className="sr-only">{label}</span>
      {value ? (
        <UploadedImage
          src={value}
          px={40}
          className="size-10 rounded-lg border border-line bg-white object-contain peer-checked:ring-2 peer-checked:ring-accent peer-focus-visible:outline-2 peer-focus-visible:outline-accent"
        />
      ) : (
        <span
          aria-hidden="true"
          className="flex size-10 items-center justify-center rounded-lg border border-dashed border-line-strong text-xs text-muted peer-checked:ring-2 peer-checked:ring-accent peer-focus-visible:outline-2 peer-focus-visible:outline-accent"
        >
          First
        </span>
      )}
    </label>
  );
}
