import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { BLOG_LIMITS, BLOG_POST_STATUS_LABELS, BLOG_POST_STATUSES, type BlogPostStatus } from '#shared/blog.ts';
import type { AdminBlogPost, BlogCategory, BlogPostCreate } from '#shared/contracts/blog.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { SelectField, TextAreaField, TextField } from '#web/ui/form-field.tsx';
import { ListInput } from '../products/list-input.tsx';
import { DetailCard, DetailColumns } from '../ui/detail-layout.tsx';
import { fieldBinder } from '../ui/form-fields.ts';
import { useUnsavedChangesGuard } from '../ui/use-unsaved-changes.ts';
import { blogCategoryOptions } from './blog-api.ts';
import {
  EMPTY_POST_FORM,
  formFieldOf,
  type PostFormValues,
  schedules,
  slugFromTitle,
  toFormValues,
  toPostRequest,
} from './blog-form-values.ts';
import { ContentPreviewDialog } from './content-preview-dialog.tsx';
import { EditorSaveBar } from './editor-save-bar.tsx';
import { FeaturedImageField } from './featured-image-field.tsx';
import { LazyRichTextEditor } from './lazy-rich-text-editor.tsx';
import {
  CharacterCount,
  htmlToText,
  SEARCH_DESCRIPTION_CHARS,
  SEARCH_TITLE_CHARS,
  SeoPreview,
} from './seo-preview.tsx';

/** The offset the date field's local time is sent with: "UTC+02:00". */
function zoneLabel(): string {
  const offset = -new Date().getTimezoneOffset();
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offset) % 60).padStart(2, '0');
  return `UTC${offset >= 0 ? '+' : '-'}${hours}:${minutes}`;
}

/** The main button's words for the status chosen (and whether its date is ahead). */
export function primaryLabel(status: BlogPostStatus, publishAt: string, storedPublic: boolean): string {
  if (schedules(status, publishAt)) return 'Schedule';
  if (status === 'published') return storedPublic ? 'Update' : 'Publish';
  if (status === 'draft') return 'Save draft';
  return 'Save';
}

/**
 * Write or edit one post (docs/product.md#blog-in-the-admin). The request is checked with the
 * shared contract before it is sent, plus the editor's own rule that scheduling needs a future
 * date; the server's refusals (a taken slug, an unknown category) land on their fields.
 */
export function BlogPostForm({
  post,
  categories,
  onSave,
}: {
  post?: AdminBlogPost;
  categories: readonly BlogCategory[];
  /** Resolves with the saved post; throws ApiError to show the server's answer. */
  onSave: (body: BlogPostCreate) => Promise<AdminBlogPost>;
}) {
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    setValue,
    getValues,
    watch,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<PostFormValues>({ defaultValues: post ? toFormValues(post) : EMPTY_POST_FORM });
  // The status a button saves as ("Save draft"), else the one chosen in the select.
  const intent = useRef<BlogPostStatus | null>(null);
  // A new post's slug follows its title until the admin types one (then the server is sent theirs).
  const [slugFollowsTitle, setSlugFollowsTitle] = useState(post === undefined);
  const [previewing, setPreviewing] = useState(false);
  // Every field, every change: the previews and buttons follow what is typed.
  const watched = watch();
  const title = watched.title ?? '';
  const status = watched.status ?? 'draft';
  const publishAt = watched.publish_at ?? '';
  useUnsavedChangesGuard(isDirty && !isSubmitting);

  useEffect(() => {
    if (slugFollowsTitle) setValue('slug', slugFromTitle(title));
  }, [slugFollowsTitle, title, setValue]);

  const storedPublic = post?.status === 'published';
  const submit = async (values: PostFormValues) => {
    const saveAs = intent.current ?? values.status;
    intent.current = null;
    const request = toPostRequest(slugFollowsTitle ? { ...values, slug: '' } : values, saveAs);
    if (!request.ok) {
      Object.entries(request.errors).forEach(([name, message], index) => {
        setError(name as keyof PostFormValues, { message }, { shouldFocus: index === 0 });
      });
      toast({ variant: 'error', title: 'Check the highlighted fields', id: 'post-invalid' });
      return;
    }
    try {
      const saved = await onSave(request.body);
      setSlugFollowsTitle(false);
      reset(toFormValues(saved));
    } catch (error) {
      if (!(error instanceof ApiError)) {
        toast({ variant: 'error', title: 'Could not save the post' });
        return;
      }
      const fieldErrors = error.errors.flatMap((item) => {
        const name = formFieldOf(item.path);
        return name ? [{ name, message: item.message }] : [];
      });
      // A taken slug is the one conflict a save can hit.
      if (error.status === 409 && !fieldErrors.some((item) => item.name === 'slug')) {
        fieldErrors.unshift({ name: 'slug', message: error.message });
      }
      if (fieldErrors.some((item) => item.name === 'slug')) setSlugFollowsTitle(false);
      fieldErrors.forEach((item, index) => {
        setError(item.name, { message: item.message }, { shouldFocus: index === 0 });
      });
      toast({
        variant: 'error',
        title: error.message || 'Could not save the post',
        description: fieldErrors.length > 0 ? 'Check the highlighted fields.' : undefined,
      });
    }
  };

  /** Saves as `as` ("Save draft"), or as the status chosen in the select. */
  const save = (as: BlogPostStatus | null) => {
    intent.current = as;
    void handleSubmit(submit)();
  };
  const field = fieldBinder(register, errors);
  const slugField = register('slug', { onChange: () => setSlugFollowsTitle(false) });
  const slug = watched.slug || slugFromTitle(title) || 'post';
  const metaTitle = watched.meta_title ?? '';
  const metaDescription = watched.meta_description ?? '';
  const description = metaDescription || watched.excerpt || htmlToText(watched.content ?? '');
  const showDate = status === 'scheduled' || status === 'published';
  const showSaveDraft = !storedPublic && status !== 'draft';
  const options = blogCategoryOptions(categories);

  return (
    // The editor's toolbar sticks below the save bar (4.5rem from the top, about 4.25rem tall).
    <section aria-label={post ? 'Edit post' : 'New post'} className="[--editor-toolbar-top:9rem]">
      <EditorSaveBar
        status={
          isDirty ? 'Unsaved changes' : post ? 'All changes saved' : 'Write the post, then publish or save a draft'
        }
      >
        <button type="button" className="btn-secondary" onClick={() => setPreviewing(true)}>
          Preview
        </button>
        {showSaveDraft && (
          <button type="button" className="btn-secondary" disabled={isSubmitting} onClick={() => save('draft')}>
            Save draft
          </button>
        )}
        <button type="button" className="btn-primary" disabled={isSubmitting} onClick={() => save(null)}>
          {isSubmitting ? 'Saving…' : primaryLabel(status, publishAt, storedPublic)}
        </button>
      </EditorSaveBar>
      <DetailColumns
        main={
          <DetailCard stack title="Article">
            <TextField label="Title" maxLength={BLOG_LIMITS.title} autoComplete="off" {...field('title')} />
            <TextField
              label="Slug"
              autoComplete="off"
              spellCheck={false}
              maxLength={BLOG_LIMITS.slug}
              hint={
                <>
                  The post's address: <span className="font-mono [overflow-wrap:anywhere]">/blog/{slug}</span>
                  {slugFollowsTitle
                    ? ' (made from the title until you change it)'
                    : post && storedPublic
                      ? '. Changing it breaks links already shared.'
                      : ''}
                </>
              }
              {...slugField}
              error={errors.slug?.message}
            />
            <Controller
              control={control}
              name="content"
              render={({ field: content }) => (
                <LazyRichTextEditor
                  label="Content"
                  value={content.value}
                  onChange={content.onChange}
                  error={errors.content?.message}
                  onImageUploaded={(url) => {
                    const images = getValues('images');
                    if (!images.includes(url) && images.length < BLOG_LIMITS.images) {
                      setValue('images', [...images, url], { shouldDirty: true });
                    }
                  }}
                />
              )}
            />
            <TextAreaField
              label="Excerpt"
              optional
              rows={3}
              maxLength={BLOG_LIMITS.excerpt}
              hint="Shown on the blog's cards. Left blank: made from the start of the content."
              {...field('excerpt')}
            />
          </DetailCard>
        }
        side={
          <>
            <DetailCard stack title="Publishing">
              {/* Controlled (not read back from the DOM): the buttons' words follow it. */}
              <Controller
                control={control}
                name="status"
                render={({ field: select }) => (
                  <SelectField
                    label="Status"
                    name={select.name}
                    ref={select.ref}
                    value={select.value}
                    onBlur={select.onBlur}
                    onChange={(event) => select.onChange(event.target.value as BlogPostStatus)}
                    error={errors.status?.message}
                  >
                    {BLOG_POST_STATUSES.map((value) => (
                      <option key={value} value={value}>
                        {BLOG_POST_STATUS_LABELS[value]}
                      </option>
                    ))}
                  </SelectField>
                )}
              />
              {showDate && (
                <TextField
                  type="datetime-local"
                  label={status === 'scheduled' ? 'Publish on' : 'Publish date'}
                  optional={status === 'published'}
                  hint={
                    status === 'scheduled'
                      ? `Your local time (${zoneLabel()}). The post appears on the blog by itself then.`
                      : `Your local time (${zoneLabel()}). Blank: now. A future date schedules the post.`
                  }
                  {...field('publish_at')}
                />
              )}
              <label className="flex items-start gap-3 text-sm">
                <input type="checkbox" className="mt-0.5 size-4 accent-accent" {...register('is_featured')} />
                <span>
                  <span className="font-medium">Featured</span>
                  <span className="block text-muted">Shown large at the top of the blog.</span>
                </span>
              </label>
              {post && (
                <p className="text-xs text-muted">
                  {post.view_count.toLocaleString()} views · {post.reading_time_minutes} min read · by{' '}
                  {post.author.name}
                </p>
              )}
            </DetailCard>
            <DetailCard stack title="Organisation">
              <Controller
                control={control}
                name="featured_image"
                render={({ field: image }) => (
                  <FeaturedImageField
                    label="Featured image"
                    value={image.value}
                    onChange={image.onChange}
                    error={errors.featured_image?.message}
                  />
                )}
              />
              <div>
                <SelectField label="Category" {...field('category_id')}>
                  <option value="">No category</option>
                  {options.map(([id, label]) => (
                    <option key={id} value={id}>
                      {label}
                    </option>
                  ))}
                </SelectField>
                <Link
                  to="/admin/blog/categories"
                  className="mt-1 inline-block text-xs font-medium text-accent underline-offset-4 hover:underline"
                >
                  Manage categories
                </Link>
              </div>
              <div>
                <label htmlFor="post-tags" className="text-sm font-medium">
                  Tags <span className="font-normal text-muted">(optional)</span>
                </label>
                <Controller
                  control={control}
                  name="tags"
                  render={({ field: tags }) => (
                    <ListInput
                      id="post-tags"
                      value={tags.value}
                      onChange={tags.onChange}
                      placeholder="arduino, beginners"
                      invalid={Boolean(errors.tags)}
                      describedBy="post-tags-hint"
                    />
                  )}
                />
                <p id="post-tags-hint" className="mt-1 text-xs text-muted">
                  Separated by commas; related posts share tags.
                </p>
                {errors.tags && <p className="mt-1 text-sm text-danger">{errors.tags.message ?? 'Check the tags'}</p>}
              </div>
            </DetailCard>
            <DetailCard stack title="Search and sharing">
              <TextField
                label="Meta title"
                optional
                placeholder={title}
                hint={
                  <CharacterCount count={metaTitle.length} shown={SEARCH_TITLE_CHARS} max={BLOG_LIMITS.metaTitle} />
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
                    max={BLOG_LIMITS.metaDescription}
                  />
                }
                {...field('meta_description')}
              />
              <TextField
                label="Canonical URL"
                optional
                type="url"
                inputMode="url"
                placeholder="https://…"
                hint="Only when the article first appeared on another site."
                {...field('canonical_url')}
              />
              <SeoPreview
                title={metaTitle || title}
                path={`/blog/${slug}`}
                description={description}
                image={watched.featured_image || null}
              />
            </DetailCard>
          </>
        }
      />
      <ContentPreviewDialog
        open={previewing}
        onClose={() => setPreviewing(false)}
        title={title}
        html={watched.content ?? ''}
        image={watched.featured_image || null}
        meta={categories.find((category) => category.id === watched.category_id)?.name}
      />
    </section>
  );
}
