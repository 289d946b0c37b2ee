import { useParams } from 'react-router';
import {
  isShopPageSlug,
  SHOP_PAGE_LABELS,
  SHOP_PAGE_LIMITS,
  type ShopPage,
  type ShopPageSlug,
  type ShopPageUpdate,
  ShopPageUpdateSchema,
} from '#shared/contracts/pages.ts';
import { ContentEditorBody } from '#web/admin/shared/editor-save-bar.tsx';
import { LazyRichTextEditor } from '#web/admin/shared/lazy-rich-text-editor.tsx';
import { SeoFieldsCard } from '#web/admin/shared/seo-fields.tsx';
import { htmlToText } from '#web/admin/shared/seo-preview.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { TextField } from '#web/ui/form-field.tsx';
import { DetailCard, DetailPlaceholder } from '../ui/detail-layout.tsx';
import { EditorFrame } from '../ui/editor-frame.tsx';
import { useEditorForm } from '../ui/use-editor-form.tsx';
import { useRecordEditor } from '../ui/use-record-editor.ts';
import { ADMIN_PAGES_KEY, getShopPage, invalidateShopPages, updateShopPage } from './pages-api.ts';

const BACK = { to: '/admin/pages', label: 'All pages' };

interface PageFormValues {
  title: string;
  content: string;
  meta_title: string;
  meta_description: string;
}

const FIELDS = ['title', 'content', 'meta_title', 'meta_description'];
const MISSING = "The shop's fixed pages are About, Delivery, Returns, Warranty, Privacy and Terms.";

const toFormValues = (page: ShopPage): PageFormValues => ({
  title: page.title,
  content: page.content,
  meta_title: page.meta_title ?? '',
  meta_description: page.meta_description ?? '',
});

/** `/admin/pages/{slug}`: one fixed page's title, text and search fields (docs/product.md#fixed-pages-in-the-admin). */
export function ShopPageEditorPage() {
  const { slug = '' } = useParams();
  const known = isShopPageSlug(slug);
  const editor = useRecordEditor<ShopPage, ShopPageUpdate>({
    // An address that names no fixed page is not asked for: it is "not found" at once.
    id: known ? slug : undefined,
    noun: 'page',
    recordKey: (key) => [...ADMIN_PAGES_KEY, 'one', key],
    load: (key, signal) => getShopPage(key as ShopPageSlug, signal),
    update: (key, body) => updateShopPage(key as ShopPageSlug, body),
    invalidate: invalidateShopPages,
    idOf: (page) => page.slug,
    listPath: '/admin/pages',
    savedToast: () => ({ variant: 'success', title: 'Page saved' }),
  });
  if (!known) {
    return (
      <DetailPlaceholder
        query={{ isError: true, error: new ApiError('Page not found', 404), refetch: () => undefined }}
        noun="page"
        title="Page"
        back={BACK}
        missingText={MISSING}
      />
    );
  }
  return (
    <EditorFrame
      editor={editor}
      back={BACK}
      newTitle={SHOP_PAGE_LABELS[slug]}
      loadingTitle={SHOP_PAGE_LABELS[slug]}
      missingText={MISSING}
      title={(page) => page.title}
      meta={(page) => <span className="font-mono">/pages/{page.slug}</span>}
      actions={(page) => (
        <a href={`/pages/${page.slug}`} target="_blank" rel="noreferrer" className="btn-secondary">
          View on site
        </a>
      )}
    >
      {(page) => page && <ShopPageForm page={page} onSave={editor.save} />}
    </EditorFrame>
  );
}

function ShopPageForm({ page, onSave }: { page: ShopPage; onSave: (body: ShopPageUpdate) => Promise<ShopPage> }) {
  const { form, field, valueField, submit, dirty, saving, guard } = useEditorForm<
    PageFormValues,
    ShopPageUpdate,
    ShopPage
  >({
    noun: 'page',
    defaultValues: toFormValues(page),
    check: (values) => {
      const checked = ShopPageUpdateSchema.safeParse(values);
      if (checked.success) return { ok: true, body: checked.data };
      const errors: Partial<Record<keyof PageFormValues, string>> = {};
      for (const issue of checked.error.issues)
        errors[String(issue.path[0] ?? 'title') as keyof PageFormValues] ??= issue.message;
      return { ok: false, errors };
    },
    save: onSave,
    toFormValues,
    fields: FIELDS,
  });
  // Every field, every change: the previews and buttons follow what is typed.
  const watched = form.watch();
  const title = watched.title ?? '';
  return (
    <ContentEditorBody
      label={`Edit ${SHOP_PAGE_LABELS[page.slug]}`}
      guard={guard}
      status={dirty ? 'Unsaved changes' : 'All changes saved'}
      preview={{ title, html: watched.content ?? '' }}
      actions={
        <button type="button" className="btn-primary" disabled={saving} onClick={() => void submit()}>
          {saving ? 'Saving…' : 'Save changes'}
        </button>
      }
      main={
        <DetailCard stack title="Page">
          <TextField label="Title" maxLength={SHOP_PAGE_LIMITS.title} autoComplete="off" {...field('title')} />
          <LazyRichTextEditor label="Content" {...valueField('content')} />
        </DetailCard>
      }
      side={
        <SeoFieldsCard
          social={false}
          fields={{ metaTitle: field('meta_title'), metaDescription: field('meta_description') }}
          values={{ metaTitle: watched.meta_title ?? '', metaDescription: watched.meta_description ?? '' }}
          limits={SHOP_PAGE_LIMITS}
          fallbackTitle={title}
          fallbackDescription={htmlToText(watched.content ?? '')}
          path={`/pages/${page.slug}`}
        />
      }
    />
  );
}
