import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { PromoCode, PromoCodeWrite } from '#shared/contracts/promo-codes.ts';
import { adminCategoriesQuery, CATEGORIES_FAILED } from '#web/admin/shared/product-lookups.ts';
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
  const categories = useQuery(adminCategoriesQuery);
  const editor = useRecordEditor<PromoCode, PromoCodeWrite>({
    noun: 'promo code',
    recordKey: (key) => [...ADMIN_PROMO_CODES_KEY, 'one', key],
    load: getPromoCode,
    create: createPromoCode,
    update: updatePromoCode,
    invalidate: invalidatePromoCodes,
    pathOf: (code) => `/admin/promo-codes/${code.id}/edit`,
    listPath: '/admin/promo-codes',
    savedToast: (code, created) => ({ variant: 'success', title: created ? `${code.code} created` : 'Changes saved' }),
  });

  return (
    <EditorFrame
      editor={editor}
      back={{ to: '/admin/promo-codes', label: 'All promo codes' }}
      sideLoad={{ query: categories, failed: CATEGORIES_FAILED }}
      title={(code) => `Edit ${code.code}`}
      meta={(code) => <PromoStatusBadge status={code.status} />}
      actions={(code) => (
        <Link to={`/admin/promo-codes/${code.id}`} className="btn-secondary">
          View usage
        </Link>
      )}
    >
      {(code) => <PromoForm code={code} categories={categories.data ?? []} onSave={editor.save} />}
    </EditorFrame>
  );
}
