import { useMemo } from 'react';
import { ProductCard } from '#web/storefront/catalogue-kit/product-card.tsx';
import type { ProductCardData } from '#web/storefront/catalogue-kit/product-card-data.ts';
import { splitPostHtml } from './post-content.ts';

/**
 * A post's (or fixed page's) content as the shopper sees it: the server's sanitised HTML, with
 * each `<div data-product-card="ref">` drawn as a product card (docs/product.md#post-html).
 * Used by `/blog/{slug}`, `/pages/{slug}` and the admin editor's preview. The article typography
 * is the `.post-html` block of styles.css (no typography plugin: a few rules, scoped to this class).
 */
export interface PostBodyProps {
  /** Sanitised HTML (from the server, or from the editor for a preview). */
  html: string;
  /** Products named by the content's cards, by the card's ref (slug or id); a missing one is left out. */
  products?: ReadonlyMap<string, ProductCardData>;
  className?: string;
}

/** How wide an embedded card is drawn (a narrow column in the text). */
const EMBEDDED_CARD_CLASS = 'my-8 flex w-full max-w-60 sm:max-w-64';

export function PostBody({ html, products, className = '' }: PostBodyProps) {
  const segments = useMemo(() => splitPostHtml(html), [html]);
  return (
    <div className={className}>
      {segments.map((segment) => {
        if (segment.type === 'html') {
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitised it (post-html.ts)
          return <div key={segment.key} className="post-html" dangerouslySetInnerHTML={{ __html: segment.html }} />;
        }
        const product = products?.get(segment.ref);
        if (!product) return null;
        return (
          <div key={segment.key} className={EMBEDDED_CARD_CLASS} data-product-card={segment.ref}>
            <ProductCard product={product} />
          </div>
        );
      })}
    </div>
  );
}
