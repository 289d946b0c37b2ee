import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import {
  isShopPageSlug,
  SHOP_PAGE_LABELS,
  SHOP_PAGE_LIMITS,
  type ShopPage,
  type ShopPageSlug,
  ShopPageUpdateSchema,
} from '#shared/contracts/pages.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { TextAreaField, TextField } from '#web/ui/form-field.tsx';
import { ContentPreviewDialog } from '../blog/content-preview-dialog.tsx';
import { EditorSaveBar } from '../blog/editor-save-bar.tsx';
import { LazyRichTextEditor } from '../blog/lazy-rich-text-editor.tsx';
import {
  CharacterCount,
  htmlToText,
  SEARCH_DESCRIPTION_CHARS,
  SEARCH_TITLE_CHARS,
  SeoPreview,
} from '../blog/seo-preview.tsx';
import { DetailCard, DetailColumns, DetailHeader, DetailPlaceholder } from '../ui/detail-layout.tsx';
import { fieldBinder } from '../ui/form-fields.ts';
import { useUnsavedChangesGuard } from '../ui/use-unsaved-changes.ts';
import { ADMIN_PAGES_KEY, getShopPage, invalidateShopPages, updateShopPage } from './pages-api.ts';

const BACK = { to: '/admin/pages', label: 'All pages' };

interface PageFormValues {
  title: string;
  content: string;
  meta_title: string;
  meta_description: string;
}

const FIELDS = new Set<string>(['title', 'content', 'meta_title', 'meta_description']);

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
  const page = useQuery({
    queryKey: [...ADMIN_PAGES_KEY, 'one', slug],
    queryFn: ({ signal }) => getShopPage(slug as ShopPageSlug, signal),
    enabled: known,
  });
  if (!known || !page.isSuccess) {
    return (
      <DetailPlaceholder
        query={known ? page : { isError: true, error: new ApiError('Page not found', 404), refetch: () => undefined }}
        noun="page"
        title={known ? SHOP_PAGE_LABELS[slug] : 'Page'}
        back={BACK}
        missingText="The shop's fixed pages are About, Delivery, Returns, Warranty, Privacy and Terms."
      />
    );
  }
  return <ShopPageForm key={page.data.slug} page={page.data} />;
}

function ShopPageForm({ page }: { page: ShopPage }) {
  const queryClient = useQueryClient();
  const [previewing, setPreviewing] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<PageFormValues>({ defaultValues: toFormValues(page) });
  // Every field, every change: the previews and buttons follow what is typed.
  const watched = watch();
  useUnsavedChangesGuard(isDirty && !isSubmitting);

  const submit = async (values: PageFormValues) => {
    const checked = ShopPageUpdateSchema.safeParse(values);
    if (!checked.success) {
      checked.error.issues.forEach((issue, index) => {
        const name = String(issue.path[0] ?? 'title') as keyof PageFormValues;
        setError(name, { message: issue.message }, { shouldFocus: index === 0 });
      });
      toast({ variant: 'error', title: 'Check the highlighted fields', id: 'page-invalid' });
      return;
    }
    try {
      const saved = await updateShopPage(page.slug, checked.data);
      reset(toFormValues(saved));
      queryClient.setQueryData([...ADMIN_PAGES_KEY, 'one', page.slug], saved);
      void invalidateShopPages(queryClient);
      toast({ variant: 'success', title: 'Page saved' });
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.errors.filter((item) => FIELDS.has(item.path)) : [];
      fieldErrors.forEach((item, index) => {
        setError(item.path as keyof PageFormValues, { message: item.message }, { shouldFocus: index === 0 });
      });
      toast({
        variant: 'error',
        title: error instanceof ApiError ? error.message : 'Could not save the page',
        description: fieldErrors.length > 0 ? 'Check the highlighted fields.' : undefined,
      });
    }
  };

  const field = fieldBinder(register, errors);
  const title = watched.title ?? '';
  const metaTitle = watched.meta_title ?? '';
  const metaDescription = watched.meta_description ?? '';
  return (
    <>
      <DetailHeader
        title={page.title}
        back={BACK}
        meta={<span className="font-mono">/pages/{page.slug}</span>}
        actions={
          <>
            <button type="button" className="btn-secondary" onClick={() => setPreviewing(true)}>
              Preview
            </button>
            <a href={`/pages/${page.slug}`} target="_blank" rel="noreferrer" className="btn-secondary">
              View on site
            </a>
          </>
        }
      />
      <section aria-label={`Edit ${SHOP_PAGE_LABELS[page.slug]}`} className="[--editor-toolbar-top:9rem]">
        <EditorSaveBar status={isDirty ? 'Unsaved changes' : 'All changes saved'}>
          <button
            type="button"
            className="btn-primary"
            disabled={isSubmitting}
            onClick={() => void handleSubmit(submit)()}
          >
            {isSubmitting ? 'Saving…' : 'Save changes'}
          </button>
        </EditorSaveBar>
        <DetailColumns
          main={
            <DetailCard stack title="Page">
              <TextField label="Title" maxLength={SHOP_PAGE_LIMITS.title} autoComplete="off" {...field('title')} />
              <Controller
                control={control}
                name="content"
                render={({ field: content }) => (
                  <LazyRichTextEditor
                    label="Content"
                    value={content.value}
                    onChange={content.onChange}
                    error={errors.content?.message}
                  />
                )}
              />
            </DetailCard>
          }
          side={
            <DetailCard stack title="Search and sharing">
              <TextField
                label="Meta title"
                optional
                placeholder={title}
                hint={
                  <CharacterCount
                    count={metaTitle.length}
                    shown={SEARCH_TITLE_CHARS}
                    max={SHOP_PAGE_LIMITS.metaTitle}
                  />
                }
                {...field('meta_title')}
              />
              <TextAreaField
                label="Meta description"
                optional
                rows={3}
                hint={
                  <CharacterCount
                    count={metaDescription.length}
                    shown={SEARCH_DESCRIPTION_CHARS}
                    max={SHOP_PAGE_LIMITS.metaDescription}
                  />
                }
                {...field('meta_description')}
              />
              <SeoPreview
                social={false}
                title={metaTitle || title}
                path={`/pages/${page.slug}`}
                description={metaDescription || htmlToText(watched.content ?? '')}
              />
            </DetailCard>
          }
        />
      </section>
      <ContentPreviewDialog
        open={previewing}
        onClose={() => setPreviewing(false)}
        title={title}
        html={watched.content ?? ''}
      />
    </>
  );
}
