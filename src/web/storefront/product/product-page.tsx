import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { Product, ProductVariant } from '#shared/contracts/products.ts';
import { formatMoney } from '#shared/money.ts';
import { lineLabel } from '#shared/product-variants.ts';
import { productQuestionText, whatsappLink } from '#shared/whatsapp.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { getSiteConfig } from '#web/lib/site-config.ts';
import { AddToCartButton } from '#web/storefront/cart-kit/add-to-cart-button.tsx';
import { maxQuantityOf } from '#web/storefront/cart-kit/cart-actions.ts';
import { QuantityStepper } from '#web/storefront/cart-kit/quantity-stepper.tsx';
import { ProductGrid } from '#web/storefront/catalogue-kit/product-grid.tsx';
import { ProductImage } from '#web/storefront/catalogue-kit/product-image.tsx';
import { discountPercent, ProductPrice } from '#web/storefront/catalogue-kit/product-price.tsx';
import { productQuery } from '#web/storefront/catalogue-kit/product-queries.ts';
import { RecentlyViewed } from '#web/storefront/catalogue-kit/recently-viewed.tsx';
import { initialChoices, VariantPicker } from '#web/storefront/catalogue-kit/variant-picker.tsx';
import {
  initialVariant,
  type Offer,
  offerOf,
  sharesOneStock,
} from '#web/storefront/catalogue-kit/variant-selection.ts';
import { addRecentlyViewed } from '#web/storefront/shopper-kit/preference-actions.ts';
import { Breadcrumbs } from '#web/storefront/ui/breadcrumbs.tsx';
import { OfflineUnavailable } from '#web/storefront/ui/offline-unavailable-lazy.tsx';
import { PageSkeleton } from '#web/storefront/ui/page-skeleton.tsx';
import { StarRating } from '#web/storefront/ui/star-rating.tsx';
import { useUnavailableOffline } from '#web/storefront/ui/use-online.ts';
import { Container } from '#web/ui/container.tsx';
import { Icon } from '#web/ui/icons.tsx';
import { InlineError } from '#web/ui/inline-error.tsx';
import { NotFoundPage } from '#web/ui/not-found-page.tsx';
import { usePageTitle } from '#web/ui/use-page-title.ts';
import { productListQuery } from './related-query.ts';
import { ProductReviews } from './reviews/reviews-loader.tsx';
import { StickyAddToCart } from './sticky-add-to-cart.tsx';

// Icons only this screen draws.
const chatIcon = 'M4 20l1.3-3.9A8 8 0 1 1 8 18.7L4 20ZM9 10h6M9 13.5h4';
const truckIcon =
  'M3 6h11v10H3zM14 10h4l3 3v3h-7M8.8 17.5a1.8 1.8 0 1 1-3.6 0 1.8 1.8 0 0 1 3.6 0M18.8 17.5a1.8 1.8 0 1 1-3.6 0 1.8 1.8 0 0 1 3.6 0';
const returnIcon = 'M9 14 4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11';
const shieldIcon = 'M12 3 5 6v5.5c0 4.3 3 7.8 7 9.5 4-1.7 7-5.2 7-9.5V6l-7-3ZM9 12l2 2 4-4';

const RELATED_COUNT = 4;

export function ProductPage() {
  const { id = '' } = useParams();
  const query = useQuery(productQuery(id));
  const { data: product, isPending, isError, error, refetch } = query;
  const unavailableOffline = useUnavailableOffline(query);
  if (unavailableOffline) return <OfflineUnavailable />;
  if (isError) {
    if (error instanceof ApiError && error.status === 404) {
      return (
        <NotFoundPage title="Product not found">
          This product may have been removed or is no longer available. Browse the store for similar items.
        </NotFoundPage>
      );
    }
    return (
      <Container className="py-10">
        <h1 className="sr-only">Product</h1>
        <InlineError title="This product could not be loaded" onRetry={() => void refetch()} />
      </Container>
    );
  }
  if (isPending) return <PageSkeleton variant="product" />;
  // Keyed so that moving to another product starts with its own choices and quantity.
  return <ProductDetails key={product.id} product={product} />;
}

function ProductDetails({ product }: { product: Product }) {
  const { currency, reviewsEnabled } = getSiteConfig();
  usePageTitle(product.name);
  // The chosen variant is in the URL (`?variant=<id>`), which the server render reads too, so the
  // page it draws is the one that hydrates (decision 012 §6).
  const [searchParams, setSearchParams] = useSearchParams();
  const [variant, setVariant] = useState(() => initialVariant(product, searchParams.get('variant')));
  const [choices, setChoices] = useState(() => initialChoices(product, variant));
  const offer = offerOf(product, variant);
  const discount = discountPercent(offer.price, offer.compare_at_price);
  const outOfStock = !offer.in_stock || offer.stock_quantity <= 0;
  // The cart's own rule (the variant's stock, the product's max_per_order, at most 100), so the
  // stepper never offers what adding would refuse.
  const maxQuantity = Math.max(1, maxQuantityOf(product, offer));
  const [quantity, setQuantity] = useState(1);
  const buyRow = useRef<HTMLDivElement>(null);
  const contentEnd = useRef<HTMLDivElement>(null);
  const addToCart = {
    productId: product.id,
    variantId: variant?.id ?? null,
    productName: lineLabel(product.name, sharesOneStock(product) ? {} : choices, product.variations),
    quantity,
    selectedVariations: choices,
    disabled: outOfStock,
  };

  function choose(next: ProductVariant | undefined, nextChoices: Record<string, string>) {
    setChoices(nextChoices);
    if (next === variant || !next) return;
    setVariant(next);
    setQuantity((current) => Math.min(current, Math.max(1, maxQuantityOf(product, next))));
    // Replace, not push: choosing is not a page to go back to. keepScroll: app/scroll-to-top.tsx.
    setSearchParams(
      (params) => {
        params.set('variant', next.id);
        return params;
      },
      { replace: true, preventScrollReset: true, state: { keepScroll: true } },
    );
  }

  useEffect(() => {
    addRecentlyViewed(product.id);
  }, [product.id]);

  return (
    <Container className="py-6 sm:py-10">
      <Breadcrumbs
        items={[
          { to: '/', label: 'Home' },
          { to: '/store', label: 'Store' },
          ...(product.category
            ? [
                {
                  to: `/store?${new URLSearchParams({ category: product.category.slug })}`,
                  label: product.category.name,
                },
              ]
            : []),
          { label: product.name },
        ]}
      />

      <div className="mt-6 grid gap-8 md:grid-cols-2 lg:gap-14">
        {/* Keyed by the variant's photo: choosing a variant shows its photo first. */}
        <Gallery key={variant?.image ?? ''} images={product.images} image={variant?.image} name={product.name} />

        <div className="flex flex-col">
          {product.brand && <p className="text-sm font-semibold tracking-wide text-muted uppercase">{product.brand}</p>}
          <h1 className="mt-1 text-2xl font-bold tracking-tight text-balance text-strong sm:text-3xl lg:text-4xl">
            {product.name}
          </h1>
          {reviewsEnabled && product.review_count > 0 && (
            <a href="#reviews" className="group mt-2 flex w-fit items-center gap-2 text-sm text-muted">
              <StarRating rating={product.rating} />
              <span aria-hidden="true" className="font-semibold text-fg">
                {product.rating.toFixed(1)}
              </span>
              <span className="underline-offset-4 group-hover:underline">
                {product.review_count} {product.review_count === 1 ? 'review' : 'reviews'}
              </span>
            </a>
          )}

          <div className="mt-5 flex flex-wrap items-center gap-3">
            <ProductPrice price={offer.price} compareAtPrice={offer.compare_at_price} currency={currency} large />
            {discount !== null && offer.compare_at_price !== null && (
              <span className="rounded-full bg-red-700 px-2.5 py-1 text-xs font-semibold text-white">
                Save {formatMoney(offer.compare_at_price - offer.price, currency)} ({discount}%)
              </span>
            )}
          </div>
          <p className="mt-1 text-sm text-muted">Prices in {currency}, VAT added at checkout.</p>

          <StockState offer={offer} />

          <VariantPicker product={product} variant={variant} choices={choices} onChange={choose} />

          <div ref={buyRow} className="mt-6 flex flex-wrap items-start gap-x-4 gap-y-3">
            {/* Keyed by the variant: its own maximum, and the quantity clamped to it, start afresh. */}
            <QuantityStepper
              key={variant?.id}
              value={quantity}
              max={maxQuantity}
              disabled={outOfStock}
              onChange={setQuantity}
            />
            <AddToCartButton {...addToCart} />
          </div>
          <AskOnWhatsApp name={product.name} slug={product.slug} />
          <ShopPromises />

          <p className="mt-6 text-xs text-muted">SKU {offer.sku}</p>

          {product.description && (
            <section aria-labelledby="description-title" className="mt-8 border-t border-line pt-6">
              <h2 id="description-title" className="text-lg font-semibold">
                Description
              </h2>
              <div className="mt-3 space-y-3 leading-relaxed text-fg">
                {product.description
                  .split(/\n\s*\n/)
                  .filter((paragraph) => paragraph.trim() !== '')
                  .map((paragraph, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a text, always in this order
                    <p key={index} className="whitespace-pre-line">
                      {paragraph.trim()}
                    </p>
                  ))}
              </div>
            </section>
          )}

          {product.specs.length > 0 && (
            <section aria-labelledby="specs-title" className="mt-8 border-t border-line pt-6">
              <h2 id="specs-title" className="text-lg font-semibold">
                Specifications
              </h2>
              <table className="mt-3 w-full text-sm">
                <tbody className="divide-y divide-line">
                  {product.specs.map((spec) => (
                    <tr key={spec.key}>
                      <th scope="row" className="w-2/5 py-2.5 pr-4 text-left align-top font-medium text-muted">
                        {spec.key}
                      </th>
                      <td className="py-2.5 text-fg">{spec.value}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          )}
        </div>
      </div>

      {/* Reviews turned off in the shop's settings: neither shown nor written. */}
      {reviewsEnabled && <ProductReviews product={product} />}
      <RelatedProducts product={product} currency={currency} />
      <RecentlyViewed excludeId={product.id} className="mt-14 border-t border-line pt-10 sm:mt-16" />
      <div ref={contentEnd} />
      <StickyAddToCart {...addToCart} price={offer.price} currency={currency} watch={buyRow} end={contentEnd} />
    </Container>
  );
}

/**
 * A wa.me link to the shop's WhatsApp with the product's name and link already written, when the
 * WhatsApp feature is on and the number can be dialled. The page may be drawn by the server, which
 * does not know the address the shopper sees: the link gets the full address after hydration.
 */
function AskOnWhatsApp({ name, slug }: { name: string; slug: string }) {
  const { whatsappNumber, features } = getSiteConfig();
  const [origin, setOrigin] = useState('');
  useEffect(() => setOrigin(window.location.origin), []);
  const href = features.whatsapp
    ? whatsappLink(whatsappNumber, productQuestionText({ name, url: `${origin}/product/${slug}` }))
    : null;
  if (!href) return null;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="btn-secondary mt-4 self-start">
      <Icon d={chatIcon} className="size-5 text-accent" />
      Ask on WhatsApp
      <span className="sr-only"> (opens WhatsApp)</span>
    </a>
  );
}

/** The shop's delivery, returns and warranty lines (site config, from the environment); empty ones are left out. */
function ShopPromises() {
  const { notes } = getSiteConfig();
  const lines = [
    [truckIcon, notes.delivery],
    [returnIcon, notes.returns],
    [shieldIcon, notes.warranty],
  ].filter(([, text]) => text !== '');
  if (lines.length === 0) return null;
  return (
    <ul aria-label="Delivery, returns and warranty" className="mt-5 space-y-2 text-sm">
      {lines.map(([icon, text]) => (
        <li key={icon} className="flex items-start gap-2.5">
          <Icon d={icon ?? ''} className="mt-px size-5 shrink-0 text-accent" />
          {text}
        </li>
      ))}
    </ul>
  );
}

/** Up to four other active products of the same category; nothing when there are none. */
function RelatedProducts({ product, currency }: { product: Product; currency: string }) {
  const slug = product.category?.slug ?? '';
  // One more than shown, since the list may include this product.
  const { data } = useQuery({
    ...productListQuery({ category: slug, limit: RELATED_COUNT + 1 }),
    enabled: slug !== '',
  });
  const related = (data?.data ?? []).filter((item) => item.id !== product.id).slice(0, RELATED_COUNT);
  if (related.length === 0) return null;
  return (
    <section aria-labelledby="related-title" className="mt-14 border-t border-line pt-10 sm:mt-16">
      <h2 id="related-title" className="mb-5 text-2xl font-bold tracking-tight text-strong sm:mb-6 sm:text-3xl">
        Related products
      </h2>
      <ProductGrid products={related} currency={currency} />
    </section>
  );
}

/** The chosen variant's stock: "Only 2 left in stock" at or under its own threshold. */
function StockState({ offer }: { offer: Offer }) {
  const [tone, label] =
    !offer.in_stock || offer.stock_quantity <= 0
      ? ['text-danger', 'Out of stock']
      : offer.stock_quantity <= offer.low_stock_threshold
        ? ['text-warning', `Only ${offer.stock_quantity} left in stock`]
        : ['text-accent', 'In stock'];
  return (
    <p className={`mt-4 flex items-center gap-2 text-sm font-semibold ${tone}`}>
      <span aria-hidden="true" className="size-2 rounded-full bg-current" />
      {label}
    </p>
  );
}

/** The product's photos; `image` (the chosen variant's) is shown first. */
function Gallery({ images, image, name }: { images: readonly string[]; image?: string | null; name: string }) {
  const [selected, setSelected] = useState(() => Math.max(0, image ? images.indexOf(image) : 0));
  const current = images[selected] ?? images[0];
  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-hidden rounded-2xl border border-line">
        <ProductImage
          src={current}
          alt={name}
          sizes="(min-width: 1280px) 600px, (min-width: 768px) 50vw, 100vw"
          eager
        />
      </div>
      {images.length > 1 && (
        <ul className="flex gap-2 overflow-x-auto pb-1">
          {images.map((image, index) => (
            <li key={image} className="shrink-0">
              <button
                type="button"
                onClick={() => setSelected(index)}
                aria-label={`Show image ${index + 1} of ${images.length}`}
                aria-pressed={index === selected}
                className={`block size-16 overflow-hidden rounded-xl border-2 transition sm:size-20 ${
                  index === selected ? 'border-accent' : 'border-line hover:border-line-strong'
                }`}
              >
                <ProductImage src={image} alt="" sizes="80px" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
