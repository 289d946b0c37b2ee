import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AdminBlogPostSummary } from '#shared/contracts/blog.ts';
import { editIcon, trashIcon } from '#web/admin/shared/action-icons.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { Icon } from '#web/ui/icons.tsx';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { createBlogPost, deleteBlogPost, getBlogPost, invalidateBlog } from './blog-api.ts';
import { isPublic } from './blog-format.tsx';
import { duplicateIcon, externalIcon } from './blog-icons.ts';

const iconButton = 'icon-btn size-8 text-muted hover:text-fg disabled:opacity-50';

/**
 * A post's row actions: edit, view on the site (public posts only), duplicate (a draft copy,
 * opened in the editor) and delete (asked first).
 */
export function BlogPostActions({ post }: { post: AdminBlogPostSummary }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => deleteBlogPost(post.id),
    onSuccess: () => {
      setConfirming(false);
      toast({ variant: 'success', title: `${post.title} deleted` });
      void invalidateBlog(queryClient);
    },
    onError: (error) => {
      setConfirming(false);
      toast({ variant: 'error', title: error instanceof ApiError ? error.message : 'Could not delete the post' });
    },
  });
  const duplicate = useMutation({
    mutationFn: async () => {
      const full = await getBlogPost(post.id);
      // A copy starts as a draft with its own slug (the server makes one from the title).
      return createBlogPost({
        title: `${full.title} (copy)`,
        excerpt: full.excerpt,
        content: full.content,
        featured_image: full.featured_image,
        images: full.images,
        category_id: full.category_id,
        tags: full.tags,
        status: 'draft',
        published_at: null,
        meta_title: full.meta_title,
        meta_description: full.meta_description,
        canonical_url: null,
        is_featured: false,
      });
    },
    onSuccess: (copy) => {
      toast({ variant: 'success', title: 'Draft copy created' });
      void invalidateBlog(queryClient);
      navigate(`/admin/blog/${copy.id}`);
    },
    onError: (error) => {
      toast({ variant: 'error', title: error instanceof ApiError ? error.message : 'Could not duplicate the post' });
    },
  });
  return (
    <div className="flex items-center justify-end gap-0.5">
      <Link to={`/admin/blog/${post.id}`} className={iconButton} aria-label={`Edit ${post.title}`} title="Edit">
        <Icon d={editIcon} />
      </Link>
      {isPublic(post.status) && (
        <a
          href={`/blog/${post.slug}`}
          target="_blank"
          rel="noreferrer"
          className={iconButton}
          aria-label={`View ${post.title} on the site`}
          title="View on site"
        >
          <Icon d={externalIcon} />
        </a>
      )}
      <button
        type="button"
        className={iconButton}
        aria-label={`Duplicate ${post.title}`}
        title="Duplicate as a draft"
        disabled={duplicate.isPending}
        onClick={() => duplicate.mutate()}
      >
        <Icon d={duplicateIcon} />
      </button>
      <button
        type="button"
        className={`${iconButton} hover:text-danger`}
        aria-label={`Delete ${post.title}`}
        title="Delete"
        onClick={() => setConfirming(true)}
      >
        <Icon d={trashIcon} />
      </button>
      <ConfirmDialog
        open={confirming}
        title={`Delete ${post.title}?`}
        confirmLabel="Delete post"
        danger
        pending={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => remove.mutate()}
      >
        {isPublic(post.status)
          ? 'It is on the blog now: its link will stop working. This cannot be undone.'
          : 'This cannot be undone.'}
      </ConfirmDialog>
    </div>
  );
}
