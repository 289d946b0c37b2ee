import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Review } from '#shared/contracts/reviews.ts';
import { ApiError, type ListResult } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { afterVote, type VoteState } from './review-rules.ts';
import { reviewKeys, voteHelpful } from './reviews-api.ts';

const voteClass =
  'inline-flex min-h-9 items-center rounded-full border border-line-strong px-3 text-sm font-medium text-fg transition hover:bg-subtle aria-pressed:border-accent aria-pressed:bg-accent-soft aria-pressed:text-accent';

const stateOf = ({ helpful_count, not_helpful_count, user_helpful_vote }: VoteState): VoteState => ({
  helpful_count,
  not_helpful_count,
  user_helpful_vote,
});

/**
 * "Was this helpful? Yes (n) No (n)" (docs/product.md#review-rules). Signed in, a vote shows at
 * once and the server's answer then wins (a refusal puts the counts back); signed out, the buttons
 * lead to signing in and back; on the shopper's own review there is nothing to press.
 */
export function HelpfulVotes({
  review,
  own,
  viewer,
  signInPath,
}: {
  review: Review;
  own: boolean;
  viewer: string | null;
  signInPath: string;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [state, setState] = useState(() => stateOf(review));
  const sending = useRef(false);
  const { helpful_count, not_helpful_count, user_helpful_vote } = review;
  // A list read again (another page, a refresh) brings the server's counts.
  useEffect(
    () => setState({ helpful_count, not_helpful_count, user_helpful_vote }),
    [helpful_count, not_helpful_count, user_helpful_vote],
  );

  async function vote(isHelpful: boolean) {
    const before = state;
    const expected = afterVote(before, isHelpful);
    if (sending.current || expected === before) return;
    sending.current = true;
    setState(expected);
    try {
      const answer = await voteHelpful(review.id, isHelpful);
      setState(stateOf(answer));
      // Every cached page holding this review takes the new counts.
      queryClient.setQueriesData<ListResult<Review>>({ queryKey: reviewKeys.lists(review.product_id) }, (list) =>
        list ? { ...list, data: list.data.map((item) => (item.id === answer.id ? answer : item)) } : list,
      );
    } catch (error) {
      setState(before);
      toast({
        title: error instanceof ApiError && error.status !== 0 ? error.message : 'Your vote could not be saved',
        variant: 'error',
      });
    } finally {
      sending.current = false;
    }
  }

  const yes = `Yes (${state.helpful_count})`;
  const no = `No (${state.not_helpful_count})`;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset's legend cannot sit in the flex row beside its buttons
    <div role="group" aria-labelledby={`${id}-q`} className="mt-4 flex flex-wrap items-center gap-2 text-sm">
      <span id={`${id}-q`} className="mr-1 text-muted">
        Was this helpful?
      </span>
      {own ? (
        <span className="text-muted">
          {yes} · {no}
        </span>
      ) : viewer === null ? (
        <>
          <Link to={signInPath} className={voteClass}>
            {yes}
            <span className="sr-only">, sign in to vote</span>
          </Link>
          <Link to={signInPath} className={voteClass}>
            {no}
            <span className="sr-only">, sign in to vote</span>
          </Link>
        </>
      ) : (
        <>
          <button
            type="button"
            className={voteClass}
            aria-pressed={state.user_helpful_vote === true}
            onClick={() => void vote(true)}
          >
            {yes}
          </button>
          <button
            type="button"
            className={voteClass}
            aria-pressed={state.user_helpful_vote === false}
            onClick={() => void vote(false)}
          >
            {no}
          </button>
        </>
      )}
    </div>
  );
}
