/** A review's rating as stars: the reviews screens and the product editor's reviews link. */

const starPath = 'M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3L2.9 9.5l6.3-.9z';

/**
 * Five stars, the first `rating` filled. Drawn as SVG (not "★" text) so the pale empty stars are
 * decoration rather than text that must meet the contrast ratio; the label says the rating.
 */
export function Stars({
  rating,
  className = 'size-4',
  decorative = false,
}: {
  rating: number;
  className?: string;
  /** Beside text that already says the rating: hidden from screen readers. */
  decorative?: boolean;
}) {
  const whole = Math.round(rating);
  const name = decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': `${rating} out of 5 stars` };
  return (
    <span {...name} className="inline-flex shrink-0 items-center gap-0.5">
      {[1, 2, 3, 4, 5].map((star) => (
        <svg
          key={star}
          viewBox="0 0 24 24"
          aria-hidden="true"
          className={`${className} ${star <= whole ? 'fill-amber-500 text-amber-500' : 'fill-zinc-300 text-zinc-300 dark:fill-zinc-600 dark:text-zinc-600'}`}
        >
          <path d={starPath} />
        </svg>
      ))}
    </span>
  );
}
