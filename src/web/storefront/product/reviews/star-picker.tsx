import { useState } from 'react';
import { STAR_PATH } from '#web/storefront/ui/star-rating.tsx';

const WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

interface StarPickerProps {
  name: string;
  value: number;
  onChange: (value: number) => void;
  error?: string;
  errorId: string;
}

/**
 * The rating of the review form: five native radio buttons drawn as stars, so the keyboard works as
 * in any radio group (Tab to the group, arrows to move and choose) and a screen reader hears
 * "3 stars, radio, 3 of 5". Pointing at a star previews it.
 */
export function StarPicker({ name, value, onChange, error, errorId }: StarPickerProps) {
  const [hover, setHover] = useState(0);
  const shown = hover || value;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium">Your rating</legend>
      <div className="mt-1 flex items-center gap-3">
        {/* biome-ignore lint/a11y/noStaticElementInteractions: the hover preview is a pointer nicety; the radios carry the meaning */}
        <div className="flex" onMouseLeave={() => setHover(0)}>
          {[1, 2, 3, 4, 5].map((stars) => (
            <label
              key={stars}
              onMouseEnter={() => setHover(stars)}
              className="cursor-pointer rounded-lg p-1 has-focus-visible:outline-2 has-focus-visible:outline-accent"
            >
              <input
                type="radio"
                name={name}
                value={stars}
                checked={value === stars}
                onChange={() => onChange(stars)}
                aria-invalid={error ? true : undefined}
                className="sr-only"
              />
              <svg
                viewBox="0 0 24 24"
                aria-hidden="true"
                className={`size-8 transition ${stars <= shown ? 'text-amber-500' : 'text-line-strong'}`}
                fill="currentColor"
              >
                <path d={STAR_PATH} />
              </svg>
              <span className="sr-only">{stars === 1 ? '1 star' : `${stars} stars`}</span>
            </label>
          ))}
        </div>
        <span aria-hidden="true" className="text-sm font-medium text-muted">
          {WORDS[shown]}
        </span>
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
