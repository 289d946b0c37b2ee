import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router';
import type { Category } from '#shared/contracts/categories.ts';
import type { Product } from '#shared/contracts/products.ts';
import { srcSetFor } from '#shared/images.ts';
import { formatMoney } from '#shared/money.ts';
import { getSiteConfig } from '#web/lib/site-config.ts';
import { categoriesQuery, topLevelCategories } from '#web/storefront/catalogue-kit/category-queries.ts';
import { ProductGrid, ProductGridSkeleton } from '#web/storefront/catalogue-kit/product-grid.tsx';
import { ProductImage } from '#web/storefront/catalogue-kit/product-image.tsx';
import { ComponentBoundary } from '#web/storefront/ui/component-boundary.tsx';
import { EmptyState } from '#web/storefront/ui/empty-state.tsx';
import { prefetchScreen } from '#web/storefront/ui/prefetch-screen.ts';
import { Container } from '#web/ui/container.tsx';
import { arrowRightIcon, Icon } from '#web/ui/icons.tsx';
import { InlineError } from '#web/ui/inline-error.tsx';
import { usePageTitle } from '#web/ui/use-page-title.ts';
import {
  FEATURED_COUNT,
  featuredQuery,
  HERO_COUNT,
  NEW_ARRIVALS_COUNT,
  newArrivalsQuery,
  splitFeatured,
} from './home-queries.ts';

/** Six featured cards: two rows of three, one row of six on wide screens. */
const FEATURED_GRID = 'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:gap-6 xl:grid-cols-6 xl:gap-4';

export function HomePage() {
  const { shopName, currency } = getSiteConfig();
  const featured = useQuery(featuredQuery);
  usePageTitle();
  useEffect(() => prefetchScreen('store', 2000), []);

  return (
    <>
      <section
        aria-labelledby="hero-title"
        className="border-b border-line bg-linear-to-br from-accent-soft to-page to-60%"
      >
        <Container className="grid items-center gap-8 py-8 sm:py-14 lg:grid-cols-2 lg:gap-12 lg:py-16">
          <div>
            <p className="text-sm font-semibold tracking-widest text-accent uppercase">Electronics in Lebanon</p>
            <h1 id="hero-title" className="mt-3 text-4xl font-bold tracking-tight text-strong sm:text-5xl lg:text-6xl">
              {shopName}
            </h1>
            <p className="mt-4 max-w-xl text-lg text-pretty sm:mt-5 sm:text-xl">
              Quality electronics, components and accessories at fair prices, delivered to your door.
            </p>
            <Link to="/store" className="btn-primary mt-6 px-6 sm:mt-8 sm:py-3 sm:text-base">
              Shop now
              <Icon d={arrowRightIcon} className="size-4" />
            </Link>
            <p className="mt-5 text-sm text-muted sm:mt-6">
              Delivery across Lebanon · Cash on delivery · Guest checkout, no account needed
            </p>
          </div>
          <HeroPicks products={featured.data} pending={featured.isPending} currency={currency} />
        </Container>
      </section>
      <Container className="flex flex-col gap-14 py-12 sm:gap-16 sm:py-16">
        <Categories />
        <Featured query={featured} currency={currency} />
        <NewArrivals currency={currency} />
      </Container>
    </>
  );
}

function Section({ id, title, more, children }: { id: string; title: string; more?: ReactNode; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`}>
      <div className="mb-5 flex items-end justify-between gap-4 sm:mb-6">
        <h2 id={`${id}-title`} className="text-2xl font-bold tracking-tight text-strong sm:text-3xl">
          {title}
        </h2>
        {more}
      </div>
      {children}
    </section>
  );
}

function MoreLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="text-link flex shrink-0 items-center gap-1 text-sm">
      {children}
      <Icon d={arrowRightIcon} className="size-4" />
    </Link>
  );
}

function Categories() {
  const { data, isPending, isError, refetch } = useQuery(categoriesQuery);
  const categories = data ? topLevelCategories(data) : [];
  if (!isPending && !isError && categories.length === 0) return null;
  return (
    <Section id="categories" title="Shop by category">
      {isError ? (
        <InlineError title="Categories could not be loaded" onRetry={() => void refetch()} />
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {isPending
            ? Array.from({ length: 4 }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders that never reorder
                <li key={index} className="bone h-20 rounded-2xl" />
              ))
            : categories.map((category) => (
                <li key={category.id}>
                  <CategoryTile category={category} />
                </li>
              ))}
        </ul>
      )}
    </Section>
  );
}

function CategoryTile({ category }: { category: Category }) {
  return (
    <Link
      to={`/store?${new URLSearchParams({ category: category.slug })}`}
      className="card flex h-full items-center gap-3 p-3 transition hover:border-accent hover:bg-accent-soft sm:p-4"
    >
      {category.image ? (
        <img
          src={category.image}
          srcSet={srcSetFor(category.image)}
          sizes="48px"
          alt=""
          width={48}
          height={48}
          loading="lazy"
          className="size-10 shrink-0 rounded-xl bg-subtle object-cover sm:size-12"
        />
      ) : (
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent-tint text-lg font-bold text-on-accent-tint sm:size-12"
        >
          {category.name.charAt(0)}
        </span>
      )}
      <span className="min-w-0">
        <span className="block text-sm leading-snug font-semibold wrap-break-word text-strong sm:text-base">
          {category.name}
        </span>
        <span className="block text-sm text-muted">
          {category.product_count} {category.product_count === 1 ? 'product' : 'products'}
        </span>
      </span>
    </Link>
  );
}

/** The first featured products in the hero: image, name and price, each a link to its page. */
function HeroPicks({ products, pending, currency }: { products?: Product[]; pending: boolean; currency: string }) {
  const hero = splitFeatured(products ?? []).hero;
  if (!pending && hero.length === 0) return null;
  return (
    <ul aria-label="Featured picks" className="grid grid-cols-3 gap-2 sm:gap-4">
      {pending
        ? Array.from({ length: HERO_COUNT }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders that never reorder
            <li key={index} className="bone aspect-3/4 rounded-2xl" />
          ))
        : hero.map((product) => (
            <li key={product.id}>
              <Link
                to={`/product/${product.slug}`}
                className="card flex h-full flex-col overflow-hidden p-2 text-xs font-medium text-strong hover:border-accent sm:p-3 sm:text-sm"
              >
                <ProductImage src={product.images[0]} alt="" sizes="(min-width: 1024px) 200px, 33vw" eager />
                <span className="mt-2 line-clamp-2">{product.name}</span>
                <span className="mt-auto pt-1 font-semibold tabular-nums">{formatMoney(product.price, currency)}</span>
              </Link>
            </li>
          ))}
    </ul>
  );
}

function Featured({ query, currency }: { query: UseQueryResult<Product[]>; currency: string }) {
  const { data, isPending, isError, refetch } = query;
  const rest = splitFeatured(data ?? []).rest;
  if (data && rest.length === 0) return null;
  return (
    <Section id="featured" title="Featured" more={<MoreLink to="/store">View all</MoreLink>}>
      {isError ? (
        <InlineError title="Featured products could not be loaded" onRetry={() => void refetch()} />
      ) : isPending ? (
        <ProductGridSkeleton count={FEATURED_COUNT} className={FEATURED_GRID} />
      ) : (
        <ProductGrid products={rest} currency={currency} className={FEATURED_GRID} />
      )}
    </Section>
  );
}

function NewArrivals({ currency }: { currency: string }) {
  return (
    <Section id="new-arrivals" title="New arrivals" more={<MoreLink to="/store?sort=newest">See what's new</MoreLink>}>
      <ComponentBoundary>
        <NewArrivalsGrid currency={currency} />
      </ComponentBoundary>
    </Section>
  );
}

/** A widget below the fold: when it fails, the component-level alert stands in for it alone. */
function NewArrivalsGrid({ currency }: { currency: string }) {
  // Only when there is nothing to show: a failed background refresh keeps the products on screen.
  const { data } = useQuery({ ...newArrivalsQuery, throwOnError: (_, query) => query.state.data === undefined });
  if (!data) return <ProductGridSkeleton count={NEW_ARRIVALS_COUNT} />;
  if (data.length === 0) {
    return <EmptyState title="No products yet">New products will appear here as soon as they are added.</EmptyState>;
  }
  return <ProductGrid products={data} currency={currency} />;
}
