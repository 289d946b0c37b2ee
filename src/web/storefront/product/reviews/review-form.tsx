import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { get, useForm } from 'react-hook-form';
import type { Review } from '#shared/contracts/reviews.ts';
import { REVIEW_LIMITS } from '#shared/reviews.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { applyServerErrors } from '#web/lib/form-errors.ts';
import { inputClass, TextAreaField, TextField } from '#web/ui/form-field.tsx';
import {
  type ReviewFormInput,
  ReviewFormSchema,
  type ReviewFormValues,
  reviewFieldOf,
  reviewFields,
  reviewFormValues,
} from './review-form-schema.ts';
import { serverRefusal } from './review-rules.ts';
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

type Errors = ReturnType<typeof useForm<ReviewFormInput>>['formState']['errors'];
const messageAt = (errors: Errors, path: string): string | undefined =>
  (get(errors, path) as { message?: string } | undefined)?.message;

/**
 * "Write a review" and Edit (docs/product.md#reviews-on-the-storefront): the rating, a title, the
 * text with a counter, and up to 5 pros and 5 cons, on react-hook-form with the contract's rules
 * (review-form-schema.ts). The server's field errors (400) show under their fields and its other
 * refusals (409, 429) above the buttons; the first field in error takes the focus.
 */
export function ReviewForm({ productId, review, onSaved, onCancel, onConflict }: ReviewFormProps) {
  const id = useId();
  const [message, setMessage] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    watch,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<ReviewFormInput, unknown, ReviewFormValues>({
    resolver: zodResolver(ReviewFormSchema),
    defaultValues: reviewFormValues(review),
    // The stars and the points are not plain inputs: the form moves the focus itself, in page order.
    shouldFocusError: false,
  });

  useEffect(() => heading.current?.focus(), []);

  /** The first field in error takes the focus, so the shopper lands where to fix. */
  const focusFirstError = () =>
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  /** The stars and the points change through here; once sent, a change is checked again at once. */
  const change = <K extends 'rating' | 'pros' | 'cons'>(field: K, value: ReviewFormInput[K]) =>
    setValue(field, value as never, { shouldValidate: isSubmitted, shouldDirty: true });

  const save = async (body: ReviewFormValues) => {
    setMessage(null);
    try {
      onSaved(review ? await updateReview(review.id, body) : await createReview(productId, body));
    } catch (error) {
      const typed = getValues();
      const placed = applyServerErrors(error, setError, reviewFields(typed), (path) => reviewFieldOf(path, typed));
      if (placed) focusFirstError();
      else setMessage(serverRefusal(error).message);
      if (error instanceof ApiError && error.status === 409) onConflict();
    }
  };

  const comment = watch('comment') ?? '';
  const title = review ? 'Edit your review' : 'Write a review';
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={handleSubmit(save, () => {
        setMessage(null);
        focusFirstError();
      })}
      aria-labelledby={`${id}-heading`}
      className="card space-y-5 p-4 sm:p-6"
    >
      <h3 ref={heading} id={`${id}-heading`} tabIndex={-1} className="text-lg font-semibold outline-none">
        {title}
      </h3>
      <StarPicker
        name={`${id}-rating`}
        value={watch('rating')}
        onChange={(rating) => change('rating', rating)}
        error={errors.rating?.message}
        errorId={`${id}-rating-error`}
      />
      <TextField
        label="Title"
        optional
        maxLength={REVIEW_LIMITS.titleMax}
        error={errors.title?.message}
        placeholder="Sum it up in a few words"
        {...register('title')}
      />
      <TextAreaField
        label="Your review"
        optional
        rows={5}
        maxLength={REVIEW_LIMITS.commentMax}
        error={errors.comment?.message}
        placeholder="What did you like or dislike? How did you use it?"
        hint={`${comment.length} of ${REVIEW_LIMITS.commentMax} characters`}
        {...register('comment')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <PointsField
          label="Pros"
          one="pro"
          points={watch('pros')}
          onChange={(pros) => change('pros', pros)}
          listError={messageAt(errors, 'pros')}
          errorAt={(index) => messageAt(errors, `pros.${index}`)}
        />
        <PointsField
          label="Cons"
          one="con"
          points={watch('cons')}
          onChange={(cons) => change('cons', cons)}
          listError={messageAt(errors, 'cons')}
          errorAt={(index) => messageAt(errors, `cons.${index}`)}
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
        <button type="submit" className="btn-primary" disabled={isSubmitting}>
          {isSubmitting ? 'Sending…' : review ? 'Save changes' : 'Submit review'}
        </button>
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

interface PointsFieldProps {
  label: string;
  one: string;
  points: string[];
  onChange: (points: string[]) => void;
  /** The list's own error (too many), and each point's. */
  listError?: string;
  errorAt: (index: number) => string | undefined;
}

/** Pros or cons: one input per point, each with Remove, and "Add a pro" up to 5. */
function PointsField({ label, one, points, onChange, listError, errorAt }: PointsFieldProps) {
  const id = useId();
  const list = useRef<HTMLUListElement>(null);
  const add = useRef<HTMLButtonElement>(null);
  // After adding, the new input; after removing, the one before (or "Add" when none is left).
  const focusInput = (index: number) =>
    requestAnimationFrame(() => (list.current?.querySelectorAll('input')[index] ?? add.current)?.focus());
  return (
    <fieldset aria-describedby={listError ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium">
        {label} <span className="font-normal text-muted">(optional, up to {REVIEW_LIMITS.pointsMax})</span>
      </legend>
      <ul ref={list} className="space-y-2">
        {points.map((point, index) => {
          const error = errorAt(index);
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
