import { type ComponentType, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { ComponentBoundary } from '#web/storefront/ui/component-boundary.tsx';
import { InlineError } from '#web/ui/inline-error.tsx';
import type { ReviewedProduct, ReviewsSectionProps } from './reviews-section.tsx';

/** How far below the screen the section starts downloading: just before the shopper gets there. */
const LOAD_MARGIN = '150px 0px';

/**
 * The product page's Reviews section (docs/product.md#reviews-on-the-storefront). Only this frame is
 * in the product page's code; the section itself (summary, list, form) downloads when the frame
 * scrolls into view, or at once when the page opens at `#reviews` (the link by the price, or the
 * way back from signing in), which then scrolls to it once drawn. Until then a placeholder of fixed
 * height keeps the page from jumping; the server-drawn page draws the same frame.
 */
export function ProductReviews({ product }: { product: ReviewedProduct }) {
  const frame = useRef<HTMLElement>(null);
  const [Section, setSection] = useState<ComponentType<ReviewsSectionProps> | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const atReviews = useLocation().hash === '#reviews';

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the Retry trigger
  useEffect(() => {
    const element = frame.current;
    if (!element || Section) return;
    let live = true;
    const load = () =>
      import('./reviews-section.tsx').then(
        (module) => live && setSection(() => module.ReviewsSection),
        () => live && setFailed(true),
      );
    if (atReviews || typeof IntersectionObserver === 'undefined') {
      void load();
      return () => {
        live = false;
      };
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void load();
      },
      { rootMargin: LOAD_MARGIN },
    );
    observer.observe(element);
    return () => {
      live = false;
      observer.disconnect();
    };
  }, [Section, atReviews, attempt]);

  useEffect(() => {
    if (Section && atReviews) frame.current?.scrollIntoView();
  }, [Section, atReviews]);

  return (
    <section
      ref={frame}
      id="reviews"
      aria-labelledby="reviews-title"
      className="mt-14 scroll-mt-20 border-t border-line pt-10 sm:mt-16"
    >
      <h2 id="reviews-title" className="text-2xl font-bold tracking-tight text-strong sm:text-3xl">
        Reviews
      </h2>
      {Section ? (
        <ComponentBoundary>
          <Section product={product} />
        </ComponentBoundary>
      ) : failed ? (
        <div className="mt-6">
          <InlineError
            title="Reviews could not be loaded"
            onRetry={() => {
              setFailed(false);
              setAttempt((value) => value + 1);
            }}
          />
        </div>
      ) : (
        <div role="status" className="mt-6 grid h-72 gap-8 lg:grid-cols-[18rem_1fr]">
          <span className="sr-only">Loading reviews</span>
          <div className="bone h-full rounded-2xl" />
          <div className="bone hidden h-full rounded-2xl lg:block" />
        </div>
      )}
    </section>
  );
}
