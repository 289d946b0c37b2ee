import { useQuery } from '@tanstack/react-query';
import { type AdminProduct, PRODUCT_ARCHIVED_MESSAGE, type ProductCreate } from '#shared/contracts/admin-products.ts';
import {
  ADMIN_PRODUCTS_KEY,
  adminCategoriesQuery,
  CATEGORIES_FAILED,
  getAdminProduct,
} from '#web/admin/shared/product-lookups.ts';
import { ProductReviewsLink } from '#web/admin/shared/product-reviews-link.tsx';
import { EditorFrame } from '../ui/editor-frame.tsx';
import { ActiveBadge, StockBadge } from '../ui/status-badge.tsx';
import { useRecordEditor } from '../ui/use-record-editor.ts';
import { createProduct, deleteProduct, updateProduct } from './product-api.ts';
import { ProductForm } from './product-form.tsx';

/** `/admin/products/new` and `/admin/products/{id}`: the product editor. */
export function ProductEditorPage() {
  const categories = useQuery(adminCategoriesQuery);
  const editor = useRecordEditor<AdminProduct, ProductCreate, { archived: boolean }>({
    noun: 'product',
    recordKey: (key) => [...ADMIN_PRODUCTS_KEY, 'one', key],
    load: (key) => getAdminProduct(key),
    create: createProduct,
    update: updateProduct,
    remove: deleteProduct,
    invalidate: (queryClient) => {
      void queryClient.invalidateQueries({ queryKey: ADMIN_PRODUCTS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'stats'] });
    },
    listPath: '/admin/products',
    savedToast: (product, created) => ({
      variant: 'success',
      title: created ? `${product.name} created` : 'Changes saved',
    }),
    deletedToast: ({ archived }) =>
      archived
        ? { variant: 'info', title: 'Product archived', description: PRODUCT_ARCHIVED_MESSAGE }
        : { variant: 'success', title: 'Product deleted' },
  });

  return (
    <EditorFrame
      editor={editor}
      back={{ to: '/admin/products', label: 'All products' }}
      sideLoad={{ query: categories, failed: CATEGORIES_FAILED }}
      title={(product) => product.name}
      meta={(product) => (
        <>
          <ActiveBadge active={product.is_active} inactiveLabel="Inactive" />
          <StockBadge state={product.stock_state} />
          <ProductReviewsLink product={product} />
        </>
      )}
      actions={(product) => (
        <a
          href={`/product/${product.slug}`}
          target="_blank"
          rel="noreferrer"
          className="btn-secondary"
          title={product.is_active ? undefined : 'Inactive products are not shown in the store'}
        >
          View in store
        </a>
      )}
      deleteStep={{
        title: (product) => `Delete ${product.name}?`,
        confirmLabel: 'Delete product',
        body: () =>
          'If the product appears in orders it is archived instead: hidden from the store, kept for the order history.',
      }}
    >
      {(product) => <ProductForm product={product} categories={categories.data ?? []} onSave={editor.save} />}
    </EditorFrame>
  );
}
