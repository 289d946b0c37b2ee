import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import type { PromoCodeWrite } from '#shared/contracts/promo-codes.ts';
import { toast } from '#web/lib/toast.ts';
import { adminCategoriesQuery } from '../products/product-api.ts';
import { DetailHeader, DetailPlaceholder } from '../ui/detail-layout.tsx';
import {
  ADMIN_PROMO_CODES_KEY,
  createPromoCode,
  getPromoCode,
  invalidatePromoCodes,
  updatePromoCode,
} from './promo-api.ts';
import { PromoForm } from './promo-form.tsx';
import { PromoStatusBadge } from './promo-format.tsx';

const BACK = { to: '/admin/promo-codes', label: 'All promo codes' };

/** `/admin/promo-codes/new` and `/admin/promo-codes/{id}/edit`: the promo code editor. */
export function PromoEditorPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const code = useQuery({
    queryKey: [...ADMIN_PROMO_CODES_KEY, 'one', id],
    queryFn: ({ signal }) => getPromoCode(id as string, signal),
    enabled: id !== undefined,
  });
  const categories = useQuery(adminCategoriesQuery);

  const save = async (values: PromoCodeWrite) => {
    if (!id) {
      const created = await createPromoCode(values);
      toast({ variant: 'success', title: `${created.code} created` });
      void invalidatePromoCodes(queryClient);
      queryClient.setQueryData([...ADMIN_PROMO_CODES_KEY, 'one', created.id], created);
      navigate(`/admin/promo-codes/${created.id}/edit`, { replace: true });
      return created;
    }
    const updated = await updatePromoCode(id, values);
    toast({ variant: 'success', title: 'Changes saved' });
    await invalidatePromoCodes(queryClient);
    queryClient.setQueryData([...ADMIN_PROMO_CODES_KEY, 'one', id], updated);
    return updated;
  };

  if ((id && !code.isSuccess) || categories.isPending) {
    return (
      <DetailPlaceholder
        query={code}
        noun="promo code"
        title={id ? 'Edit promo code' : 'New promo code'}
        back={BACK}
        missingText="It may have been deleted."
      />
    );
  }
  const current = id ? code.data : undefined;
  return (
    <>
      <DetailHeader
        title={current ? `Edit ${current.code}` : 'New promo code'}
        back={BACK}
        meta={current && <PromoStatusBadge status={current.status} />}
        actions={
          current && (
            <Link to={`/admin/promo-codes/${current.id}`} className="btn-secondary">
              View usage
            </Link>
          )
        }
      />
      {categories.isError && (
        <p role="status" className="mb-4 text-sm text-danger">
          The categories could not be loaded; the category picker is empty.
        </p>
      )}
      <PromoForm
        // A fresh form per code: its defaults are that code's values.
        key={current?.id ?? 'new'}
        code={current}
        categories={categories.data ?? []}
        onSave={save}
      />
    </>
  );
}
