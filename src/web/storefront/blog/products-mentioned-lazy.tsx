import { lazy, Suspense } from 'react';
import type { Product } from '#shared/contracts/products.ts';

/**
 * "Products mentioned" under a post, loaded on its own: it sits below the article and brings the
 * add-to-cart button's code, which the post's first load (the 110 KB budget of
 * docs/engineering.md#budgets) and its hydration need not wait for. The server draws it whole
 * (render-page.tsx waits for lazy code); in the browser its markup stays as drawn until the chunk
 * has loaded and hydrates then.
 */
const Section = lazy(() =>
  import('./products-mentioned.tsx').then((module) => ({ default: module.ProductsMentioned })),
);

export function ProductsMentioned({ products }: { products: readonly Product[] }) {
  return (
    <Suspense fallback={null}>
      <Section products={products} />
    </Suspense>
  );
}
