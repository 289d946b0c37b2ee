import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { Review } from '#shared/contracts/reviews.ts';
import { REVIEW_LIMITS } from '#shared/reviews.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { inputClass, TextAreaField, TextField } from '#web/ui/form-field.tsx';
import { draftErrors, draftOf, EMPTY_DRAFT, type ReviewDraft, serverRefusal, writeOf } from './review-rules.ts';
import { createReview, updateReview } from './reviews-api.ts';
import { StarPicker } from './star-picker.tsx';

interface ReviewFormProps {
  productId: string;
  /** The shopper's own review when editing it, else null for a new one. */
  review: Review | null;
  onSaved: (review: Review) => void;
  onCancel: () => void;
  /** The server says a review exists already (written in another tab): the section reads it. */
  onConflict: () => void;
}

/**
 * "Write a review" and Edit (docs/product.md#reviews-on-the-storefront): the rating, a title, the
 * text with a counter, and up to 5 pros and 5 cons. The form checks what it can before sending;
 * the server's field errors (400) show under their fields and its other refusals (409, 429) above
 * the buttons.
 */
export function ReviewForm({ productId, review, onSaved, onCancel, onConflict }: ReviewFormProps) {
  const id = useId();
  const [draft, setDraft] = useState<ReviewDraft>(() => (review ? draftOf(review) : EMPTY_DRAFT));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useRef<HTMLFormElement>(null);
  /** A change to a field also clears its error (and, for pros and cons, those of its points). */
  const set = (changes: Partial<ReviewDraft>) => {
    setDraft((current) => ({ ...current, ...changes }));
    const changed = Object.keys(changes);
    setErrors((current) =>
      Object.fromEntries(
        Object.entries(current).filter(
          ([path]) => !changed.some((field) => path === field || path.startsWith(`${field}.`)),
        ),
      ),
    );
  };

  useEffect(() => heading.current?.focus(), []);

  /** The first field in error takes the focus, so the shopper lands where to fix. */
  const focusFirstError = () =>
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const found = draftErrors(draft);
    setErrors(found);
    setMessage(null);
    if (Object.keys(found).length > 0) {
      focusFirstError();
      return;
    }
    setSending(true);
    try {
      const body = writeOf(draft);
      onSaved(review ? await updateReview(review.id, body) : await createReview(productId, body));
    } catch (error) {
      const refusal = serverRefusal(error);
      setErrors(refusal.fields);
      setMessage(refusal.message);
      if (error instanceof ApiError && error.status === 409) onConflict();
      if (Object.keys(refusal.fields).length > 0) focusFirstError();
    } finally {
      setSending(false);
    }
  }

  const title = review ? 'Edit your review' : 'Write a review';
  return (
    <form
      ref={form}
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby={`${id}-heading`}
      className="card space-y-5 p-4 sm:p-6"
    >
      <h3 ref={heading} id={`${id}-heading`} tabIndex={-1} className="text-lg font-semibold outline-none">
        {title}
      </h3>
      <StarPicker
        name={`${id}-rating`}
        value={draft.rating}
        onChange={(rating) => set({ rating })}
        error={errors.rating}
        errorId={`${id}-rating-error`}
      />
      <TextField
        label="Title"
        optional
        maxLength={REVIEW_LIMITS.titleMax}
        value={draft.title}
        onChange={(event) => set({ title: event.target.value })}
        error={errors.title}
        placeholder="Sum it up in a few words"
      />
      <TextAreaField
        label="Your review"
        optional
        rows={5}
        maxLength={REVIEW_LIMITS.commentMax}
        value={draft.comment}
        onChange={(event) => set({ comment: event.target.value })}
        error={errors.comment}
        placeholder="What did you like or dislike? How did you use it?"
        hint={`${draft.comment.length} of ${REVIEW_LIMITS.commentMax} characters`}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <PointsField
          field="pros"
          label="Pros"
          one="pro"
          points={draft.pros}
          onChange={(pros) => set({ pros })}
          errors={errors}
        />
        <PointsField
          field="cons"
          label="Cons"
          one="con"
          points={draft.cons}
          onChange={(cons) => set({ cons })}
          errors={errors}
        />
      </div>
      {message && (
        <p
          role="alert"
          className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-900 dark:bg-red-950/40 dark:text-red-100"
        >
          {message}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary" disabled={sending}>
          {sending ? 'Sending…' : review ? 'Save changes' : 'Submit review'}
        </button>
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

interface PointsFieldProps {
  field: 'pros' | 'cons';
  label: string;
  one: string;
  points: string[];
  onChange: (points: string[]) => void;
  errors: Record<string, string>;
}

/** Pros or cons: one input per point, each with Remove, and "Add a pro" up to 5. */
function PointsField({ field, label, one, points, onChange, errors }: PointsFieldProps) {
  const id = useId();
  const list = useRef<HTMLUListElement>(null);
  const add = useRef<HTMLButtonElement>(null);
  // After adding, the new input; after removing, the one before (or "Add" when none is left).
  const focusInput = (index: number) =>
    requestAnimationFrame(() => (list.current?.querySelectorAll('input')[index] ?? add.current)?.focus());
  const listError = errors[field];
  return (
    <fieldset aria-describedby={listError ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium">
        {label} <span className="font-normal text-muted">(optional, up to {REVIEW_LIMITS.pointsMax})</span>
      </legend>
      <ul ref={list} className="space-y-2">
        {points.map((point, index) => {
          const error = errors[`${field}.${index}`];
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the inputs are the list; removing one re-renders the rest
            <li key={index}>
              <div className="flex items-start gap-2">
                <input
                  aria-label={`${label} ${index + 1}`}
                  maxLength={REVIEW_LIMITS.pointMax}
                  value={point}
                  onChange={(event) => onChange(points.map((item, at) => (at === index ? event.target.value : item)))}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-${index}-error` : undefined}
                  className={inputClass}
                />
                <button
                  type="button"
                  className="icon-btn mt-1 shrink-0"
                  aria-label={`Remove ${one} ${index + 1}`}
                  onClick={() => {
                    onChange(points.filter((_, at) => at !== index));
                    focusInput(Math.max(0, index - 1));
                  }}
                >
                  <svg
                    viewBox="0 0 24 24"
                    aria-hidden="true"
                    className="size-5"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth={1.8}
                  >
                    <path d="M6 6l12 12M18 6 6 18" />
                  </svg>
                </button>
              </div>
              {error && (
                <p id={`${id}-${index}-error`} className="mt-1 text-sm text-danger">
                  {error}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      {points.length < REVIEW_LIMITS.pointsMax && (
        <button
          ref={add}
          type="button"
          className="text-link mt-2 text-sm"
          onClick={() => {
            onChange([...points, '']);
            focusInput(points.length);
          }}
        >
          + Add a {one}
        </button>
      )}
      {listError && (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger">
          {listError}
        </p>
      )}
    </fieldset>
  );
}
