import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { ShopPage } from '#shared/contracts/pages.ts';
import { isShopPageSlug, SHOP_PAGE_LABELS, SHOP_PAGE_SLUGS, type ShopPageSlug } from '#shared/pages.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { shopDate } from '#web/lib/shop-dates.ts';
import { getSiteConfig } from '#web/lib/site-config.ts';
import { PostBody } from '#web/storefront/content-kit/post-body.tsx';
import { Breadcrumbs } from '#web/storefront/ui/breadcrumbs.tsx';
import { OfflineUnavailable } from '#web/storefront/ui/offline-unavailable-lazy.tsx';
import { PageSkeleton } from '#web/storefront/ui/page-skeleton.tsx';
import { useUnavailableOffline } from '#web/storefront/ui/use-online.ts';
import { Container } from '#web/ui/container.tsx';
import { InlineError } from '#web/ui/inline-error.tsx';
import { NotFoundPage } from '#web/ui/not-found-page.tsx';
import { usePageTitle } from '#web/ui/use-page-title.ts';
import { shopPageQuery } from './shop-page-queries.ts';

/**
 * `/pages/{slug}` (docs/product.md#fixed-pages): one of the shop's fixed pages (About, Delivery,
 * Returns, Warranty, Privacy, Terms), drawn on the server like the product pages. Any other slug
 * is the not-found screen (the server answers it with a 404 status, #shared/routes.ts).
 */
export function ShopPageScreen() {
  const { slug = '' } = useParams();
  if (!isShopPageSlug(slug)) return <NotFoundPage />;
  return <ShopPageLoader slug={slug} />;
}

function ShopPageLoader({ slug }: { slug: ShopPageSlug }) {
  const query = useQuery(shopPageQuery(slug));
  const { data: page, isPending, isError, error, refetch } = query;
  const unavailableOffline = useUnavailableOffline(query);
  if (unavailableOffline) return <OfflineUnavailable />;
  if (isError) {
    if (error instanceof ApiError && error.status === 404) return <NotFoundPage />;
    return (
      <Container className="py-10">
        <h1 className="sr-only">{SHOP_PAGE_LABELS[slug]}</h1>
        <InlineError title="This page could not be loaded" onRetry={() => void refetch()} />
      </Container>
    );
  }
  if (isPending) return <PageSkeleton variant="text" />;
  return <ShopPageView page={page} />;
}

function ShopPageView({ page }: { page: ShopPage }) {
  usePageTitle(page.title);
  return (
    <Container className="py-6 sm:py-10">
      <Breadcrumbs items={[{ to: '/', label: 'Home' }, { label: page.title }]} />
      <div className="mt-3 grid gap-10 lg:grid-cols-12">
        <article className="min-w-0 lg:col-span-8">
          <header>
            <h1 className="text-2xl font-bold tracking-tight text-balance text-strong sm:text-3xl">{page.title}</h1>
            <p className="mt-2 text-sm text-muted">
              Last updated <time dateTime={page.updated_at}>{shopDate(page.updated_at, { dateStyle: 'long' })}</time>
            </p>
          </header>
          <PostBody html={page.content} className="mt-6 max-w-3xl" />
        </article>
        <OtherPages current={page.slug} />
      </div>
    </Container>
  );
}

/** The other fixed pages, beside the text on a wide screen and below it on a phone. */
function OtherPages({ current }: { current: ShopPageSlug }) {
  const { features } = getSiteConfig();
  return (
    <aside className="lg:col-span-4">
      <nav aria-labelledby="shop-pages-heading" className="card p-4 text-sm sm:p-6 lg:sticky lg:top-24">
        {/* Not "Shop information": the footer's list of the same pages has that name (one name per landmark). */}
        <h2 id="shop-pages-heading" className="font-semibold text-strong">
          More information
        </h2>
        <ul className="mt-3 space-y-1">
          {SHOP_PAGE_SLUGS.map((slug) => (
            <li key={slug}>
              {slug === current ? (
                <span aria-current="page" className="block rounded-lg bg-accent-soft px-3 py-2 font-medium text-strong">
                  {SHOP_PAGE_LABELS[slug]}
                </span>
              ) : (
                <Link
                  to={`/pages/${slug}`}
                  className="block rounded-lg px-3 py-2 text-muted hover:bg-subtle hover:text-fg"
                >
                  {SHOP_PAGE_LABELS[slug]}
                </Link>
              )}
            </li>
          ))}
          {features.contactForm && (
            <li className="mt-2 border-t border-line pt-2">
              <Link to="/contact" className="block rounded-lg px-3 py-2 text-muted hover:bg-subtle hover:text-fg">
                Contact us
              </Link>
            </li>
          )}
        </ul>
      </nav>
    </aside>
  );
}
