import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router';
import type { Category } from '#shared/contracts/categories.ts';
import { getSiteConfig } from '#web/lib/site-config.ts';
import { Container } from '#web/ui/container.tsx';
import { EmptyState } from '#web/ui/empty-state.tsx';
import { arrowRightIcon, Icon, shieldIcon, truckIcon } from '#web/ui/icons.tsx';
import { InlineError } from '#web/ui/inline-error.tsx';
import { ProductGrid, ProductGridSkeleton } from '#web/ui/product-grid.tsx';
import { usePageTitle } from '#web/ui/use-page-title.ts';
import { categoriesQuery, topLevelCategories } from '../categories/category-queries.ts';
import { FEATURED_COUNT, featuredQuery, NEW_ARRIVALS_COUNT, newArrivalsQuery } from './home-queries.ts';
import { loadStorePage, prefetchAfter } from '../screens.ts';

/** Six featured cards: two rows of three, one row of six on wide screens. */
const FEATURED_GRID = 'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:gap-6 xl:grid-cols-6 xl:gap-4';

export function HomePage() {
  const { shopName, currency } = getSiteConfig();
  usePageTitle();
  useEffect(() => prefetchAfter(loadStorePage, 2000), []);

  return (
    <>
      <section aria-labelledby="hero-title" className="relative overflow-hidden border-b border-line bg-linear-to-br from-accent-soft to-page to-60%">
        <Container className="relative py-14 sm:py-20 lg:py-24">
          <p className="text-sm font-semibold tracking-widest text-accent uppercase">Electronics in Lebanon</p>
          <h1 id="hero-title" className="mt-3 text-4xl font-bold tracking-tight text-strong sm:text-5xl lg:text-6xl">
            {shopName}
          </h1>
          <p className="mt-5 max-w-xl text-lg text-pretty sm:text-xl">
            Phones, laptops, audio and smart-home gear you can rely on, delivered to your door.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/store" className="btn-primary px-6 py-3 text-base">
              Shop all products
              <Icon d={arrowRightIcon} />
            </Link>
            <a href="#categories" className="btn-secondary px-6 py-3 text-base">
              Browse categories
            </a>
          </div>
          <ul className="mt-10 flex flex-wrap gap-x-8 gap-y-3 text-sm [&_svg]:text-accent">
            <li className="flex items-center gap-2">
              <Icon d={truckIcon} />
              Delivery across Lebanon
            </li>
            <li className="flex items-center gap-2">
              <Icon d={shieldIcon} />
              Guest checkout, no account needed
            </li>
          </ul>
        </Container>
      </section>
      <Container className="flex flex-col gap-14 py-12 sm:gap-16 sm:py-16">
        <Categories />
        <Featured currency={currency} />
        <NewArrivals currency={currency} />
      </Container>
    </>
  );
}

function Section({ id, title, more, children }: { id: string; title: string; more?: ReactNode; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24">
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
  const { data, isPending, isError, error, refetch } = useQuery(categoriesQuery);
  const categories = data ? topLevelCategories(data) : [];
  if (!isPending && !isError && categories.length === 0) return null;
  return (
    <Section id="categories" title="Shop by category">
      {isError ? (
        <InlineError title="Categories could not be loaded" error={error} onRetry={() => void refetch()} />
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {isPending
            ? Array.from({ length: 4 }, (_, index) => <li key={index} className="h-20 animate-pulse rounded-2xl bg-subtle" />)
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
      className="flex h-full items-center gap-3 rounded-2xl border border-line bg-surface p-3 transition hover:border-accent hover:bg-accent-soft sm:p-4"
    >
      {category.image ? (
        <img
          src={category.image}
          alt=""
          width={48}
          height={48}
          loading="lazy"
          className="size-12 shrink-0 rounded-xl bg-subtle object-cover"
        />
      ) : (
        <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-accent-tint text-lg font-bold text-on-accent-tint">
          {category.name.charAt(0)}
        </span>
      )}
      <span className="min-w-0">
        <span className="block truncate font-semibold text-strong">{category.name}</span>
        <span className="block text-sm text-muted">
          {category.product_count} {category.product_count === 1 ? 'product' : 'products'}
        </span>
      </span>
    </Link>
  );
}

function Featured({ currency }: { currency: string }) {
  const { data, isPending, isError, error, refetch } = useQuery(featuredQuery);
  if (data?.length === 0) return null;
  return (
    <Section id="featured" title="Featured" more={<MoreLink to="/store">View all</MoreLink>}>
      {isError ? (
        <InlineError title="Featured products could not be loaded" error={error} onRetry={() => void refetch()} />
      ) : isPending ? (
        <ProductGridSkeleton count={FEATURED_COUNT} className={FEATURED_GRID} />
      ) : (
        <ProductGrid products={data} aboveFold currency={currency} className={FEATURED_GRID} />
      )}
    </Section>
  );
}

function NewArrivals({ currency }: { currency: string }) {
  const { data, isPending, isError, error, refetch } = useQuery(newArrivalsQuery);
  return (
    <Section id="new-arrivals" title="New arrivals" more={<MoreLink to="/store?sort=newest">See what's new</MoreLink>}>
      {isError ? (
        <InlineError title="New arrivals could not be loaded" error={error} onRetry={() => void refetch()} />
      ) : isPending ? (
        <ProductGridSkeleton count={NEW_ARRIVALS_COUNT} />
      ) : data.data.length === 0 ? (
        <EmptyState title="No products yet">New products will appear here as soon as they are added.</EmptyState>
      ) : (
        <ProductGrid products={data.data} currency={currency} />
      )}
    </Section>
  );
}
