import { type ReactNode, useId } from 'react';
import { Controller, type FieldErrors, type UseFormRegister, useFieldArray } from 'react-hook-form';
import { PRODUCT_LIMITS } from '#shared/contracts/admin-products.ts';
import { ListInput } from '#web/admin/shared/list-input.tsx';
import { inputClass } from '#web/ui/form-field.tsx';
import type { ProductFormControl, ProductFormValues } from './product-form-values.ts';

/** The label sits above the input (phones) or in the column heads (wider), never as a top margin. */
const rowInput = inputClass.replace('mt-1 ', '');
/** Name, value (or options), and the remove button: one row from `sm` up, stacked on a phone. */
const ROW_GRID = 'sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_5rem]';

interface Cell {
  label: string;
  input: (id: string) => ReactNode;
}

/**
 * Column heads for wide screens. Each input has its own label too ("Specification 2 Name"),
 * shown above it on a phone, where the rows stack and the heads would be far away.
 */
function ColumnHeads({ labels }: { labels: readonly [string, string] }) {
  return (
    <div aria-hidden="true" className={`mb-1.5 hidden gap-2 text-xs font-medium text-muted sm:grid ${ROW_GRID}`}>
      <span>{labels[0]}</span>
      <span>{labels[1]}</span>
    </div>
  );
}

function EditorRow({
  row,
  cells,
  error,
  onRemove,
}: {
  /** "Specification 2": names the row's inputs and its remove button for screen readers. */
  row: string;
  cells: readonly [Cell, Cell];
  error?: string;
  onRemove: () => void;
}) {
  const id = useId();
  return (
    <li
      className={`grid gap-2 rounded-xl border border-line p-3 sm:items-start sm:rounded-none sm:border-0 sm:p-0 ${ROW_GRID}`}
    >
      {cells.map((cell, index) => (
        <div key={cell.label} className="min-w-0">
          <label htmlFor={`${id}-${index}`} className="mb-1 block text-xs font-medium text-muted sm:sr-only">
            <span className="sr-only">{row} </span>
            {cell.label}
          </label>
          {cell.input(`${id}-${index}`)}
        </div>
      ))}
      <button
        type="button"
        className="justify-self-end rounded-lg px-2 py-2 text-sm text-danger hover:bg-red-50 sm:justify-self-start dark:hover:bg-red-950/40"
        aria-label={`Remove ${row.toLowerCase()}`}
        onClick={onRemove}
      >
        Remove
      </button>
      {error && <p className="text-sm text-danger sm:col-span-3">{error}</p>}
    </li>
  );
}

interface EditorProps {
  control: ProductFormControl;
  register: UseFormRegister<ProductFormValues>;
  errors: FieldErrors<ProductFormValues>;
}

/** Ordered key/value rows such as "Voltage: 5 V"; the storefront shows them as a table in this order. */
export function SpecsEditor({ control, register, errors }: EditorProps) {
  const specs = useFieldArray({ control, name: 'specs' });
  return (
    <div>
      {specs.fields.length === 0 ? (
        <p className="text-sm text-muted">No specifications yet.</p>
      ) : (
        <ColumnHeads labels={['Name', 'Value']} />
      )}
      <ul className="space-y-2">
        {specs.fields.map((field, index) => {
          const error = errors.specs?.[index];
          return (
            <EditorRow
              key={field.id}
              row={`Specification ${index + 1}`}
              error={error?.key || error?.value ? 'Both a name and a value are needed.' : undefined}
              onRemove={() => specs.remove(index)}
              cells={[
                {
                  label: 'Name',
                  input: (id) => (
                    <input
                      id={id}
                      placeholder="Voltage"
                      aria-invalid={error?.key ? true : undefined}
                      className={rowInput}
                      {...register(`specs.${index}.key`)}
                    />
                  ),
                },
                {
                  label: 'Value',
                  input: (id) => (
                    <input
                      id={id}
                      placeholder="5 V"
                      aria-invalid={error?.value ? true : undefined}
                      className={rowInput}
                      {...register(`specs.${index}.value`)}
                    />
                  ),
                },
              ]}
            />
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
export function VariationsEditor({ control, register, errors }: EditorProps) {
  const variations = useFieldArray({ control, name: 'variations' });
  const listError = errors.variations?.root?.message ?? errors.variations?.message;
  return (
    <div>
      {variations.fields.length === 0 ? (
        <p className="text-sm text-muted">
          No variations. Add one when the product comes in colours, sizes or versions.
        </p>
      ) : (
        <ColumnHeads labels={['Name', 'Options, separated by commas']} />
      )}
      <ul className="space-y-2">
        {variations.fields.map((field, index) => {
          const error = errors.variations?.[index];
          return (
            <EditorRow
              key={field.id}
              row={`Variation ${index + 1}`}
              error={error?.name || error?.options ? 'A name and at least one option are needed.' : undefined}
              onRemove={() => variations.remove(index)}
              cells={[
                {
                  label: 'Name',
                  input: (id) => (
                    <input
                      id={id}
                      placeholder="Color"
                      aria-invalid={error?.name ? true : undefined}
                      className={rowInput}
                      {...register(`variations.${index}.name`)}
                    />
                  ),
                },
                {
                  label: 'Options, separated by commas',
                  input: (id) => (
                    <Controller
                      control={control}
                      name={`variations.${index}.options`}
                      render={({ field: options }) => (
                        <ListInput
                          id={id}
                          className={rowInput}
                          placeholder="Black, White"
                          value={options.value}
                          onChange={options.onChange}
                          invalid={Boolean(error?.options)}
                        />
                      )}
                    />
                  ),
                },
              ]}
            />
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
