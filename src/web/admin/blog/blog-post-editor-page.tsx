import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { BlogPostCreate } from '#shared/contracts/blog.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { DetailHeader, DetailPlaceholder } from '../ui/detail-layout.tsx';
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

const BACK = { to: '/admin/blog', label: 'All posts' };

/** What the toast says after a save, by what the post is now. */
function savedTitle(status: string, created: boolean): string {
  if (status === 'scheduled') return 'Post scheduled';
  if (status === 'published') return created ? 'Post published' : 'Changes saved';
  if (status === 'draft') return 'Draft saved';
  return 'Changes saved';
}

/** `/admin/blog/new` and `/admin/blog/{id}`: the post editor. */
export function BlogPostEditorPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const post = useQuery({
    queryKey: [...ADMIN_BLOG_KEY, 'post', id],
    queryFn: ({ signal }) => getBlogPost(id as string, signal),
    enabled: id !== undefined,
  });
  const categories = useQuery(blogCategoriesQuery);

  const save = async (body: BlogPostCreate) => {
    if (!id) {
      const created = await createBlogPost(body);
      toast({ variant: 'success', title: savedTitle(created.status, true) });
      void invalidateBlog(queryClient);
      queryClient.setQueryData([...ADMIN_BLOG_KEY, 'post', created.id], created);
      navigate(`/admin/blog/${created.id}`, { replace: true });
      return created;
    }
    const updated = await updateBlogPost(id, body);
    toast({ variant: 'success', title: savedTitle(updated.status, false) });
    queryClient.setQueryData([...ADMIN_BLOG_KEY, 'post', id], updated);
    void invalidateBlog(queryClient);
    return updated;
  };

  const remove = useMutation({
    mutationFn: () => deleteBlogPost(id as string),
    onSuccess: () => {
      setConfirmDelete(false);
      toast({ variant: 'success', title: 'Post deleted' });
      void invalidateBlog(queryClient);
      navigate('/admin/blog');
    },
    onError: (error) => {
      setConfirmDelete(false);
      toast({ variant: 'error', title: error instanceof ApiError ? error.message : 'Could not delete the post' });
    },
  });

  if ((id && !post.isSuccess) || categories.isPending) {
    return (
      <DetailPlaceholder
        query={post}
        noun="post"
        title={id ? 'Edit post' : 'New post'}
        back={BACK}
        missingText="It may have been deleted."
      />
    );
  }
  const current = id ? post.data : undefined;
  return (
    <>
      <DetailHeader
        title={current ? current.title : 'New post'}
        back={BACK}
        meta={current && <BlogStatusBadge status={current.status} publishedAt={current.published_at} />}
        actions={
          current && (
            <>
              {isPublic(current.status) && (
                <a href={`/blog/${current.slug}`} target="_blank" rel="noreferrer" className="btn-secondary">
                  View on site
                </a>
              )}
              <button
                type="button"
                className="btn text-danger ring-1 ring-danger/40 hover:bg-red-50 dark:hover:bg-red-950/40"
                onClick={() => setConfirmDelete(true)}
              >
                Delete
              </button>
            </>
          )
        }
      />
      {categories.isError && (
        <p role="status" className="mb-4 text-sm text-danger">
          The blog categories could not be loaded; the category picker is empty.
        </p>
      )}
      <BlogPostForm
        // A fresh form per post: its defaults are that post's values.
        key={current?.id ?? 'new'}
        post={current}
        categories={categories.data ?? []}
        onSave={save}
      />
      <ConfirmDialog
        open={confirmDelete}
        title={`Delete ${current?.title ?? 'this post'}?`}
        confirmLabel="Delete post"
        danger
        pending={remove.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => remove.mutate()}
      >
        {current && isPublic(current.status)
          ? 'It is on the blog now: its link will stop working. This cannot be undone.'
          : 'This cannot be undone.'}
      </ConfirmDialog>
    </>
  );
}
