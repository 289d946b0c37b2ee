import { useQuery } from '@tanstack/react-query';
import type { AdminBlogPost, BlogPostCreate } from '#shared/contracts/blog.ts';
import { EditorFrame } from '../ui/editor-frame.tsx';
import { useRecordEditor } from '../ui/use-record-editor.ts';
import {
  ADMIN_BLOG_KEY,
  blogCategoriesQuery,
  createBlogPost,
  deleteBlogPost,
  getBlogPost,
  invalidateBlog,
  updateBlogPost,
} from './blog-api.ts';
import { BlogStatusBadge, isPublic } from './blog-format.tsx';
import { BlogPostForm } from './blog-post-form.tsx';

const BLOG_CATEGORIES_FAILED = 'The blog categories could not be loaded; the category picker is empty.';

/** What the toast says after a save, by what the post is now. */
function savedTitle(status: string, created: boolean): string {
  if (status === 'scheduled') return 'Post scheduled';
  if (status === 'published') return created ? 'Post published' : 'Changes saved';
  if (status === 'draft') return 'Draft saved';
  return 'Changes saved';
}

/** `/admin/blog/new` and `/admin/blog/{id}`: the post editor. */
export function BlogPostEditorPage() {
  const categories = useQuery(blogCategoriesQuery);
  const editor = useRecordEditor<AdminBlogPost, BlogPostCreate>({
    noun: 'post',
    recordKey: (key) => [...ADMIN_BLOG_KEY, 'post', key],
    load: getBlogPost,
    create: createBlogPost,
    update: updateBlogPost,
    remove: deleteBlogPost,
    invalidate: invalidateBlog,
    listPath: '/admin/blog',
    savedToast: (post, created) => ({ variant: 'success', title: savedTitle(post.status, created) }),
  });

  return (
    <EditorFrame
      editor={editor}
      back={{ to: '/admin/blog', label: 'All posts' }}
      sideLoad={{ query: categories, failed: BLOG_CATEGORIES_FAILED }}
      title={(post) => post.title}
      meta={(post) => <BlogStatusBadge status={post.status} publishedAt={post.published_at} />}
      actions={(post) =>
        isPublic(post.status) && (
          <a href={`/blog/${post.slug}`} target="_blank" rel="noreferrer" className="btn-secondary">
            View on site
          </a>
        )
      }
      deleteStep={{
        title: (post) => `Delete ${post.title}?`,
        confirmLabel: 'Delete post',
        body: (post) =>
          isPublic(post.status)
            ? 'It is on the blog now: its link will stop working. This cannot be undone.'
            : 'This cannot be undone.',
      }}
    >
      {(post) => <BlogPostForm post={post} categories={categories.data ?? []} onSave={editor.save} />}
    </EditorFrame>
  );
}
