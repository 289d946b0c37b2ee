import { ProductCard } from './product-card.tsx';
import type { ProductCardData } from './product-card-data.ts';
import { ProductCardSkeleton } from './product-card-skeleton.tsx';

export const PRODUCT_GRID_CLASS = 'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4 lg:gap-6';

/** Cards in the first row (4 on the widest grid) load their images eagerly. */
const EAGER_CARDS = 4;

interface ProductGridProps {
  products: readonly ProductCardData[];
  /** Whether this grid starts above the fold; only then do its first-row images load eagerly. */
  aboveFold?: boolean;
  currency?: string;
  heading?: 'h2' | 'h3';
  /** Replaces the default column classes. */
  className?: string;
}

export function ProductGrid({
  products,
  aboveFold,
  currency,
  heading,
  className = PRODUCT_GRID_CLASS,
}: ProductGridProps) {
  return (
    <ul className={className}>
      {products.map((product, index) => (
        <li key={product.id} className="flex">
          <ProductCard
            product={product}
            eager={aboveFold && index < EAGER_CARDS}
            currency={currency}
            heading={heading}
          />
        </li>
      ))}
    </ul>
  );
}

interface ProductGridSkeletonProps {
  count?: number;
  label?: string;
  className?: string;
}

export function ProductGridSkeleton({
  count = 8,
  label = 'Loading products',
  className = PRODUCT_GRID_CLASS,
}: ProductGridSkeletonProps) {
  return (
    <div role="status">
      <span className="sr-only">{label}</span>
      <div className={className}>
        {Array.from({ length: count }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders that never reorder
          <ProductCardSkeleton key={index} />
        ))}
      </div>
    </div>
  );
}
