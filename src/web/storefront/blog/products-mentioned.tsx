import { Link } from 'react-router';
import type { Product } from '#shared/contracts/products.ts';
import { getSiteConfig } from '#web/lib/site-config.ts';
import { AddToCartButton } from '#web/storefront/cart-kit/add-to-cart-button.tsx';
import { ProductImage } from '#web/storefront/catalogue-kit/product-image.tsx';
import { ProductPrice } from '#web/storefront/catalogue-kit/product-price.tsx';
import { Container } from '#web/ui/container.tsx';

/** The products the post embeds or links to, each with a way to buy it here. */
export function ProductsMentioned({ products }: { products: readonly Product[] }) {
  const { currency } = getSiteConfig();
  return (
    <section aria-labelledby="mentioned-title" className="mt-16 border-t border-line bg-subtle/50 py-12">
      <Container>
        <div className="mx-auto max-w-5xl">
          <h2 id="mentioned-title" className="text-2xl font-bold tracking-tight text-strong">
            Products mentioned
          </h2>
          <p className="mt-1 text-muted">Everything this article talks about, in stock at the shop.</p>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {products.map((product) => (
              <li key={product.id} className="flex">
                <MentionedProduct product={product} currency={currency} />
              </li>
            ))}
          </ul>
        </div>
      </Container>
    </section>
  );
}

function MentionedProduct({ product, currency }: { product: Product; currency: string }) {
  const simple = (product.variants?.length ?? 0) <= 1 && product.variations.length === 0;
  const outOfStock = !product.in_stock || product.stock_quantity <= 0;
  return (
    <article
      className="card flex w-full gap-3 p-3"
      aria-labelledby={`mentioned-${product.id}`}
      data-mentioned-product={product.slug}
    >
      <Link
        to={`/product/${product.slug}`}
        className="w-24 shrink-0 self-start overflow-hidden rounded-xl border border-line"
        tabIndex={-1}
        aria-hidden="true"
      >
        <ProductImage src={product.images[0]} alt="" sizes="96px" />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h3 id={`mentioned-${product.id}`} className="line-clamp-2 text-sm leading-snug font-medium">
          <Link to={`/product/${product.slug}`} className="hover:text-accent hover:underline">
            {product.name}
          </Link>
        </h3>
        <ProductPrice price={product.price} priceMax={product.price_max} compareAtPrice={null} currency={currency} />
        <div className="mt-auto pt-1">
          {simple ? (
            <AddToCartButton
              productId={product.id}
              variantId={null}
              productName={product.name}
              quantity={1}
              selectedVariations={{}}
              disabled={outOfStock}
              compact
            />
          ) : (
            <Link to={`/product/${product.slug}`} className="text-link text-sm">
              Choose options
            </Link>
          )}
        </div>
      </div>
    </article>
  );
}
