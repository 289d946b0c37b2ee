import type { ProductCardData } from '#web/storefront/products/product-card.tsx';

/**
 * A post's (or fixed page's) content as the shopper sees it: the server's sanitised HTML, with
 * each `<div data-product-card="ref">` drawn as a product card (docs/product.md#post-html).
 * Used by `/blog/{slug}`, `/pages/{slug}` and the admin editor's preview.
 *
 * BASE STUB (issue 24): the storefront work replaces the body; keep the props.
 */
export interface PostBodyProps {
  /** Sanitised HTML (from the server, or from the editor for a preview). */
  html: string;
  /** Products named by the content's cards, by the card's ref (slug or id); a missing one is left out. */
  products?: ReadonlyMap<string, ProductCardData>;
  className?: string;
}

export function PostBody({ html, className = '' }: PostBodyProps) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitised it (post-html.ts)
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
