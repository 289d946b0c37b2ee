import { Link } from 'react-router';
import { getSiteConfig } from '#web/lib/site-config.ts';
import { StarRating } from '#web/storefront/ui/star-rating.tsx';
import { usePreferencesStore } from '#web/stores/preferences-store.ts';
import type { ProductCardData } from './product-card-data.ts';
import { ProductImage } from './product-image.tsx';
import { discountPercent, ProductPrice } from './product-price.tsx';
import { QuickViewButton } from './quick-view-button.tsx';

/** Widths a card is drawn at in ProductGrid (2 columns on phones, 3 from md, 4 from lg). */
export const PRODUCT_CARD_SIZES = '(min-width: 1280px) 296px, (min-width: 1024px) 23vw, (min-width: 768px) 31vw, 48vw';

interface ProductCardProps {
  product: ProductCardData;
  /** Cards of the first row load their image at once; the rest lazily. */
  eager?: boolean;
  currency?: string;
  heading?: 'h2' | 'h3';
}

/**
 * A product tile; the whole card is the link (the name's link stretches over it), except the
 * quick-view button above it. Stars and the review count when the product has reviews. Honours the showComparePrice and enableQuickView preferences.
 */
export function ProductCard({ product, eager = false, currency, heading: Heading = 'h3' }: ProductCardProps) {
  const { showComparePrice, enableQuickView } = usePreferencesStore((state) => state.productView);
  const compareAtPrice = showComparePrice ? product.compare_at_price : null;
  const discount = discountPercent(product.price, compareAtPrice);
  return (
    <article className="card group relative flex w-full flex-col transition hover:border-line-strong hover:shadow-lg hover:shadow-black/5">
      <div className="relative overflow-hidden border-b border-line">
        <ProductImage
          src={product.images[0]}
          alt=""
          sizes={PRODUCT_CARD_SIZES}
          eager={eager}
          className={`transition duration-300 group-hover:scale-[1.03] ${product.in_stock ? '' : 'opacity-60'}`}
        />
        {!product.in_stock ? (
          <span className="absolute top-2 left-2 rounded-full bg-zinc-900 px-2.5 py-1 text-xs font-medium text-white">
            Out of stock
          </span>
        ) : (
          discount !== null && (
            <span className="absolute top-2 left-2 rounded-full bg-red-700 px-2.5 py-1 text-xs font-medium text-white">
              Save {discount}%
            </span>
          )
        )}
        {enableQuickView && <QuickViewButton product={product} currency={currency} />}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3 sm:p-4">
        {product.brand && <p className="text-xs font-medium tracking-wide text-muted uppercase">{product.brand}</p>}
        <Heading className="line-clamp-2 text-sm leading-snug font-medium sm:text-base">
          <Link
            to={`/product/${product.slug}`}
            className="outline-none after:absolute after:inset-0 after:rounded-2xl focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-accent"
          >
            {product.name}
          </Link>
        </Heading>
        {getSiteConfig().reviewsEnabled && product.review_count > 0 && (
          <p className="flex items-center gap-1 text-xs text-muted">
            <StarRating rating={product.rating} className="h-3.5 w-[4.375rem]" />
            <span>
              ({product.review_count}
              <span className="sr-only"> {product.review_count === 1 ? 'review' : 'reviews'}</span>)
            </span>
          </p>
        )}
        <div className="mt-auto pt-2">
          <ProductPrice
            price={product.price}
            priceMax={product.price_max}
            compareAtPrice={compareAtPrice}
            currency={currency}
          />
        </div>
      </div>
    </article>
  );
}
