import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { PromoCode, PromoCodeWrite } from '#shared/contracts/promo-codes.ts';
import { adminCategoriesQuery } from '#web/admin/shared/product-lookups.ts';
import { EditorFrame } from '../ui/editor-frame.tsx';
import { useRecordEditor } from '../ui/use-record-editor.ts';
import {
  ADMIN_PROMO_CODES_KEY,
  createPromoCode,
  getPromoCode,
  invalidatePromoCodes,
  updatePromoCode,
} from './promo-api.ts';
import { PromoForm } from './promo-form.tsx';
import { PromoStatusBadge } from './promo-format.tsx';

/** `/admin/promo-codes/new` and `/admin/promo-codes/{id}/edit`: the promo code editor. */
export function PromoEditorPage() {
  const { id } = useParams();
  const categories = useQuery(adminCategoriesQuery);
  const editor = useRecordEditor<PromoCode, PromoCodeWrite>({
    id,
    noun: 'promo code',
    recordKey: (key) => [...ADMIN_PROMO_CODES_KEY, 'one', key],
    load: getPromoCode,
    create: createPromoCode,
    update: updatePromoCode,
    invalidate: invalidatePromoCodes,
    idOf: (code) => code.id,
    pathOf: (code) => `/admin/promo-codes/${code.id}/edit`,
    listPath: '/admin/promo-codes',
    savedToast: (code, created) => ({ variant: 'success', title: created ? `${code.code} created` : 'Changes saved' }),
  });

  return (
    <EditorFrame
      editor={editor}
      noun="promo code"
      back={{ to: '/admin/promo-codes', label: 'All promo codes' }}
      newTitle="New promo code"
      loadingTitle="Edit promo code"
      pending={categories.isPending}
      notice={categories.isError && 'The categories could not be loaded; the category picker is empty.'}
      title={(code) => `Edit ${code.code}`}
      meta={(code) => <PromoStatusBadge status={code.status} />}
      actions={(code) => (
        <Link to={`/admin/promo-codes/${code.id}`} className="btn-secondary">
          View usage
        </Link>
      )}
    >
      {(code) => (
        <PromoForm
          // A fresh form per code: its defaults are that code's values.
          key={code?.id ?? 'new'}
          code={code}
          categories={categories.data ?? []}
          onSave={editor.save}
        />
      )}
    </EditorFrame>
  );
}
