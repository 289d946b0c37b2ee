import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminReview, ReviewStatus } from '#shared/contracts/reviews.ts';
import { reviewQueryKey } from '#web/admin/shared/review-queue.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { RowActionButton, RowActions } from '../ui/row-actions.tsx';
import { useDeleteStep } from '../ui/use-delete-step.ts';
import { deleteReview, invalidateReviews, setReviewStatus } from './review-api.ts';
import { reviewName } from './review-format.tsx';
import { approveIcon, hideIcon, rejectIcon, replyIcon, showIcon, trashIcon } from './review-icons.ts';
import { ReviewReplyDialog } from './review-reply-dialog.tsx';

/** What each status change is called on a button, and what the toast says once it is done. */
interface StatusAction {
  status: ReviewStatus;
  label: string;
  done: string;
  icon: string;
}

const APPROVE: StatusAction = { status: 'approved', label: 'Approve', done: 'Review approved', icon: approveIcon };
const REJECT: StatusAction = { status: 'rejected', label: 'Reject', done: 'Review rejected', icon: rejectIcon };
const HIDE: StatusAction = { status: 'hidden', label: 'Hide', done: 'Review hidden', icon: hideIcon };
/** Hidden reviews come back as approved: hiding took a published review down. */
const UNHIDE: StatusAction = { status: 'approved', label: 'Unhide', done: 'Review shown again', icon: showIcon };

/** The status changes that make sense from each status (no button for where the review already is). */
export function statusActions(status: ReviewStatus): StatusAction[] {
  switch (status) {
    case 'pending':
      return [APPROVE, REJECT, HIDE];
    case 'approved':
      return [REJECT, HIDE];
    case 'rejected':
      return [APPROVE, HIDE];
    case 'hidden':
      return [UNHIDE, REJECT];
  }
}

const failure = (error: unknown, fallback: string) =>
  toast({ variant: 'error', title: error instanceof ApiError ? error.message : fallback });

/**
 * A review's moderation: status changes at once (each can be undone by another), the reply in
 * its dialog, delete after a confirm step. `look` is icon buttons for a list row, or labelled
 * buttons for the review's own page; `onDeleted` is where to go once the review is gone.
 */
export function ReviewActions({
  review,
  look,
  onDeleted,
}: {
  review: AdminReview;
  look: 'icons' | 'buttons';
  onDeleted?: () => void;
}) {
  const queryClient = useQueryClient();
  const [replying, setReplying] = useState(false);
  const change = useMutation({
    mutationFn: (action: StatusAction) => setReviewStatus(review.id, action.status),
    onSuccess: (saved, action) => {
      queryClient.setQueryData(reviewQueryKey(review.id), saved);
      toast({ variant: 'success', title: action.done });
      void invalidateReviews(queryClient);
    },
    onError: (error) => failure(error, 'Could not change the review'),
  });
  const deletion = useDeleteStep({
    remove: () => deleteReview(review.id),
    deletedToast: () => ({ variant: 'success', title: 'Review deleted' }),
    failedTitle: 'Could not delete the review',
    onDeleted: () => {
      queryClient.removeQueries({ queryKey: reviewQueryKey(review.id) });
      void invalidateReviews(queryClient);
      onDeleted?.();
    },
  });
  const name = reviewName(review);
  const busy = change.isPending || deletion.pending;
  const replyLabel = review.shop_reply ? 'Edit reply' : 'Reply';

  const buttons =
    look === 'icons' ? (
      <RowActions>
        {statusActions(review.status).map((action) => (
          <RowActionButton
            key={action.label}
            icon={action.icon}
            label={`${action.label} ${name}`}
            title={action.label}
            disabled={busy}
            onClick={() => change.mutate(action)}
          />
        ))}
        <RowActionButton
          icon={replyIcon}
          label={`${replyLabel} to ${name}`}
          title={replyLabel}
          onClick={() => setReplying(true)}
        />
        <RowActionButton
          icon={trashIcon}
          label={`Delete ${name}`}
          title="Delete"
          danger
          disabled={busy}
          onClick={deletion.ask}
        />
      </RowActions>
    ) : (
      <>
        {statusActions(review.status).map((action) => (
          <button
            key={action.label}
            type="button"
            // Publishing is the step a waiting review is here for; the others are secondary.
            className={action.status === 'approved' ? 'btn-primary' : 'btn-secondary'}
            disabled={busy}
            onClick={() => change.mutate(action)}
          >
            {action.label}
          </button>
        ))}
        <button type="button" className="btn-secondary" onClick={() => setReplying(true)}>
          {replyLabel}
        </button>
        <button
          type="button"
          className="btn text-danger ring-1 ring-danger/40 hover:bg-red-50 dark:hover:bg-red-950/40"
          disabled={busy}
          onClick={deletion.ask}
        >
          Delete
        </button>
      </>
    );

  return (
    <>
      {buttons}
      {replying && <ReviewReplyDialog review={review} onClose={() => setReplying(false)} />}
      <ConfirmDialog
        open={deletion.asking}
        title="Delete this review?"
        confirmLabel="Delete review"
        danger
        pending={deletion.pending}
        onCancel={deletion.cancel}
        onConfirm={deletion.confirm}
      >
        {`This removes ${name}, its helpful votes and the shop’s reply for good. To take it off the product page but keep it, hide it instead.`}
      </ConfirmDialog>
    </>
  );
}
