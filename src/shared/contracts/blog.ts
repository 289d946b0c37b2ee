import { z } from 'zod';
import {
  BLOG_ADMIN_SORTS,
  BLOG_LIMITS,
  BLOG_PAGE_SIZE,
  BLOG_POST_STATUSES,
  BLOG_SORTS,
  RELATED_POSTS_LIMIT,
  RELATED_POSTS_MAX,
} from '../blog.ts';
import { SLUG_MESSAGE, SLUG_PATTERN } from './admin-products.ts';
import { PageQuerySchema, PaginationSchema, SortOrderSchema } from './common.ts';
import { dateTime } from './dates.ts';
import { safeText } from './text.ts';

/**
 * The blog (docs/product.md#blog). Shoppers read under `/blogs`, staff write under `/blogs/admin`
 * (staff-only, docs/product.md#who-may-call-what). A post's content is HTML from the admin's editor,
 * sanitised by the server on write and again on the way out; every other field is plain text.
 *
 * Endpoints:
 * - GET  /blogs/posts                          BlogPostListQuery → paginated BlogPostSummary (public posts)
 * - GET  /blogs/posts/{id or slug}             ?increment_views → BlogPost
 * - GET  /blogs/posts/{id or slug}/related     ?limit → BlogPostSummary[]
 * - GET  /blogs/categories                     active categories with post_count
 * - GET  /blogs/categories/{id or slug}        one active category
 * - GET/POST /blogs/admin/posts                AdminBlogPostListQuery / BlogPostCreate
 * - GET/PUT/DELETE /blogs/admin/posts/{id}     AdminBlogPost / BlogPostUpdate / 204
 * - GET/POST /blogs/admin/categories           every category / BlogCategoryCreate
 * - PUT/DELETE /blogs/admin/categories/{id}    BlogCategoryUpdate / ?move_to → 204
 */
export * from '../blog.ts';

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** Made from the title (or name) when not given; must be unique. */
const slugField = z.preprocess(
  blankToUndefined,
  safeText()
    .trim()
    .toLowerCase()
    .max(BLOG_LIMITS.slug, `Slug must be at most ${BLOG_LIMITS.slug} characters`)
    .regex(SLUG_PATTERN, SLUG_MESSAGE)
    .optional(),
);

const isImageRef = (value: string) =>
  /^\/uploads\/[A-Za-z0-9/_.-]+$/.test(value) || /^https:\/\/[^\s"'<>]+$/.test(value);
const IMAGE_MESSAGE = 'Image must be an uploaded file or an https URL';
const imageRef = safeText().trim().max(BLOG_LIMITS.url).refine(isImageRef, { message: IMAGE_MESSAGE });

const optionalText = (max: number, label: string) =>
  z.preprocess(blankToNull, safeText().trim().max(max, `${label} must be at most ${max} characters`).nullable());

const tagsField = z
  .array(
    safeText()
      .trim()
      .toLowerCase()
      .min(1, 'A tag must not be blank')
      .max(BLOG_LIMITS.tag, `A tag must be at most ${BLOG_LIMITS.tag} characters`),
    { error: 'Tags must be a list' },
  )
  .max(BLOG_LIMITS.tags, `At most ${BLOG_LIMITS.tags} tags`)
  .transform((tags) => [...new Set(tags)]);

const postFields = {
  title: safeText({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(BLOG_LIMITS.title, `Title must be at most ${BLOG_LIMITS.title} characters`),
  slug: slugField,
  excerpt: safeText().trim().max(BLOG_LIMITS.excerpt, `Excerpt must be at most ${BLOG_LIMITS.excerpt} characters`),
  content: safeText({ error: 'Content must be text' }).max(
    BLOG_LIMITS.content,
    `Content must be at most ${BLOG_LIMITS.content} characters`,
  ),
  featured_image: z.preprocess(blankToNull, imageRef.nullable()),
  images: z.array(imageRef).max(BLOG_LIMITS.images, `At most ${BLOG_LIMITS.images} images`),
  category_id: z.preprocess(blankToNull, z.uuid('Blog category not found').nullable()),
  tags: tagsField,
  status: z.enum(BLOG_POST_STATUSES, { error: `Status must be one of ${BLOG_POST_STATUSES.join(', ')}` }),
  /** A future date with `published` or `scheduled` schedules the post. */
  published_at: z.preprocess(blankToNull, dateTime('Publish date must be a date and time').nullable()),
  meta_title: optionalText(BLOG_LIMITS.metaTitle, 'Meta title'),
  meta_description: optionalText(BLOG_LIMITS.metaDescription, 'Meta description'),
  canonical_url: z.preprocess(
    blankToNull,
    safeText()
      .trim()
      .max(BLOG_LIMITS.url)
      .regex(/^https?:\/\/[^\s"'<>]+$/, 'Canonical URL must be an http or https URL')
      .nullable(),
  ),
  is_featured: z.boolean({ error: 'is_featured must be true or false' }),
};

/** `POST /blogs/admin/posts`: a blank excerpt is made from the content. */
export const BlogPostCreateSchema = z
  .object({
    ...postFields,
    excerpt: postFields.excerpt.default(''),
    content: postFields.content.default(''),
    featured_image: postFields.featured_image.default(null),
    images: postFields.images.default([]),
    category_id: postFields.category_id.default(null),
    tags: tagsField.default([]),
    status: postFields.status.default('draft'),
    published_at: postFields.published_at.default(null),
    meta_title: postFields.meta_title.default(null),
    meta_description: postFields.meta_description.default(null),
    canonical_url: postFields.canonical_url.default(null),
    is_featured: postFields.is_featured.default(false),
  })
  .strict();
export type BlogPostCreate = z.infer<typeof BlogPostCreateSchema>;
export type BlogPostCreateInput = z.input<typeof BlogPostCreateSchema>;

/**
 * `PUT /blogs/admin/posts/{id}`: any subset of the fields. Built without the create defaults (zod 4
 * applies `.default()` inside `.partial()`, which would reset fields the request did not send).
 */
export const BlogPostUpdateSchema = z
  .object({
    title: postFields.title.optional(),
    slug: slugField,
    excerpt: postFields.excerpt.optional(),
    content: postFields.content.optional(),
    featured_image: postFields.featured_image.optional(),
    images: postFields.images.optional(),
    category_id: postFields.category_id.optional(),
    tags: tagsField.optional(),
    status: postFields.status.optional(),
    published_at: postFields.published_at.optional(),
    meta_title: postFields.meta_title.optional(),
    meta_description: postFields.meta_description.optional(),
    canonical_url: postFields.canonical_url.optional(),
    is_featured: postFields.is_featured.optional(),
  })
  .strict()
  .refine((value) => Object.values(value).some((field) => field !== undefined), 'Send at least one field to change');
export type BlogPostUpdate = z.infer<typeof BlogPostUpdateSchema>;

export const BlogAuthorSchema = z.object({ name: z.string(), avatar: z.string().nullable() });
export const BlogCategoryRefSchema = z.object({ id: z.uuid(), name: z.string(), slug: z.string() });

/** A post in a list: everything but the content. */
export const BlogPostSummarySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string(),
  featured_image: z.string().nullable(),
  images: z.array(z.string()),
  author: BlogAuthorSchema,
  category_id: z.uuid().nullable(),
  category: BlogCategoryRefSchema.nullable(),
  tags: z.array(z.string()),
  /** `scheduled` for a published post whose date is still ahead, `published` for a scheduled one whose date has passed. */
  status: z.enum(BLOG_POST_STATUSES),
  published_at: z.iso.datetime({ offset: true }).nullable(),
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  canonical_url: z.string().nullable(),
  is_featured: z.boolean(),
  view_count: z.number().int(),
  reading_time_minutes: z.number().int(),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
});
export type BlogPostSummary = z.infer<typeof BlogPostSummarySchema>;

/** One post with its sanitised HTML content. */
export const BlogPostSchema = BlogPostSummarySchema.extend({ content: z.string() });
export type BlogPost = z.infer<typeof BlogPostSchema>;

/** A post as staff see it: the author's account too. */
export const AdminBlogPostSchema = BlogPostSchema.extend({ author_id: z.uuid().nullable() });
export type AdminBlogPost = z.infer<typeof AdminBlogPostSchema>;
export const AdminBlogPostSummarySchema = BlogPostSummarySchema.extend({
  author_id: z.uuid().nullable(),
  /** Unchanged demo content (docs/product.md#demo-data): "Remove demo data" would delete it. */
  is_demo: z.boolean().optional(),
});
export type AdminBlogPostSummary = z.infer<typeof AdminBlogPostSummarySchema>;

const searchField = safeText()
  .trim()
  .max(BLOG_LIMITS.search, `Search must be at most ${BLOG_LIMITS.search} characters`);

export const BlogPostListQuerySchema = PageQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(50).default(BLOG_PAGE_SIZE),
  /** Title, excerpt or content. */
  search: searchField.optional(),
  category_id: z.uuid('Category not found').optional(),
  tag: safeText().trim().toLowerCase().max(BLOG_LIMITS.tag).optional(),
  sort_by: z.enum(BLOG_SORTS).default('published_at'),
  sort_order: SortOrderSchema.default('desc'),
});
export type BlogPostListQuery = z.infer<typeof BlogPostListQuerySchema>;

export const AdminBlogPostListQuerySchema = PageQuerySchema.extend({
  status: z.enum(BLOG_POST_STATUSES).optional(),
  category_id: z.uuid('Category not found').optional(),
  search: searchField.optional(),
  sort_by: z.enum(BLOG_ADMIN_SORTS).default('updated_at'),
  sort_order: SortOrderSchema.default('desc'),
});
export type AdminBlogPostListQuery = z.infer<typeof AdminBlogPostListQuerySchema>;

export const BlogPostListSchema = z.object({ data: z.array(BlogPostSummarySchema), pagination: PaginationSchema });
export type BlogPostList = z.infer<typeof BlogPostListSchema>;

export const BlogPostReadQuerySchema = z.object({
  /** Count this read as a view (once per visitor per day; never for staff or bots). */
  increment_views: z
    .enum(['true', 'false', '1', '0'])
    .transform((value) => value === 'true' || value === '1')
    .default(false),
});

export const BlogRelatedQuerySchema = z.object({
  limit: z.coerce
    .number({ error: `Limit must be a whole number from 1 to ${RELATED_POSTS_MAX}` })
    .int(`Limit must be a whole number from 1 to ${RELATED_POSTS_MAX}`)
    .min(1, `Limit must be a whole number from 1 to ${RELATED_POSTS_MAX}`)
    .max(RELATED_POSTS_MAX, `Limit must be a whole number from 1 to ${RELATED_POSTS_MAX}`)
    .default(RELATED_POSTS_LIMIT),
});

/** `{id or slug}` of the public reads: a uuid or a slug-shaped word. */
export const BlogIdOrSlugParamsSchema = z.object({ id: safeText().max(BLOG_LIMITS.slug) });
export const BlogPostIdParamsSchema = z.object({ id: z.uuid('Post not found') });
export const BlogCategoryIdParamsSchema = z.object({ id: z.uuid('Category not found') });

// ---------------------------------------------------------------------------------------------
// Categories

export const BlogCategorySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  parent_id: z.uuid().nullable(),
  sort_order: z.number().int(),
  is_active: z.boolean(),
  /** Public posts in the category. */
  post_count: z.number().int(),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
});
export type BlogCategory = z.infer<typeof BlogCategorySchema>;

const categoryFields = {
  name: safeText({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(BLOG_LIMITS.categoryName, `Name must be at most ${BLOG_LIMITS.categoryName} characters`),
  description: safeText()
    .trim()
    .max(BLOG_LIMITS.categoryDescription, `Description must be at most ${BLOG_LIMITS.categoryDescription} characters`),
  parent_id: z.preprocess(blankToNull, z.uuid('Parent category not found').nullable()),
  sort_order: z.number().int().min(0).max(100_000),
  is_active: z.boolean({ error: 'is_active must be true or false' }),
};

export const BlogCategoryCreateSchema = z
  .object({
    name: categoryFields.name,
    slug: slugField,
    description: categoryFields.description.default(''),
    parent_id: categoryFields.parent_id.default(null),
    sort_order: categoryFields.sort_order.default(0),
    is_active: categoryFields.is_active.default(true),
  })
  .strict();
export type BlogCategoryCreate = z.infer<typeof BlogCategoryCreateSchema>;

export const BlogCategoryUpdateSchema = z
  .object({
    name: categoryFields.name.optional(),
    slug: slugField,
    description: categoryFields.description.optional(),
    parent_id: categoryFields.parent_id.optional(),
    sort_order: categoryFields.sort_order.optional(),
    is_active: categoryFields.is_active.optional(),
  })
  .strict()
  .refine((value) => Object.values(value).some((field) => field !== undefined), 'Send at least one field to change');
export type BlogCategoryUpdate = z.infer<typeof BlogCategoryUpdateSchema>;

/** `DELETE /blogs/admin/categories/{id}?move_to=`: where its posts go (needed when it has any). */
export const BlogCategoryDeleteQuerySchema = z.object({
  move_to: z.uuid('The category to move the posts into was not found').optional(),
});
