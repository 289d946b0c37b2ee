import { zodResolver } from '@hookform/resolvers/zod';
import { BLOG_LIMITS } from '#shared/blog.ts';
import { type BlogCategory, BlogCategoryCreateSchema } from '#shared/contracts/blog.ts';
import { type CategoryTreeKit, categoryResolver } from '#web/admin/shared/category-dialogs.tsx';
import { categoryTreeOptions } from '#web/admin/shared/category-options.ts';
import { createBlogCategory, deleteBlogCategory, invalidateBlog, updateBlogCategory } from './blog-api.ts';

/**
 * The blog's tree in the shared category dialogs: ordered by a number in the form; a delete moves
 * the posts (its sub-categories become top level on their own). The list counts public posts
 * only, so a category with drafts alone gets the plain confirm first and the move after the 409.
 */
export const blogCategoryKit: CategoryTreeKit<BlogCategory> = {
  noun: 'blog category',
  shownWhere: 'on the blog',
  slugHint: 'Lowercase letters, numbers and hyphens.',
  limits: { name: BLOG_LIMITS.categoryName, slug: BLOG_LIMITS.slug, description: BLOG_LIMITS.categoryDescription },
  resolver: categoryResolver(zodResolver(BlogCategoryCreateSchema)),
  editsOrder: true,
  parentOptions: categoryTreeOptions,
  moveTargets: categoryTreeOptions,
  save: (category, values) => {
    const body = { ...values, sort_order: values.sort_order ?? 0 };
    return category ? updateBlogCategory(category.id, body) : createBlogCategory(body);
  },
  remove: (category, moveTo) => deleteBlogCategory(category.id, moveTo),
  invalidate: invalidateBlog,
  contents: (category) => (category.post_count > 0 ? 'posts' : ''),
  deleteText: {
    empty: 'Its sub-categories become top level. This cannot be undone.',
    move: (_contents, targets) =>
      targets > 0
        ? 'It holds posts. Choose the category they move to before it is deleted.'
        : 'It holds posts and there is no other category to move them to: create one first.',
    moveLabel: 'Move the posts to',
    submitLabel: 'Move posts and delete',
  },
};
