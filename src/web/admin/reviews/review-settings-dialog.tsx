import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  REVIEW_LIMITS,
  REVIEW_MODERATION_LABELS,
  REVIEW_MODERATION_MODES,
  type ReviewModerationMode,
  type ReviewSettings,
  ReviewSettingsSchema,
} from '#shared/contracts/reviews.ts';
import { ADMIN_REVIEWS_KEY } from '#web/admin/shared/review-queue.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { TextAreaField } from '#web/ui/form-field.tsx';
import { InlineError } from '#web/ui/inline-error.tsx';
import { FormDialog } from '../ui/form-dialog.tsx';
import { getReviewSettings, invalidateReviews, saveReviewSettings } from './review-api.ts';

/** What the moderation choices mean, under each label. */
const MODERATION_HINTS: Record<ReviewModerationMode, string> = {
  verified_auto: 'Reviews by shoppers who received the product appear at once; the others wait for you.',
  all: 'Nothing appears on the product page until you approve it.',
  none: 'Every review appears at once; you can still hide or reject it later.',
};

/**
 * The banned words as typed, one per line: blank lines are skipped and a repeat (any case) counts
 * once. `lines[i]` is the textarea line (from 1) the i-th word came from, so a refusal names it.
 */
export function parseBannedWords(text: string): { words: string[]; lines: number[] } {
  const words: string[] = [];
  const lines: number[] = [];
  const seen = new Set<string>();
  text.split('\n').forEach((raw, index) => {
    const word = raw.trim();
    if (word === '' || seen.has(word.toLowerCase())) return;
    seen.add(word.toLowerCase());
    words.push(word);
    lines.push(index + 1);
  });
  return { words, lines };
}

/** A refusal of one word reads "Line 3: …"; of the whole list, as it is. */
function bannedWordsError(path: readonly PropertyKey[], message: string, lines: number[]): string {
  const index = path[1];
  const line = typeof index === 'number' ? lines[index] : undefined;
  return line === undefined ? message : `Line ${line}: ${message}`;
}

interface Draft {
  moderation: ReviewModerationMode;
  /** The banned words as typed, one per line. */
  text: string;
}

const draftOf = (settings: ReviewSettings): Draft => ({
  moderation: settings.moderation,
  text: settings.banned_words.join('\n'),
});

/**
 * "Review settings" (docs/product.md#review-rules): how new and edited reviews are moderated, and
 * the banned words that hold a review whatever the mode. Checked with the contract's own schema
 * before sending; the server's refusals land on the same fields. Mounted only while open.
 */
export function ReviewSettingsDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: [...ADMIN_REVIEWS_KEY, 'settings'],
    queryFn: ({ signal }) => getReviewSettings(signal),
    // Always the stored value: another admin may have changed it since.
    staleTime: 0,
  });
  // The form starts from the settings once they arrive (one dialog throughout, so focus stays in it).
  const [draft, setDraft] = useState<Draft | null>(null);
  if (draft === null && settings.data) setDraft(draftOf(settings.data));
  const [errors, setErrors] = useState<{ moderation?: string; banned_words?: string }>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const legendId = useId();

  const submit = async () => {
    if (!draft) return;
    const { words, lines } = parseBannedWords(draft.text);
    const checked = ReviewSettingsSchema.safeParse({ moderation: draft.moderation, banned_words: words });
    if (!checked.success) {
      const found: typeof errors = {};
      for (const issue of checked.error.issues) {
        const key = issue.path[0] === 'moderation' ? 'moderation' : 'banned_words';
        found[key] ??= key === 'banned_words' ? bannedWordsError(issue.path, issue.message, lines) : issue.message;
      }
      setErrors(found);
      return;
    }
    setPending(true);
    setRefusal(null);
    try {
      const saved = await saveReviewSettings(checked.data);
      queryClient.setQueryData([...ADMIN_REVIEWS_KEY, 'settings'], saved);
      toast({ variant: 'success', title: 'Review settings saved' });
      void invalidateReviews(queryClient);
      onClose();
    } catch (error) {
      setPending(false);
      if (!(error instanceof ApiError)) {
        setRefusal('Could not save the review settings');
        return;
      }
      const found: typeof errors = {};
      for (const item of error.errors) {
        const path = item.path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
        if (path[0] === 'moderation') found.moderation ??= item.message;
        if (path[0] === 'banned_words') found.banned_words ??= bannedWordsError(path, item.message, lines);
      }
      setErrors(found);
      if (!found.moderation && !found.banned_words) setRefusal(error.message);
    }
  };

  return (
    <FormDialog
      title="Review settings"
      description="How new and edited reviews reach the product page."
      size="lg"
      error={refusal}
      submitLabel="Save settings"
      pendingLabel="Saving…"
      pending={pending}
      submitDisabled={!draft}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      {draft ? (
        <>
          <fieldset aria-describedby={errors.moderation ? `${legendId}-error` : undefined}>
            <legend id={legendId} className="text-sm font-medium">
              Moderation
            </legend>
            <div className="mt-2 grid gap-2">
              {REVIEW_MODERATION_MODES.map((mode) => (
                <label
                  key={mode}
                  className="flex items-start gap-3 rounded-xl border border-line p-3 text-sm has-checked:border-accent has-checked:bg-accent-soft"
                >
                  <input
                    type="radio"
                    name="moderation"
                    value={mode}
                    checked={draft.moderation === mode}
                    onChange={() => setDraft({ ...draft, moderation: mode })}
                    className="mt-0.5 size-4 shrink-0 accent-accent"
                  />
                  <span>
                    <span className="font-medium">{REVIEW_MODERATION_LABELS[mode]}</span>
                    <span className="block text-muted">{MODERATION_HINTS[mode]}</span>
                  </span>
                </label>
              ))}
            </div>
            {errors.moderation && (
              <p id={`${legendId}-error`} className="mt-1 text-sm text-danger">
                {errors.moderation}
              </p>
            )}
          </fieldset>
          <TextAreaField
            label="Banned words"
            optional
            rows={6}
            value={draft.text}
            spellCheck={false}
            hint={`One word or phrase per line (${parseBannedWords(draft.text).words.length} of at most ${REVIEW_LIMITS.bannedWordsMax}). A review holding one waits for approval whatever the mode; whole words, any case.`}
            error={errors.banned_words}
            onChange={(event) => {
              setDraft({ ...draft, text: event.target.value });
              setErrors((current) => ({ ...current, banned_words: undefined }));
            }}
          />
        </>
      ) : settings.isError ? (
        <InlineError title="Could not load the review settings" onRetry={() => void settings.refetch()} />
      ) : (
        <div
          role="status"
          aria-label="Loading the review settings"
          className="h-48 animate-pulse rounded-xl bg-subtle"
        />
      )}
    </FormDialog>
  );
}
