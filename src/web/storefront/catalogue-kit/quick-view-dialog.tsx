import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import type { Product, ProductVariant } from '#shared/contracts/products.ts';
import { lineLabel } from '#shared/product-variants.ts';
import { AddToCartButton } from '#web/storefront/cart-kit/add-to-cart-button.tsx';
import { maxQuantityOf } from '#web/storefront/cart-kit/cart-actions.ts';
import { QuantityStepper } from '#web/storefront/cart-kit/quantity-stepper.tsx';
import { useModalDialog } from '#web/storefront/modal/use-modal-dialog.ts';
import { usePreferencesStore } from '#web/stores/preferences-store.ts';
import { arrowRightIcon, Icon } from '#web/ui/icons.tsx';
import type { ProductCardData } from './product-card-data.ts';
import { ProductImage } from './product-image.tsx';
import { ProductPrice } from './product-price.tsx';
import { productQuery } from './product-queries.ts';
import { initialChoices, VariantPicker } from './variant-picker.tsx';
import { initialVariant, offerOf, sharesOneStock } from './variant-selection.ts';

const closeIcon = 'M6 6l12 12M18 6 6 18';
const SUMMARY_LENGTH = 220;

export interface QuickViewDialogProps {
  product: ProductCardData;
  currency?: string;
  /** Called once the dialog has closed (Escape, the close button or a click on the backdrop). */
  onClose: () => void;
}

/** The first paragraph of a description, cut at a word near `SUMMARY_LENGTH` characters. */
export function summarise(description: string): string {
  const first =
    description
      .trim()
      .split(/\n\s*\n/)[0]
      ?.replace(/\s+/g, ' ') ?? '';
  if (first.length <= SUMMARY_LENGTH) return first;
  const cut = first.slice(0, SUMMARY_LENGTH);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : SUMMARY_LENGTH).replace(/[\s,.;:]+$/, '')}…`;
}

/** What the stock line says: from the full product when it has loaded, else from the card. */
export function stockText(inStock: boolean, details?: Pick<Product, 'stock_quantity' | 'low_stock_threshold'>): string {
  if (!inStock) return 'Out of stock';
  if (details && details.stock_quantity > 0 && details.stock_quantity <= details.low_stock_threshold) {
    return `Only ${details.stock_quantity} left in stock`;
  }
  return 'In stock';
}

/**
 * A product summary in a native modal <dialog>: the browser moves focus in, keeps it there,
 * closes on Escape and marks the rest of the page inert. The card's data shows at once; the
 * description, stock count and variants come with the product query (often already cached).
 * The variant picker, quantity and Add to cart are the product page's own (decision 012 §6): it
 * starts on the same variant the page would, and choosing changes price, stock and photo here
 * without touching the URL (the page behind stays what it was).
 */
export function QuickViewDialog({ product, currency, onClose }: QuickViewDialogProps) {
  const dialog = useModalDialog();
  const titleId = useId();
  const showComparePrice = usePreferencesStore((state) => state.productView.showComparePrice);
  const { data: details, isPending, isError } = useQuery(productQuery(product.slug));
  // The shopper's choice once made; until then the product page's starting variant.
  const [picked, setPicked] = useState<{ variant: ProductVariant | undefined; choices: Record<string, string> }>();
  const variant = picked ? picked.variant : details && initialVariant(details);
  const choices = picked?.choices ?? (details ? initialChoices(details, variant) : {});
  // Until the full product has loaded, the card's figures (and its stock is unknown: the stepper waits at 1).
  const offer = details && offerOf(details, variant);
  const inStock = offer ? offer.in_stock && offer.stock_quantity > 0 : product.in_stock;
  const [quantity, setQuantity] = useState(1);
  const maxQuantity = details ? Math.max(1, maxQuantityOf(details, offer)) : 1;
  const lowStock = offer !== undefined && stockText(inStock, offer).startsWith('Only');

  return createPortal(
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click is a mouse shortcut; Escape and the close button do the same from the keyboard
    <dialog
      ref={dialog.ref}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={dialog.closeOnBackdrop}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-2xl overflow-y-auto rounded-2xl border border-line bg-surface p-0 text-fg shadow-2xl backdrop:bg-black/60"
    >
      <div className="relative grid gap-5 p-5 sm:grid-cols-[14rem_1fr] sm:gap-6 sm:p-6">
        <button
          type="button"
          onClick={dialog.close}
          aria-label="Close"
          className="icon-btn absolute top-2 right-2 z-10 border border-line bg-surface"
        >
          <Icon d={closeIcon} />
        </button>
        <div className="mx-auto w-full max-w-52 overflow-hidden rounded-xl border border-line sm:max-w-none sm:self-start">
          <ProductImage
            src={variant?.image ?? product.images[0]}
            alt=""
            sizes="(min-width: 640px) 224px, 208px"
            eager
          />
        </div>
        <div className="flex min-w-0 flex-col">
          {product.brand && <p className="text-xs font-medium tracking-wide text-muted uppercase">{product.brand}</p>}
          <h2 id={titleId} className="mt-1 pr-10 text-xl font-bold tracking-tight text-balance text-strong">
            {product.name}
          </h2>
          <div className="mt-3">
            <ProductPrice
              price={offer?.price ?? product.price}
              compareAtPrice={showComparePrice ? (offer ?? product).compare_at_price : null}
              currency={currency}
            />
          </div>
          <p
            className={`mt-2 text-sm font-medium ${inStock ? (lowStock ? 'text-warning' : 'text-accent') : 'text-danger'}`}
          >
            {stockText(inStock, offer)}
          </p>
          {details && (
            <VariantPicker
              product={details}
              variant={variant}
              choices={choices}
              onChange={(next, nextChoices) => {
                setPicked({ variant: next, choices: nextChoices });
                if (next) setQuantity((current) => Math.min(current, Math.max(1, maxQuantityOf(details, next))));
              }}
            />
          )}
          {isPending ? (
            <div role="status" className="mt-4 flex flex-col gap-2">
              <span className="sr-only">Loading the description</span>
              <span className="bone h-3.5 w-full" />
              <span className="bone h-3.5 w-11/12" />
              <span className="bone h-3.5 w-2/3" />
            </div>
          ) : (
            <p className="mt-4 text-sm leading-relaxed">
              {isError ? 'The description could not be loaded.' : summarise(details.description)}
            </p>
          )}
          <div className="mt-5 flex flex-wrap items-start gap-x-3 gap-y-2">
            <QuantityStepper
              key={variant?.id}
              value={quantity}
              max={maxQuantity}
              disabled={!inStock}
              onChange={setQuantity}
            />
            <AddToCartButton
              productId={product.id}
              variantId={variant?.id ?? null}
              productName={
                details && !sharesOneStock(details)
                  ? lineLabel(product.name, choices, details.variations)
                  : product.name
              }
              quantity={quantity}
              selectedVariations={choices}
              disabled={!inStock || !details}
            />
          </div>
          <Link to={`/product/${product.slug}`} className="text-link mt-3 flex items-center gap-1 self-start text-sm">
            View full details
            <Icon d={arrowRightIcon} className="size-4" />
          </Link>
        </div>
      </div>
    </dialog>,
    document.body,
  );
}
