import { BLOG_LIMITS, type BlogPostStatus } from '#shared/blog.ts';
import { type AdminBlogPost, type BlogPostCreate, BlogPostCreateSchema } from '#shared/contracts/blog.ts';
import { slugify } from '#shared/slug.ts';
import { toZonedInput, zonedInputToIso } from '#shared/time-zone.ts';
import { getSiteConfig } from '#web/lib/site-config.ts';

/**
 * The post editor's values: text as typed. `publish_at` is the `datetime-local` input's value, read
 * on the shop's clock (its time zone, settings: site) whatever the admin's computer says; the
 * request carries it as ISO 8601 with that zone's offset.
 */
export interface PostFormValues {
  title: string;
  slug: string;
  content: string;
  excerpt: string;
  featured_image: string;
  images: string[];
  category_id: string;
  tags: string[];
  status: BlogPostStatus;
  publish_at: string;
  meta_title: string;
  meta_description: string;
  canonical_url: string;
  is_featured: boolean;
}

/** A new post: "Publish" is the main button, "Save draft" beside it. */
export const EMPTY_POST_FORM: PostFormValues = {
  title: '',
  slug: '',
  content: '',
  excerpt: '',
  featured_image: '',
  images: [],
  category_id: '',
  tags: [],
  status: 'published',
  publish_at: '',
  meta_title: '',
  meta_description: '',
  canonical_url: '',
  is_featured: false,
};

/** `2026-11-26T05:40` on the shop's clock from an ISO date, for a `datetime-local` input; '' for none. */
export const toShopInput = (iso: string | null) => toZonedInput(iso, getSiteConfig().timeZone);

/** The input's moment on the shop's clock as ISO 8601 with its offset (`2026-11-26T05:40:00+02:00`); null when blank or unreadable. */
export const shopInputToIso = (value: string) => zonedInputToIso(value, getSiteConfig().timeZone);

export function toFormValues(post: AdminBlogPost): PostFormValues {
  return {
    title: post.title,
    slug: post.slug,
    content: post.content,
    excerpt: post.excerpt,
    featured_image: post.featured_image ?? '',
    images: post.images,
    category_id: post.category_id ?? '',
    tags: post.tags,
    // Answers say `scheduled` until the date; the editor keeps that word for it.
    status: post.status,
    publish_at: toShopInput(post.published_at),
    meta_title: post.meta_title ?? '',
    meta_description: post.meta_description ?? '',
    canonical_url: post.canonical_url ?? '',
    is_featured: post.is_featured,
  };
}

/** The slug the server will make from a title (shown while the slug field is left to follow the title). */
export const slugFromTitle = (title: string) => slugify(title, BLOG_LIMITS.slug - 6);

/** Whether the chosen status and date put the post out later rather than now. */
export function schedules(status: BlogPostStatus, publishAt: string, now = Date.now()): boolean {
  if (status === 'scheduled') return true;
  if (status !== 'published') return false;
  const iso = shopInputToIso(publishAt);
  return iso !== null && new Date(iso).getTime() > now;
}

export const SCHEDULE_MESSAGES = {
  needsDate: 'Choose when the post goes out',
  inPast: 'Choose a date and time in the future',
  unreadable: 'Enter a date and time',
} as const;

export type PostFieldErrors = Partial<Record<keyof PostFormValues, string>>;

/**
 * The request for the values saved as `status`, checked with the shared contract (the server
 * runs the same schema) plus the editor's own rule: scheduling needs a date in the future. A
 * published post keeps its date; publishing without one publishes now.
 */
export function toPostRequest(
  values: PostFormValues,
  status: BlogPostStatus,
  now = Date.now(),
): { ok: true; body: BlogPostCreate } | { ok: false; errors: PostFieldErrors } {
  const errors: PostFieldErrors = {};
  const publishedAt = values.publish_at.trim() === '' ? null : shopInputToIso(values.publish_at);
  if (values.publish_at.trim() !== '' && publishedAt === null && (status === 'scheduled' || status === 'published')) {
    errors.publish_at = SCHEDULE_MESSAGES.unreadable;
  } else if (status === 'scheduled') {
    if (!publishedAt) errors.publish_at = SCHEDULE_MESSAGES.needsDate;
    else if (new Date(publishedAt).getTime() <= now) errors.publish_at = SCHEDULE_MESSAGES.inPast;
  }
  const result = BlogPostCreateSchema.safeParse({
    title: values.title,
    slug: values.slug,
    content: values.content,
    excerpt: values.excerpt,
    featured_image: values.featured_image,
    images: values.images,
    category_id: values.category_id,
    tags: values.tags,
    status,
    // A draft or archived post keeps no date of its own making: it is given when it goes out.
    published_at: status === 'scheduled' || status === 'published' ? publishedAt : null,
    meta_title: values.meta_title,
    meta_description: values.meta_description,
    canonical_url: values.canonical_url,
    is_featured: values.is_featured,
  });
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? 'title') as keyof PostFormValues;
      const field = key === ('published_at' as keyof PostFormValues) ? 'publish_at' : key;
      errors[field] ??= issue.message;
    }
  }
  if (Object.keys(errors).length > 0 || !result.success) return { ok: false, errors };
  return { ok: true, body: result.data };
}

/** The form field a server error path names (`published_at` is the date field). */
export function formFieldOf(path: string): keyof PostFormValues | null {
  const head = path.split('.')[0] ?? '';
  if (head === 'published_at') return 'publish_at';
  return head in EMPTY_POST_FORM ? (head as keyof PostFormValues) : null;
}
