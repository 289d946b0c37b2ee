import { useRef } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import type { AdminCategory } from '#shared/contracts/admin-categories.ts';
import type { AdminProduct, ProductCreate } from '#shared/contracts/admin-products.ts';
import { ImageUploader } from '#web/admin/shared/image-uploader.tsx';
import { TagsField } from '#web/admin/shared/list-input.tsx';
import { categoryOptions } from '#web/admin/shared/product-lookups.ts';
import { toast } from '#web/lib/toast.ts';
import { SelectField, TextAreaField, TextField } from '#web/ui/form-field.tsx';
import { DetailCard } from '../ui/detail-layout.tsx';
import { EditorFormBody } from '../ui/form-save-bar.tsx';
import { SelectOptions } from '../ui/select-options.tsx';
import { useEditorForm } from '../ui/use-editor-form.tsx';
import { SpecsEditor, VariationsEditor } from './options-editor.tsx';
import { formPath, productResolver, type ResolverState } from './product-form-request.ts';
import { EMPTY_PRODUCT_FORM, hasOwnVariants, type ProductFormValues, toFormValues } from './product-form-values.ts';
import { VariantsPanel } from './variant-grid.tsx';
import { optionsLabel, usableVariations } from './variant-rows.ts';

const FORM_FIELDS = Object.keys(EMPTY_PRODUCT_FORM);

const STATUS_FLAGS = [
  { name: 'is_active', label: 'Active', explain: 'Shown in the store and in search.' },
  { name: 'featured', label: 'Featured', explain: 'Listed first and on the home page.' },
] as const;

/**
 * Create or edit one product. Validation is the shared contract's (the server runs the same
 * schema); the server's own refusals (a taken slug or SKU) land on their fields.
 */
export function ProductForm({
  product,
  categories,
  onSave,
}: {
  product?: AdminProduct;
  categories: readonly AdminCategory[];
  /** Resolves with the saved product; throws ApiError to show the server's answer. */
  onSave: (values: ProductCreate) => Promise<AdminProduct>;
}) {
  // The resolver turns the typed text into the request (numbers, nulls, lowercase tags; `variants`
  // or the default variant's fields) and remembers which form row each sent variant came from.
  const state = useRef<ResolverState>({ hadOwnVariants: hasOwnVariants(product), rows: [] });
  state.current.hadOwnVariants = hasOwnVariants(product);
  const resolver = useRef(productResolver(state.current)).current;
  const editor = useEditorForm<ProductFormValues, ProductCreate, AdminProduct>({
    noun: 'product',
    resolver,
    defaultValues: product ? toFormValues(product) : EMPTY_PRODUCT_FORM,
    save: onSave,
    toFormValues,
    fields: FORM_FIELDS,
    // A variant's error names the row it was sent from (`variants.2.price`): the form's row may differ.
    fieldOf: (path) => formPath(path.split('.'), state.current.rows),
    onSaved: (saved, sent) => warnDeactivated(product, sent, saved),
  });
  const { form, field, valueField } = editor;
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const variants = useFieldArray({ control, name: 'variants', keyName: 'key' });
  const variations = useWatch({ control, name: 'variations' });
  // With its own variants, price and stock live in the grid; otherwise the fields edit the default variant.
  const ownVariants = variants.fields.length > 0 && usableVariations(variations).length > 0;

  const options = categoryOptions(categories);

  return (
    <EditorFormBody
      editor={editor}
      editing={product !== undefined}
      noun="product"
      main={
        <>
          <DetailCard stack title="Basics">
            <TextField label="Name" {...field('name')} />
            <TextAreaField label="Description" optional rows={6} {...field('description')} />
          </DetailCard>
          <DetailCard stack title="Images" description="The first image is shown in the cart and on product cards.">
            <ImageUploader {...valueField('images')} />
          </DetailCard>
          {!ownVariants && (
            <DetailCard stack title="Pricing">
              <div className="grid gap-4 sm:grid-cols-3">
                <TextField label="Price ($)" inputMode="decimal" {...field('price')} />
                <TextField
                  label="Compare-at price ($)"
                  optional
                  inputMode="decimal"
                  hint="The old price, shown struck through"
                  {...field('compare_at_price')}
                />
                <TextField
                  label="Cost price ($)"
                  optional
                  inputMode="decimal"
                  hint="Staff only; for inventory value"
                  {...field('cost_price')}
                />
              </div>
            </DetailCard>
          )}
          <DetailCard stack title="Inventory">
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label="SKU" optional hint="Made for you when left empty" {...field('sku')} />
              <TextField label="Weight (kg)" optional inputMode="decimal" {...field('weight')} />
              {!ownVariants && (
                <>
                  <TextField label="Units in stock" inputMode="numeric" {...field('stock_quantity')} />
                  <TextField
                    label="Low-stock threshold"
                    inputMode="numeric"
                    hint="At or under this, the product counts as low stock"
                    {...field('low_stock_threshold')}
                  />
                </>
              )}
              <TextField
                label="Max per order"
                inputMode="numeric"
                hint="The most one order may take of this product (1 to 100)"
                {...field('max_per_order')}
              />
            </div>
          </DetailCard>
          <DetailCard stack title="Specifications" description="Shown as a table on the product page, in this order.">
            <SpecsEditor control={control} register={register} errors={errors} />
          </DetailCard>
          <DetailCard
            stack
            title="Variations"
            description={ownVariants ? 'Each variant has its own price, stock, SKU and photo.' : undefined}
          >
            <VariationsEditor control={control} register={register} errors={errors} />
            <VariantsPanel form={form} variants={variants} />
          </DetailCard>
        </>
      }
      side={
        <>
          <DetailCard stack title="Status">
            {STATUS_FLAGS.map(({ name, label, explain }) => (
              <label key={name} className="flex items-start gap-3 text-sm">
                <input type="checkbox" className="mt-0.5 size-4 accent-accent" {...register(name)} />
                <span>
                  <span className="font-medium">{label}</span>
                  <span className="block text-muted">{explain}</span>
                </span>
              </label>
            ))}
          </DetailCard>
          <DetailCard stack title="Organisation">
            <SelectField label="Category" {...field('category_id')}>
              <option value="">No category</option>
              <SelectOptions options={options} />
            </SelectField>
            <TextField label="Brand" optional {...field('brand')} />
            <TagsField
              id="product-tags"
              placeholder="wifi, iot, 5v"
              hint="Separated by commas; search finds products by their tags."
              {...valueField('tags')}
            />
          </DetailCard>
          <DetailCard stack title="Web address">
            <TextField
              label="Slug"
              optional
              hint={product ? `The product page is /product/${product.slug}` : 'Made from the name when left empty'}
              {...field('slug')}
            />
          </DetailCard>
        </>
      }
    />
  );
}

/**
 * A variant left out of the saved set comes back inactive when orders refer to it (decision 012
 * §5): say so, or the merchant would think it deleted.
 */
function warnDeactivated(before: AdminProduct | undefined, sent: ProductCreate, saved: AdminProduct) {
  if (!before || !sent.variants) return;
  const kept = new Set(sent.variants.flatMap((variant) => (variant.id ? [variant.id] : [])));
  const removed = new Set(before.variants.filter((variant) => !kept.has(variant.id)).map((variant) => variant.id));
  const deactivated = saved.variants.filter((variant) => removed.has(variant.id));
  if (deactivated.length === 0) return;
  const labels = deactivated.map((variant) => optionsLabel(variant.options, saved.variations) || 'Default');
  toast({
    variant: 'info',
    title:
      deactivated.length === 1
        ? `${labels[0]} was deactivated instead of deleted`
        : `${deactivated.length} variants were deactivated instead of deleted`,
    description:
      deactivated.length === 1
        ? 'Orders refer to it, so it stays in the list as inactive.'
        : `Orders refer to ${labels.join('; ')}, so they stay in the list as inactive.`,
  });
}
