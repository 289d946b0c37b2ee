import { asc, inArray } from 'drizzle-orm';
import { blogCategories, blogPosts } from '#server/blog/blog.table.ts';
import { excerptFrom } from '#server/blog/blog-text.ts';
import { readingTimeMinutes, sanitizePostHtml } from '#server/blog/post-html.ts';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/users/users.table.ts';
import { blogImageName } from './blog-art.ts';
import { DEMO_BLOG_CATEGORIES, DEMO_BLOG_POSTS } from './demo-blog.ts';
import { blogPictureBase } from './seed-pictures.ts';

/** Who signs the demo posts when the shop has no admin yet (ADMIN_EMAIL unset). */
export const DEMO_BLOG_AUTHOR = 'Cedar Shop';

/**
 * Inserts the demo blog (demo-blog.ts) in the seed's transaction: its categories, then its posts,
 * published at `now`, the install (a second apart, in the listed order). The content goes through the sanitiser and the excerpt and
 * reading time are made from it, as the staff API does for a post it stores. The author is the
 * first admin when one exists (startup.ts makes it before seeding), else the shop's name. The
 * featured image is the post's own wide picture of its products (blog-art.ts; seed-pictures.ts
 * draws it once the shop serves, with the catalogue's).
 */
export async function seedDemoBlog(db: Db, now: Date, imageUrl: (fileName: string) => string): Promise<void> {
  const [admin] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.role, ['super_admin', 'admin']))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(1);
  const categoryRows = await db
    .insert(blogCategories)
    .values(
      DEMO_BLOG_CATEGORIES.map((category, sortOrder) => ({
        name: category.name,
        slug: category.slug,
        description: category.description,
        sortOrder,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: blogCategories.id, slug: blogCategories.slug });
  const categoryId = new Map(categoryRows.map((row) => [row.slug, row.id]));

  await db.insert(blogPosts).values(
    DEMO_BLOG_POSTS.map((post, index) => {
      const content = sanitizePostHtml(post.content);
      // Published when the shop is installed, never before it: the first listed is the newest,
      // each next one a second earlier, so the blog keeps the listed order.
      const publishedAt = new Date(now.getTime() - index * 1000);
      return {
        title: post.title,
        slug: post.slug,
        excerpt: excerptFrom(content),
        content,
        featuredImage: imageUrl(blogImageName(blogPictureBase(post.slug))),
        authorId: admin?.id ?? null,
        authorName: admin?.name ?? DEMO_BLOG_AUTHOR,
        categoryId: categoryId.get(post.categorySlug) ?? null,
        tags: post.tags,
        status: 'published',
        publishedAt,
        metaDescription: post.metaDescription,
        isFeatured: post.featured,
        readingTimeMinutes: readingTimeMinutes(content),
        createdAt: publishedAt,
        updatedAt: publishedAt,
      };
    }),
  );
}
