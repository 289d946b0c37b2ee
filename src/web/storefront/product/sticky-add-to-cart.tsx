import { type RefObject, useEffect, useState } from 'react';
import { formatMoney } from '#shared/money.ts';
import { AddToCartButton, type AddToCartButtonProps } from '#web/storefront/cart-kit/add-to-cart-button.tsx';

interface StickyAddToCartProps extends AddToCartButtonProps {
  price: number;
  currency: string;
  /** The page's own Add to cart row: the bar shows once it has scrolled up out of view. */
  watch: RefObject<HTMLElement | null>;
  /** A mark at the end of the page's content: the bar goes when it comes into view, so it never hides the footer. */
  end: RefObject<HTMLElement | null>;
}

/**
 * Phones only (below md): a bar along the bottom with the name, the price and Add to cart, shown
 * while the page's own button is above the screen and the end of the content is not yet in
 * view. Not rendered at all otherwise, so there is one Add to cart button to find at a time.
 * Toasts come from the top on phones (errors/sonner-toaster.tsx), so the bar never covers them.
 */
export function StickyAddToCart({ price, currency, watch, end, ...button }: StickyAddToCartProps) {
  const [scrolledPast, setScrolledPast] = useState(false);
  const [atEnd, setAtEnd] = useState(false);

  useEffect(() => {
    const target = watch.current;
    const last = end.current;
    if (!target || !last || typeof IntersectionObserver === 'undefined') return;
    // Each watched area reaches far past one edge of the screen, so that a fast fling (or a jump
    // to an anchor) which carries an element from below the screen to above it in one frame still
    // crosses an edge and is reported: "above the screen" and "on or above it".
    const far = 100_000;
    const button = new IntersectionObserver(([entry]) => setScrolledPast(entry ? !entry.isIntersecting : false), {
      rootMargin: `0px 0px ${far}px 0px`,
    });
    const ending = new IntersectionObserver(([entry]) => setAtEnd(entry?.isIntersecting ?? false), {
      rootMargin: `${far}px 0px 0px 0px`,
    });
    button.observe(target);
    ending.observe(last);
    return () => {
      button.disconnect();
      ending.disconnect();
    };
  }, [watch, end]);

  if (!scrolledPast || atEnd) return null;
  return (
    <div
      data-testid="sticky-add-to-cart"
      className="fixed inset-x-0 bottom-0 z-20 border-t border-line bg-page/95 px-4 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] shadow-[0_-4px_16px_rgb(0_0_0/0.08)] backdrop-blur md:hidden"
    >
      <div className="flex items-center gap-3">
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-strong">{button.productName}</p>
          <p className="text-sm font-semibold text-strong tabular-nums">{formatMoney(price, currency)}</p>
        </div>
        <AddToCartButton {...button} compact />
      </div>
    </div>
  );
}
