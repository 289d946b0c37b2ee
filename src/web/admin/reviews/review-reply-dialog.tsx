import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type AdminReview, REVIEW_LIMITS } from '#shared/contracts/reviews.ts';
import { reviewQueryKey } from '#web/admin/shared/review-queue.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { TextAreaField } from '#web/ui/form-field.tsx';
import { FormDialog } from '../ui/form-dialog.tsx';
import { invalidateReviews, replyToReview } from './review-api.ts';
import { reviewName } from './review-format.tsx';

/**
 * The shop's public answer under a review (docs/product.md#reviews-in-the-admin): opens with the
 * current reply; saving a blank one removes it. Mounted only while open, so each opening starts
 * from the review's reply as it is now.
 */
export function ReviewReplyDialog({ review, onClose }: { review: AdminReview; onClose: () => void }) {
  const queryClient = useQueryClient();
  const existing = review.shop_reply?.text ?? '';
  const [text, setText] = useState(existing);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const removing = existing !== '' && text.trim() === '';

  const submit = async () => {
    if (text.trim().length > REVIEW_LIMITS.replyMax) {
      setError(`Reply must be at most ${REVIEW_LIMITS.replyMax} characters`);
      return;
    }
    if (existing === '' && text.trim() === '') {
      setError('Write a reply, or cancel');
      return;
    }
    setPending(true);
    try {
      const saved = await replyToReview(review.id, text.trim());
      queryClient.setQueryData(reviewQueryKey(review.id), saved);
      toast({ variant: 'success', title: saved.shop_reply ? 'Reply saved' : 'Reply removed' });
      void invalidateReviews(queryClient);
      onClose();
    } catch (caught) {
      setPending(false);
      if (caught instanceof ApiError && caught.status === 400) {
        setError(caught.errors.find((item) => item.path === 'reply')?.message ?? caught.message);
      } else {
        toast({ variant: 'error', title: caught instanceof ApiError ? caught.message : 'Could not save the reply' });
      }
    }
  };

  return (
    <FormDialog
      title={existing ? 'Edit the shop’s reply' : 'Reply as the shop'}
      description={
        <>
          To {reviewName(review)}. Shown under the review on the product page
          {existing ? '; leave it blank to remove the reply.' : '.'}
        </>
      }
      size="lg"
      submitLabel={removing ? 'Remove reply' : 'Save reply'}
      pendingLabel="Saving…"
      pending={pending}
      danger={removing}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      {review.comment && (
        <blockquote className="max-h-32 overflow-y-auto rounded-xl bg-subtle px-3 py-2 text-sm whitespace-pre-line text-muted">
          {review.comment}
        </blockquote>
      )}
      <TextAreaField
        label="Reply"
        rows={5}
        value={text}
        maxLength={REVIEW_LIMITS.replyMax}
        hint={`${text.trim().length} / ${REVIEW_LIMITS.replyMax} characters. Plain text, shown with your name.`}
        error={error ?? undefined}
        onChange={(event) => {
          setText(event.target.value);
          setError(null);
        }}
      />
    </FormDialog>
  );
}
