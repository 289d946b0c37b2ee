import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { AdminBlogPostSummary } from '#shared/contracts/blog.ts';
import { editIcon, trashIcon } from '#web/admin/shared/action-icons.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { Icon } from '#web/ui/icons.tsx';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { RowActionButton, RowActionLink, RowActions, rowActionClass } from '../ui/row-actions.tsx';
import { useDeleteStep } from '../ui/use-delete-step.ts';
import { createBlogPost, deleteBlogPost, getBlogPost, invalidateBlog } from './blog-api.ts';
import { isPublic } from './blog-format.tsx';
import { duplicateIcon, externalIcon } from './blog-icons.ts';

/**
 * A post's row actions: edit, view on the site (public posts only), duplicate (a draft copy,
 * opened in the editor) and delete (asked first).
 */
export function BlogPostActions({ post }: { post: AdminBlogPostSummary }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const deletion = useDeleteStep({
    remove: () => deleteBlogPost(post.id),
    deletedToast: () => ({ variant: 'success', title: `${post.title} deleted` }),
    failedTitle: 'Could not delete the post',
    onDeleted: () => void invalidateBlog(queryClient),
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
    <RowActions>
      <RowActionLink to={`/admin/blog/${post.id}`} icon={editIcon} label={`Edit ${post.title}`} title="Edit" />
      {isPublic(post.status) && (
        <a
          href={`/blog/${post.slug}`}
          target="_blank"
          rel="noreferrer"
          className={rowActionClass}
          aria-label={`View ${post.title} on the site`}
          title="View on site"
        >
          <Icon d={externalIcon} />
        </a>
      )}
      <RowActionButton
        icon={duplicateIcon}
        label={`Duplicate ${post.title}`}
        title="Duplicate as a draft"
        disabled={duplicate.isPending}
        onClick={() => duplicate.mutate()}
      />
      <RowActionButton icon={trashIcon} label={`Delete ${post.title}`} title="Delete" danger onClick={deletion.ask} />
      <ConfirmDialog
        open={deletion.asking}
        title={`Delete ${post.title}?`}
        confirmLabel="Delete post"
        danger
        pending={deletion.pending}
        onCancel={deletion.cancel}
        onConfirm={deletion.confirm}
      >
        {isPublic(post.status)
          ? 'It is on the blog now: its link will stop working. This cannot be undone.'
          : 'This cannot be undone.'}
      </ConfirmDialog>
    </RowActions>
  );
}
