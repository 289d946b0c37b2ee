import { useQuery } from '@tanstack/react-query';
import { NodeViewWrapper, type ReactNodeViewProps } from '@tiptap/react';
import { ADMIN_PRODUCTS_KEY, getAdminProduct } from '#web/admin/shared/product-lookups.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { moneyRange } from '../ui/format.ts';
import { ProductThumb } from '../ui/product-thumb.tsx';

/**
 * How an embedded product card looks while editing: the product's picture, name, price and slug
 * (read from the admin products API by the card's slug or id), so the writer sees what they
 * embedded; a card whose product is gone says so. The storefront draws the real card.
 */
export function ProductCardView({ node, deleteNode, selected, editor }: ReactNodeViewProps) {
  const ref = String(node.attrs.ref ?? '');
  const product = useQuery({
    queryKey: [...ADMIN_PRODUCTS_KEY, 'card', ref],
    queryFn: () => getAdminProduct(ref),
    enabled: ref !== '',
    staleTime: 60_000,
    retry: false,
  });
  const missing = product.error instanceof ApiError && product.error.status === 404;

  return (
    <NodeViewWrapper
      data-product-card-view={ref}
      className={`not-prose my-4 flex items-center gap-3 rounded-2xl border bg-surface p-3 ${selected ? 'border-accent ring-2 ring-accent' : 'border-line'}`}
      contentEditable={false}
    >
      <span data-drag-handle className="cursor-grab text-muted" title="Drag to move" aria-hidden="true">
        ⠿
      </span>
      {product.data ? (
        <>
          <ProductThumb src={product.data.images[0]} />
          <span className="min-w-0 flex-1">
            <span className="block truncate text-sm font-semibold text-strong">{product.data.name}</span>
            <span className="block text-sm text-fg">{moneyRange(product.data.price, product.data.price_max)}</span>
            <span className="block truncate text-xs text-muted">
              Product card · {product.data.slug}
              {product.data.is_active ? '' : ' · inactive: hidden from shoppers'}
            </span>
          </span>
        </>
      ) : (
        <span className="min-w-0 flex-1 text-sm">
          {missing ? (
            <span className="font-medium text-danger">Product not found: {ref}</span>
          ) : product.isError ? (
            <span className="text-danger">Could not load the product {ref}</span>
          ) : (
            <span className="text-muted">Loading product {ref}…</span>
          )}
          <span className="block text-xs text-muted">Product card</span>
        </span>
      )}
      {editor.isEditable && (
        <button
          type="button"
          className="shrink-0 rounded-full px-3 py-1.5 text-sm font-medium text-danger hover:bg-red-50 dark:hover:bg-red-950/40"
          aria-label={`Remove product card ${product.data?.name ?? ref}`}
          onClick={() => deleteNode()}
        >
          Remove
        </button>
      )}
    </NodeViewWrapper>
  );
}
