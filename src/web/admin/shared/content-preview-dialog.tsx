import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useId } from 'react';
import { ADMIN_PRODUCTS_KEY, getAdminProduct } from '#web/admin/shared/product-lookups.ts';
// biome-ignore lint/style/noRestrictedImports: a type only; the preview draws the shopper's own product cards
import type { ProductCardData } from '#web/storefront/catalogue-kit/product-card-data.ts';
import { Icon } from '#web/ui/icons.tsx';
import { UploadedImage } from '../ui/uploaded-image.tsx';
import { useControlledDialog } from '../ui/use-controlled-dialog.ts';

/**
 * The storefront's PostBody, so the preview is exactly what shoppers see; lazy, so its product
 * cards load with the first preview only.
 */
const PostBody = lazy(() =>
  // biome-ignore lint/style/noRestrictedImports: the one storefront piece the admin draws (the preview), in a chunk of its own
  import('#web/storefront/content-kit/post-body.tsx').then((module) => ({ default: module.PostBody })),
);

const closeIcon = 'M6 6l12 12M18 6 6 18';
const CARD_REF = /data-product-card="([^"]+)"/g;

/** The product references of the content's cards (`<div data-product-card="ref">`), each once, in order. */
export function productCardRefs(html: string): string[] {
  return [...new Set([...html.matchAll(CARD_REF)].map((match) => (match[1] ?? '').toLowerCase()).filter(Boolean))];
}

/** The products the content's cards name, loaded from the admin products API (id or slug); missing ones are left out. */
function useCardProducts(html: string, enabled: boolean): ReadonlyMap<string, ProductCardData> {
  const refs = productCardRefs(html);
  // One query for the set (not useQueries, whose code would join the storefront's first-load chunk).
  const products = useQuery({
    queryKey: [...ADMIN_PRODUCTS_KEY, 'cards', refs],
    queryFn: async () => {
      const found = await Promise.all(refs.map((ref) => getAdminProduct(ref).catch(() => null)));
      return new Map(refs.flatMap((ref, index) => (found[index] ? [[ref, found[index]] as const] : [])));
    },
    enabled: enabled && refs.length > 0,
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });
  return products.data ?? EMPTY;
}

const EMPTY: ReadonlyMap<string, ProductCardData> = new Map();

/**
 * "Preview": the article or page as the shopper will see it, drawn by the storefront's PostBody
 * from what is typed now (saved or not), its product cards filled in. A large dialog; the whole
 * screen on a phone.
 */
export function ContentPreviewDialog({
  open,
  onClose,
  title,
  html,
  image,
  meta,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  html: string;
  /** A post's featured image, shown above the article as on the post page. */
  image?: string | null;
  /** A line under the title (category, reading time). */
  meta?: ReactNode;
}) {
  const dialog = useControlledDialog(open);
  const id = useId();
  const products = useCardProducts(html, open);
  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-surface p-0 text-fg backdrop:bg-black/50 sm:m-auto sm:h-[calc(100dvh-3rem)] sm:w-[min(64rem,calc(100vw-3rem))] sm:rounded-2xl sm:border sm:border-line sm:shadow-xl"
    >
      {open && (
        <div className="flex h-full flex-col">
          <div className="flex items-center gap-3 border-b border-line px-4 py-3 sm:px-6">
            <p className="text-sm font-medium text-muted">Preview · as shoppers see it</p>
            <button type="button" className="icon-btn ml-auto" onClick={onClose} aria-label="Close preview">
              <Icon d={closeIcon} />
            </button>
          </div>
          <div className="flex-1 overflow-y-auto px-4 py-6 sm:px-10 sm:py-8">
            <article className="mx-auto max-w-3xl">
              <h2
                id={`${id}-title`}
                className="text-3xl font-bold tracking-tight text-strong [overflow-wrap:anywhere] sm:text-4xl"
              >
                {title || 'Untitled'}
              </h2>
              {meta && <div className="mt-2 text-sm text-muted">{meta}</div>}
              {image && (
                <UploadedImage
                  src={image}
                  sizes="(min-width: 768px) 48rem, 100vw"
                  className="mt-6 aspect-video w-full rounded-2xl bg-white object-cover"
                />
              )}
              <Suspense
                fallback={
                  <div
                    role="status"
                    aria-label="Loading the preview"
                    className="mt-6 h-64 animate-pulse rounded-xl bg-subtle"
                  />
                }
              >
                <PostBody html={html} products={products} className="mt-6" />
              </Suspense>
            </article>
          </div>
        </div>
      )}
    </dialog>
  );
}
