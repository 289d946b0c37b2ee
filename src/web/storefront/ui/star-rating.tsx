/** One star on a 24 × 24 cell, symmetric about x = 12, so a cut at n × 24 units shows exactly n stars. */
export const STAR_PATH = 'M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5-5.9-3.1-5.9 3.1 1.2-6.5-4.8-4.6 6.6-.9z';

function Stars({ className, clip }: { className: string; clip?: string }) {
  return (
    <svg
      viewBox="0 0 120 24"
      fill="currentColor"
      aria-hidden="true"
      className={`absolute inset-0 size-full ${className}`}
      style={clip ? { clipPath: clip } : undefined}
    >
      {[0, 24, 48, 72, 96].map((x) => (
        <path key={x} d={STAR_PATH} transform={`translate(${x})`} />
      ))}
    </svg>
  );
}

/**
 * Five stars filled to the rating (to one decimal, docs/product.md#reviews), for screen readers one
 * image "Rated 4.5 out of 5". Inline SVG, no library: product cards draw it in the first load.
 * `className` sizes it (keep the 5:1 ratio).
 */
export function StarRating({ rating, className = 'h-4 w-20' }: { rating: number; className?: string }) {
  const value = Math.round(Math.min(5, Math.max(0, rating)) * 10) / 10;
  return (
    <span role="img" aria-label={`Rated ${value} out of 5`} className={`relative inline-block shrink-0 ${className}`}>
      <Stars className="text-line-strong" />
      <Stars className="text-amber-500" clip={`inset(0 ${100 - value * 20}% 0 0)`} />
    </span>
  );
}
