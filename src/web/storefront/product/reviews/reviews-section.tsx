import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { Product } from '#shared/contracts/products.ts';
import type { Review } from '#shared/contracts/reviews.ts';
import { toast } from '#web/lib/toast.ts';
import { productKeys } from '#web/storefront/catalogue-kit/product-queries.ts';
import { useShopper } from '#web/storefront/shopper-kit/shopper-session-store.ts';
import { InlineError } from '#web/ui/inline-error.tsx';
import { OwnReview } from './own-review.tsx';
import { ReviewForm } from './review-form.tsx';
import { ReviewList } from './review-list.tsx';
import { signInHref } from './review-rules.ts';
import { ReviewSummaryPanel } from './review-summary.tsx';
import { DEFAULT_FILTERS, mineQuery, type ReviewFilters, reviewKeys, summaryQuery } from './reviews-api.ts';

export type ReviewedProduct = Pick<Product, 'id' | 'slug' | 'name'>;
export interface ReviewsSectionProps {
  product: ReviewedProduct;
}

/**
 * The Reviews section's content (docs/product.md#reviews-on-the-storefront), in its own chunk:
 * the summary with its star filters, the shopper's own review or "Write a review", and the list.
 */
export function ReviewsSection({ product }: ReviewsSectionProps) {
  const shopper = useShopper();
  const viewer = shopper?.id ?? null;
  const queryClient = useQueryClient();
  const { pathname, search } = useLocation();
  const summary = useQuery(summaryQuery(product.id));
  const mine = useQuery(mineQuery(product.id, viewer));
  const own = viewer ? (mine.data ?? null) : null;
  const [filters, setFilters] = useState<ReviewFilters>(DEFAULT_FILTERS);
  // 'new' while writing a review, 'edit' while changing the shopper's own.
  const [form, setForm] = useState<'new' | 'edit' | null>(null);
  const writeButton = useRef<HTMLButtonElement>(null);
  const ownCard = useRef<HTMLElement>(null);
  const listTop = useRef<HTMLDivElement>(null);

  /** After a write: the summary, the list and the product's stars by the price read again. */
  const refresh = () => {
    void queryClient.invalidateQueries({
      queryKey: reviewKeys.product(product.id),
      predicate: (query) => query.queryKey[2] !== 'mine',
    });
    for (const key of [product.slug, product.id]) {
      void queryClient.invalidateQueries({ queryKey: productKeys.detail(key) });
    }
  };

  const saved = (review: Review) => {
    queryClient.setQueryData(reviewKeys.mine(product.id, viewer), review);
    setForm(null);
    refresh();
    if (review.status === 'approved') {
      toast({
        title: form === 'edit' ? 'Your review is updated.' : 'Thanks! Your review is published.',
        variant: 'success',
      });
    }
    // The card that replaced the form takes the focus, so a keyboard or screen reader user lands on it.
    requestAnimationFrame(() => ownCard.current?.focus());
  };

  const deleted = () => {
    queryClient.setQueryData(reviewKeys.mine(product.id, viewer), null);
    refresh();
    toast({ title: 'Your review was deleted.', variant: 'success' });
    requestAnimationFrame(() => writeButton.current?.focus());
  };

  const filterByStars = (rating: number | null) => {
    setFilters((current) => ({ ...current, rating }));
    listTop.current?.scrollIntoView({ block: 'nearest' });
  };

  if (summary.isError) {
    return (
      <div className="mt-6">
        <InlineError title="Reviews could not be loaded" onRetry={() => void summary.refetch()} />
      </div>
    );
  }
  if (summary.isPending) {
    return (
      <div role="status" className="mt-6 grid h-72 gap-8 lg:grid-cols-[18rem_1fr]">
        <span className="sr-only">Loading reviews</span>
        <div className="bone h-full rounded-2xl" />
        <div className="bone hidden h-full rounded-2xl lg:block" />
      </div>
    );
  }
  const hasReviews = summary.data.total_reviews > 0;

  let action: ReactNode = null;
  if (!shopper) {
    action = (
      <Link to={signInHref(pathname + search)} className="btn-secondary w-full sm:w-auto lg:w-full">
        Sign in to write a review
      </Link>
    );
  } else if (mine.isSuccess && own === null && form === null) {
    action = (
      <button
        ref={writeButton}
        type="button"
        className="btn-primary w-full sm:w-auto lg:w-full"
        onClick={() => setForm('new')}
      >
        Write a review
      </button>
    );
  }

  return (
    <div className="mt-6 grid gap-8 lg:grid-cols-[18rem_1fr] lg:gap-12">
      <div className="space-y-6">
        {hasReviews && (
          <ReviewSummaryPanel summary={summary.data} activeRating={filters.rating} onFilter={filterByStars} />
        )}
        {action}
      </div>

      <div className="min-w-0 space-y-6">
        {mine.isError && <InlineError title="Your review could not be loaded" onRetry={() => void mine.refetch()} />}
        {form !== null && (
          <ReviewForm
            productId={product.id}
            review={form === 'edit' ? own : null}
            onSaved={saved}
            onCancel={() => {
              setForm(null);
              requestAnimationFrame(() => (form === 'edit' ? ownCard.current : writeButton.current)?.focus());
            }}
            onConflict={() => void mine.refetch()}
          />
        )}
        {own && form !== 'edit' && (
          <OwnReview ref={ownCard} review={own} onEdit={() => setForm('edit')} onDeleted={deleted} />
        )}
        <div ref={listTop} className="scroll-mt-24">
          {hasReviews ? (
            <ReviewList
              productId={product.id}
              viewer={viewer}
              ownId={own?.id ?? null}
              signInPath={signInHref(pathname + search)}
              filters={filters}
              onFilters={setFilters}
            />
          ) : (
            <p className="rounded-2xl border border-dashed border-line-strong px-6 py-10 text-center text-muted">
              No reviews yet. Be the first to review this product.
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
