import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PRODUCT_ARCHIVED_MESSAGE, type ProductCreate } from '#shared/contracts/admin-products.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { ProductReviewsLink } from '../reviews/product-reviews-link.tsx';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { DetailHeader, DetailPlaceholder } from '../ui/detail-layout.tsx';
import { ActiveBadge, StockBadge } from '../ui/status-badge.tsx';
import {
  ADMIN_PRODUCTS_KEY,
  adminCategoriesQuery,
  createProduct,
  deleteProduct,
  getAdminProduct,
  updateProduct,
} from './product-api.ts';
import { ProductForm } from './product-form.tsx';

const BACK = { to: '/admin/products', label: 'All products' };

/** `/admin/products/new` and `/admin/products/{id}`: the product editor. */
export function ProductEditorPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const product = useQuery({
    queryKey: [...ADMIN_PRODUCTS_KEY, 'one', id],
    queryFn: () => getAdminProduct(id as string),
    enabled: id !== undefined,
  });
  const categories = useQuery(adminCategoriesQuery);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ADMIN_PRODUCTS_KEY });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'stats'] });
  };

  const save = async (values: ProductCreate) => {
    if (!id) {
      const created = await createProduct(values);
      toast({ variant: 'success', title: `${created.name} created` });
      refresh();
      queryClient.setQueryData([...ADMIN_PRODUCTS_KEY, 'one', created.id], created);
      navigate(`/admin/products/${created.id}`, { replace: true });
      return created;
    }
    const updated = await updateProduct(id, values);
    toast({ variant: 'success', title: 'Changes saved' });
    queryClient.setQueryData([...ADMIN_PRODUCTS_KEY, 'one', id], updated);
    refresh();
    return updated;
  };

  const remove = useMutation({
    mutationFn: () => deleteProduct(id as string),
    onSuccess: ({ archived }) => {
      setConfirmDelete(false);
      toast(
        archived
          ? { variant: 'info', title: 'Product archived', description: PRODUCT_ARCHIVED_MESSAGE }
          : { variant: 'success', title: 'Product deleted' },
      );
      refresh();
      navigate('/admin/products');
    },
    onError: (error) => {
      setConfirmDelete(false);
      toast({ variant: 'error', title: error instanceof ApiError ? error.message : 'Could not delete the product' });
    },
  });

  if ((id && !product.isSuccess) || categories.isPending) {
    return (
      <DetailPlaceholder
        query={product}
        noun="product"
        title={id ? 'Edit product' : 'New product'}
        back={BACK}
        missingText="It may have been deleted."
      />
    );
  }

  const current = id ? product.data : undefined;
  return (
    <>
      <DetailHeader
        title={current ? current.name : 'New product'}
        back={BACK}
        meta={
          current && (
            <>
              <ActiveBadge active={current.is_active} inactiveLabel="Inactive" />
              <StockBadge state={current.stock_state} />
              <ProductReviewsLink product={current} />
            </>
          )
        }
        actions={
          current && (
            <>
              <a
                href={`/product/${current.slug}`}
                target="_blank"
                rel="noreferrer"
                className="btn-secondary"
                title={current.is_active ? undefined : 'Inactive products are not shown in the store'}
              >
                View in store
              </a>
              <button
                type="button"
                className="btn text-danger ring-1 ring-danger/40 hover:bg-red-50 dark:hover:bg-red-950/40"
                onClick={() => setConfirmDelete(true)}
              >
                Delete
              </button>
            </>
          )
        }
      />
      {categories.isError && (
        <p role="status" className="mb-4 text-sm text-danger">
          The categories could not be loaded; the category picker is empty.
        </p>
      )}
      <ProductForm
        // A fresh form per product: its defaults are that product's values.
        key={current?.id ?? 'new'}
        product={current}
        categories={categories.data ?? []}
        onSave={save}
      />
      <ConfirmDialog
        open={confirmDelete}
        title={`Delete ${current?.name ?? 'this product'}?`}
        confirmLabel="Delete product"
        danger
        pending={remove.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => remove.mutate()}
      >
        If the product appears in orders it is archived instead: hidden from the store, kept for the order history.
      </ConfirmDialog>
    </>
  );
}
