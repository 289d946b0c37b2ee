import { ProductGridSkeleton } from '#web/storefront/catalogue-kit/product-grid.tsx';
import { Container } from '#web/ui/container.tsx';

interface PageSkeletonProps {
  /** `grid`: a heading and product cards (default); `product`: a product page; `text`: an article. */
  variant?: 'grid' | 'product' | 'text';
  /** Product-card placeholders of the grid (docs/product.md#loading-and-prefetch: 8). */
  cards?: number;
}

/** The page-shaped placeholder shown while a screen's code loads. */
export function PageSkeleton({ variant = 'grid', cards = 8 }: PageSkeletonProps) {
  if (variant === 'grid') {
    return (
      <Container className="py-8 sm:py-10">
        <div aria-hidden="true" className="mb-6 flex animate-pulse flex-col gap-3 sm:mb-8">
          <div className="bone h-4 w-28" />
          <div className="bone h-9 w-56" />
          <div className="bone h-5 w-24" />
        </div>
        <ProductGridSkeleton count={cards} label="Loading page" />
      </Container>
    );
  }
  return (
    <Container className="py-8 sm:py-10">
      <div role="status">
        <span className="sr-only">Loading page</span>
        {variant === 'product' ? (
          <div aria-hidden="true" className="grid animate-pulse gap-8 md:grid-cols-2 lg:gap-14">
            <div className="aspect-square rounded-2xl bg-subtle" />
            <div className="flex flex-col gap-4">
              <div className="bone h-4 w-24" />
              <div className="bone h-9 w-4/5" />
              <div className="bone h-8 w-32" />
              <div className="bone mt-4 h-12 w-full sm:w-56" />
              <div className="bone mt-4 h-4 w-full" />
              <div className="bone h-4 w-11/12" />
            </div>
          </div>
        ) : (
          <div aria-hidden="true" className="mx-auto flex max-w-lg animate-pulse flex-col items-center gap-4 py-8">
            <div className="bone size-14 rounded-2xl" />
            <div className="bone h-9 w-3/4" />
            <div className="bone h-4 w-full" />
            <div className="bone h-4 w-5/6" />
          </div>
        )}
      </div>
    </Container>
  );
}
