import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import type { Product } from '#shared/contracts/products.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { getSiteConfig } from '#web/lib/site-config.ts';
import { Breadcrumbs } from '#web/ui/breadcrumbs.tsx';
import { Container } from '#web/ui/container.tsx';
import { cartIcon, Icon } from '#web/ui/icons.tsx';
import { InlineError } from '#web/ui/inline-error.tsx';
import { NotFoundPage } from '#web/ui/not-found-page.tsx';
import { PageSkeleton } from '#web/ui/page-skeleton.tsx';
import { ProductImage } from '#web/ui/product-image.tsx';
import { discountPercent, ProductPrice } from '#web/ui/product-price.tsx';
import { usePageTitle } from '#web/ui/use-page-title.ts';
import { productQuery } from '../products/product-queries.ts';

export function ProductPage() {
  const { id = '' } = useParams();
  const { data: product, isPending, isError, error, refetch } = useQuery(productQuery(id));

  if (isError) {
    if (error instanceof ApiError && error.status === 404) {
      return (
        <NotFoundPage title="Product not found">
          This product may have been removed or is no longer available. Browse the store for similar items.
        </NotFoundPage>
      );
    }
    return (
      <Container className="py-10">
        <h1 className="sr-only">Product</h1>
        <InlineError title="This product could not be loaded" onRetry={() => void refetch()} />
      </Container>
    );
  }
  if (isPending) return <PageSkeleton variant="product" />;
  return <ProductDetails product={product} />;
}

function ProductDetails({ product }: { product: Product }) {
  const { currency } = getSiteConfig();
  usePageTitle(product.name);
  const discount = discountPercent(product.price, product.compare_at_price);

  return (
    <Container className="py-6 sm:py-10">
      <Breadcrumbs
        items={[
          { to: '/', label: 'Home' },
          { to: '/store', label: 'Store' },
          ...(product.category
            ? [
                {
                  to: `/store?${new URLSearchParams({ category: product.category.slug })}`,
                  label: product.category.name,
                },
              ]
            : []),
          { label: product.name },
        ]}
      />

      <div className="mt-6 grid gap-8 md:grid-cols-2 lg:gap-14">
        <Gallery key={product.id} images={product.images} name={product.name} />

        <div className="flex flex-col">
          {product.brand && <p className="text-sm font-semibold tracking-wide text-muted uppercase">{product.brand}</p>}
          <h1 className="mt-1 text-2xl font-bold tracking-tight text-balance text-strong sm:text-3xl lg:text-4xl">
            {product.name}
          </h1>
          {product.review_count > 0 && (
            <p className="mt-2 text-sm text-muted">
              <span aria-hidden="true" className="text-amber-500">
                ★{' '}
              </span>
              {product.rating.toFixed(1)} out of 5 · {product.review_count}{' '}
              {product.review_count === 1 ? 'review' : 'reviews'}
            </p>
          )}

          <div className="mt-5 flex flex-wrap items-center gap-3">
            <ProductPrice price={product.price} compareAtPrice={product.compare_at_price} currency={currency} large />
            {discount !== null && (
              <span className="rounded-full bg-red-700 px-2.5 py-1 text-xs font-semibold text-white">
                Save {discount}%
              </span>
            )}
          </div>
          <p className="mt-1 text-sm text-muted">Prices in {currency}, VAT added at checkout.</p>

          <StockState product={product} />

          <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
            <button
              type="button"
              disabled
              aria-describedby="add-to-cart-note"
              className="btn-primary h-12 px-8 text-base"
            >
              <Icon d={cartIcon} className="size-5" />
              Add to cart
            </button>
            <p id="add-to-cart-note" className="text-sm text-muted">
              Cart coming soon.
            </p>
          </div>

          <p className="mt-6 text-xs text-muted">SKU {product.sku}</p>

          {product.description && (
            <section aria-labelledby="description-title" className="mt-8 border-t border-line pt-6">
              <h2 id="description-title" className="text-lg font-semibold">
                Description
              </h2>
              <div className="mt-3 space-y-3 leading-relaxed text-fg">
                {product.description
                  .split(/\n\s*\n/)
                  .filter((paragraph) => paragraph.trim() !== '')
                  .map((paragraph, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a text, always in this order
                    <p key={index} className="whitespace-pre-line">
                      {paragraph.trim()}
                    </p>
                  ))}
              </div>
            </section>
          )}

          {product.specs.length > 0 && (
            <section aria-labelledby="specs-title" className="mt-8 border-t border-line pt-6">
              <h2 id="specs-title" className="text-lg font-semibold">
                Specifications
              </h2>
              <table className="mt-3 w-full text-sm">
                <tbody className="divide-y divide-line">
                  {product.specs.map((spec) => (
                    <tr key={spec.key}>
                      <th scope="row" className="w-2/5 py-2.5 pr-4 text-left align-top font-medium text-muted">
                        {spec.key}
                      </th>
                      <td className="py-2.5 text-fg">{spec.value}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          )}
        </div>
      </div>
    </Container>
  );
}

function StockState({ product }: { product: Product }) {
  const [tone, label] =
    !product.in_stock || product.stock_quantity <= 0
      ? ['text-danger', 'Out of stock']
      : product.stock_quantity <= product.low_stock_threshold
        ? ['text-amber-800 dark:text-amber-300', `Only ${product.stock_quantity} left in stock`]
        : ['text-accent', 'In stock'];
  return (
    <p className={`mt-4 flex items-center gap-2 text-sm font-semibold ${tone}`}>
      <span aria-hidden="true" className="size-2 rounded-full bg-current" />
      {label}
    </p>
  );
}

function Gallery({ images, name }: { images: readonly string[]; name: string }) {
  const [selected, setSelected] = useState(0);
  const current = images[selected] ?? images[0];
  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-hidden rounded-2xl border border-line">
        <ProductImage
          src={current}
          alt={name}
          sizes="(min-width: 1280px) 600px, (min-width: 768px) 50vw, 100vw"
          eager
        />
      </div>
      {images.length > 1 && (
        <ul className="flex gap-2 overflow-x-auto pb-1">
          {images.map((image, index) => (
            <li key={image} className="shrink-0">
              <button
                type="button"
                onClick={() => setSelected(index)}
                aria-label={`Show image ${index + 1} of ${images.length}`}
                aria-pressed={index === selected}
                className={`block size-16 overflow-hidden rounded-xl border-2 transition sm:size-20 ${
                  index === selected ? 'border-accent' : 'border-line hover:border-line-strong'
                }`}
              >
                <ProductImage src={image} alt="" sizes="80px" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
