import { useEffect, useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { Link } from 'react-router';
import { BLOG_LIMITS, BLOG_POST_STATUS_LABELS, BLOG_POST_STATUSES, type BlogPostStatus } from '#shared/blog.ts';
import type { AdminBlogPost, BlogCategory, BlogPostCreate } from '#shared/contracts/blog.ts';
import { categoryTreeOptions } from '#web/admin/shared/category-options.ts';
import { ContentEditorBody } from '#web/admin/shared/editor-save-bar.tsx';
import { FeaturedImageField } from '#web/admin/shared/featured-image-field.tsx';
import { LazyRichTextEditor } from '#web/admin/shared/lazy-rich-text-editor.tsx';
import { TagsField } from '#web/admin/shared/list-input.tsx';
import { SeoFieldsCard } from '#web/admin/shared/seo-fields.tsx';
import { htmlToText } from '#web/admin/shared/seo-preview.tsx';
import { getSiteConfig } from '#web/lib/site-config.ts';
import { SelectField, TextAreaField, TextField } from '#web/ui/form-field.tsx';
import { DetailCard } from '../ui/detail-layout.tsx';
import { SelectOptions } from '../ui/select-options.tsx';
import { useEditorForm } from '../ui/use-editor-form.tsx';
import {
  EMPTY_POST_FORM,
  formFieldOf,
  type PostFormValues,
  schedules,
  slugFromTitle,
  toFormValues,
  toPostRequest,
} from './blog-form-values.ts';

/** The zone the date field is read in: the shop's, "Asia/Beirut" read as "Asia/Beirut time". */
const zoneLabel = () => `${getSiteConfig().timeZone.replace(/_/g, ' ')} time`;

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
  // A new post's slug follows its title until the admin types one (then the server is sent theirs).
  const [slugFollowsTitle, setSlugFollowsTitle] = useState(post === undefined);
  // The status a button saves as ("Save draft"), else the one chosen in the select.
  const intent = useRef<BlogPostStatus | null>(null);
  const { form, field, valueField, submit, dirty, saving, guard } = useEditorForm<
    PostFormValues,
    BlogPostCreate,
    AdminBlogPost
  >({
    noun: 'post',
    defaultValues: post ? toFormValues(post) : EMPTY_POST_FORM,
    check: (values) => {
      const saveAs = intent.current ?? values.status;
      intent.current = null;
      return toPostRequest(slugFollowsTitle ? { ...values, slug: '' } : values, saveAs);
    },
    save: onSave,
    toFormValues,
    fields: Object.keys(EMPTY_POST_FORM),
    fieldOf: formFieldOf,
    // A taken slug is the one conflict a save can hit.
    conflictField: 'slug',
    onSaved: () => setSlugFollowsTitle(false),
    onServerErrors: (names) => {
      if (names.includes('slug')) setSlugFollowsTitle(false);
    },
  });
  const {
    register,
    control,
    setValue,
    getValues,
    watch,
    formState: { errors },
  } = form;
  // Every field, every change: the previews and buttons follow what is typed.
  const watched = watch();
  const title = watched.title ?? '';
  const status = watched.status ?? 'draft';
  const publishAt = watched.publish_at ?? '';

  useEffect(() => {
    if (slugFollowsTitle) setValue('slug', slugFromTitle(title));
  }, [slugFollowsTitle, title, setValue]);

  const storedPublic = post?.status === 'published';
  /** Saves as `as` ("Save draft"), or as the status chosen in the select. */
  const save = (as: BlogPostStatus | null) => {
    intent.current = as;
    void submit();
  };
  const slugField = register('slug', { onChange: () => setSlugFollowsTitle(false) });
  const slug = watched.slug || slugFromTitle(title) || 'post';
  const metaTitle = watched.meta_title ?? '';
  const metaDescription = watched.meta_description ?? '';
  const showDate = status === 'scheduled' || status === 'published';
  const showSaveDraft = !storedPublic && status !== 'draft';
  const options = categoryTreeOptions(categories);

  return (
    <ContentEditorBody
      label={post ? 'Edit post' : 'New post'}
      guard={guard}
      status={dirty ? 'Unsaved changes' : post ? 'All changes saved' : 'Write the post, then publish or save a draft'}
      preview={{
        title,
        html: watched.content ?? '',
        image: watched.featured_image || null,
        meta: categories.find((category) => category.id === watched.category_id)?.name,
      }}
      actions={
        <>
          {showSaveDraft && (
            <button type="button" className="btn-secondary" disabled={saving} onClick={() => save('draft')}>
              Save draft
            </button>
          )}
          <button type="button" className="btn-primary" disabled={saving} onClick={() => save(null)}>
            {saving ? 'Saving…' : primaryLabel(status, publishAt, storedPublic)}
          </button>
        </>
      }
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
          <LazyRichTextEditor
            label="Content"
            {...valueField('content')}
            onImageUploaded={(url) => {
              const images = getValues('images');
              if (!images.includes(url) && images.length < BLOG_LIMITS.images) {
                setValue('images', [...images, url], { shouldDirty: true });
              }
            }}
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
                    ? `The shop's clock (${zoneLabel()}). The post appears on the blog by itself then.`
                    : `The shop's clock (${zoneLabel()}). Blank: now. A future date schedules the post.`
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
                {post.view_count.toLocaleString()} views · {post.reading_time_minutes} min read · by {post.author.name}
              </p>
            )}
          </DetailCard>
          <DetailCard stack title="Organisation">
            <FeaturedImageField label="Featured image" {...valueField('featured_image')} />
            <div>
              <SelectField label="Category" {...field('category_id')}>
                <option value="">No category</option>
                <SelectOptions options={options} />
              </SelectField>
              <Link
                to="/admin/blog/categories"
                className="mt-1 inline-block text-xs font-medium text-accent underline-offset-4 hover:underline"
              >
                Manage categories
              </Link>
            </div>
            <TagsField
              id="post-tags"
              placeholder="arduino, beginners"
              hint="Separated by commas; related posts share tags."
              {...valueField('tags')}
            />
          </DetailCard>
          <SeoFieldsCard
            fields={{ metaTitle: field('meta_title'), metaDescription: field('meta_description') }}
            values={{ metaTitle, metaDescription }}
            limits={BLOG_LIMITS}
            fallbackTitle={title}
            fallbackDescription={watched.excerpt || htmlToText(watched.content ?? '')}
            path={`/blog/${slug}`}
            image={watched.featured_image || null}
          >
            <TextField
              label="Canonical URL"
              optional
              type="url"
              inputMode="url"
              placeholder="https://…"
              hint="Only when the article first appeared on another site."
              {...field('canonical_url')}
            />
          </SeoFieldsCard>
        </>
      }
    />
  );
}
