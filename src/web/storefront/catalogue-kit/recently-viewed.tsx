import { useQuery } from '@tanstack/react-query';
import type { Product } from '#shared/contracts/products.ts';
import { getSiteConfig } from '#web/lib/site-config.ts';
import { clearRecentlyViewed } from '#web/storefront/shopper-kit/preference-actions.ts';
import { usePreferencesStore } from '#web/stores/preferences-store.ts';
import { ProductGrid } from './product-grid.tsx';
import { productQuery } from './product-queries.ts';

const SHOWN = 8;

/** One row that scrolls sideways: two cards across on phones, three from sm, four from lg. */
const ROW_CLASS =
  'grid snap-x auto-cols-[calc((100%-0.75rem)/2)] grid-flow-col gap-3 overflow-x-auto pb-2 sm:auto-cols-[calc((100%-2rem)/3)] sm:gap-4 lg:auto-cols-[calc((100%-4.5rem)/4)] lg:gap-6 [&>li]:snap-start';

interface RecentlyViewedProps {
  /** The product on screen, left out of the row. */
  excludeId?: string;
  className?: string;
}

/**
 * The products the shopper looked at last (preference `recentlyViewed`, docs/product.md#preferences), newest first.
 * Each is read through its own detail query (usually already cached from its page); one that was
 * removed (404) or fails to load is simply left out. Renders nothing while there is nothing to show.
 */
export function RecentlyViewed({ excludeId, className = '' }: RecentlyViewedProps) {
  const { currency } = getSiteConfig();
  const recentlyViewed = usePreferencesStore((state) => state.recentlyViewed);
  const ids = recentlyViewed.filter((id) => id !== excludeId).slice(0, SHOWN);
  // One query over the products' own cache entries rather than `useQueries`: that hook is not used
  // anywhere else, and React Query is part of the first-load chunk, whose budget it would break.
  const { data: products = [] } = useQuery({
    queryKey: ['products', 'recently-viewed', ids],
    queryFn: async ({ client }) => {
      const results = await Promise.all(
        ids.map((id) => client.ensureQueryData(productQuery(id)).catch(() => undefined)),
      );
      return results.filter((product) => product !== undefined);
    },
    enabled: ids.length > 0,
    // While a newly viewed product loads, the row keeps the ones it had instead of disappearing.
    placeholderData: (previous) => previous,
  });
  // Only what is still in the list (the placeholder may hold cleared ones); an id may have been
  // stored as a slug, so both are compared, which also keeps the product on screen out.
  const shown = products.filter((product) => isListed(product, ids, excludeId));
  if (shown.length === 0) return null;

  return (
    <section aria-labelledby="recently-viewed-title" className={className}>
      <div className="mb-5 flex items-end justify-between gap-4 sm:mb-6">
        <h2 id="recently-viewed-title" className="text-2xl font-bold tracking-tight text-strong sm:text-3xl">
          Recently viewed
        </h2>
        <button type="button" onClick={clearRecentlyViewed} className="btn-secondary shrink-0 px-4 py-2">
          Clear
          <span className="sr-only"> recently viewed products</span>
        </button>
      </div>
      <ProductGrid products={shown} currency={currency} className={ROW_CLASS} />
    </section>
  );
}

function isListed(product: Product, ids: readonly string[], excludeId: string | undefined): boolean {
  const keys = [product.id, product.slug];
  return !keys.includes(excludeId ?? '') && keys.some((key) => ids.includes(key));
}
