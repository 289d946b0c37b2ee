import { Link } from 'react-router';
import type { SearchHit } from '#shared/contracts/search.ts';
import { ProductImage } from '#web/storefront/catalogue-kit/product-image.tsx';
import { discountPercent, ProductPrice } from '#web/storefront/catalogue-kit/product-price.tsx';
import { QuickViewButton } from '#web/storefront/catalogue-kit/quick-view-button.tsx';
import { StarRating } from '#web/storefront/ui/star-rating.tsx';

interface ProductListItemProps {
  hit: SearchHit;
  currency: string;
  showComparePrice: boolean;
  enableQuickView: boolean;
  eager: boolean;
}

/** The list view's row: a smaller image beside the name, an excerpt, rating, stock and price. */
export function ProductListItem({ hit, currency, showComparePrice, enableQuickView, eager }: ProductListItemProps) {
  const compareAtPrice = showComparePrice ? hit.compare_at_price : null;
  const discount = discountPercent(hit.price, compareAtPrice);
  const lowStock = hit.in_stock && hit.stock_quantity <= hit.low_stock_threshold;
  return (
    <article className="card group relative flex gap-4 p-3 transition hover:border-line-strong sm:gap-6 sm:p-4">
      <div className="w-24 shrink-0 overflow-hidden rounded-xl border border-line sm:w-40">
        <ProductImage
          src={hit.images[0]}
          alt=""
          sizes="(min-width: 640px) 160px, 96px"
          eager={eager}
          className={hit.in_stock ? '' : 'opacity-60'}
        />
      </div>
      {enableQuickView && <QuickViewButton product={hit} currency={currency} />}
      <div className="flex min-w-0 flex-1 flex-col gap-1 pr-10">
        {hit.brand && <p className="text-xs font-medium tracking-wide text-muted uppercase">{hit.brand}</p>}
        <h2 className="text-base leading-snug font-semibold sm:text-lg">
          <Link
            to={`/product/${hit.slug}`}
            className="outline-none after:absolute after:inset-0 after:rounded-2xl focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-accent"
          >
            {hit.name}
          </Link>
        </h2>
        {hit.review_count > 0 && (
          <p className="flex items-center gap-1 text-xs text-muted">
            <StarRating rating={hit.rating} className="h-3.5 w-[4.375rem]" />
            <span aria-hidden="true">{hit.rating.toFixed(1)}</span>
            <span>
              ({hit.review_count}
              <span className="sr-only"> {hit.review_count === 1 ? 'review' : 'reviews'}</span>)
            </span>
          </p>
        )}
        {hit.excerpt && <p className="line-clamp-2 hidden text-sm text-muted sm:block">{hit.excerpt}</p>}
        <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 pt-1">
          <ProductPrice
            price={hit.price}
            priceMax={hit.price_max}
            compareAtPrice={compareAtPrice}
            currency={currency}
          />
          {discount !== null && hit.in_stock && (
            <span className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-medium text-white">Save {discount}%</span>
          )}
          <span
            className={`text-xs font-semibold ${
              !hit.in_stock ? 'text-danger' : lowStock ? 'text-amber-800 dark:text-amber-300' : 'text-accent'
            }`}
          >
            {!hit.in_stock ? 'Out of stock' : lowStock ? `Only ${hit.stock_quantity} left` : 'In stock'}
          </span>
        </div>
      </div>
    </article>
  );
}
