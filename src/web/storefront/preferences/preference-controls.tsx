import { type ReactNode, useId } from 'react';

/** A titled block of the preferences page (a region named by its heading). */
export function PreferenceSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="card p-5 sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-strong">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-muted">{description}</p>}
      <div className="mt-5 flex flex-col gap-6">{children}</div>
    </section>
  );
}

export interface Choice<T extends string> {
  value: T;
  label: string;
  /** Shown beside the label, e.g. a sample of a text size. */
  preview?: ReactNode;
}

/** Tiles of at least 7.5rem: as many per row as fit, so they wrap on phones and at large text sizes. */
const DEFAULT_TILES = 'grid-cols-[repeat(auto-fit,minmax(7.5rem,1fr))]';

/** Radio buttons in a fieldset, drawn as a grid of tiles. */
export function ChoiceGroup<T extends string>({
  legend,
  name,
  choices,
  value,
  onChange,
  tiles = DEFAULT_TILES,
}: {
  legend: string;
  name: string;
  choices: readonly Choice<T>[];
  value: T;
  onChange: (value: T) => void;
  /** The grid's column classes. */
  tiles?: string;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-strong">{legend}</legend>
      <div className={`mt-2 grid gap-2 ${tiles}`}>
        {choices.map((choice) => (
          <label
            key={choice.value}
            className="flex min-h-11 cursor-pointer items-center gap-2.5 rounded-xl border border-line-strong px-3 py-2 text-sm has-checked:border-accent has-checked:bg-accent-soft has-checked:font-medium"
          >
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              className="size-4 shrink-0 accent-accent-solid"
            />
            <span className="flex-1">{choice.label}</span>
            {choice.preview}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** An on/off setting: a checkbox with the switch role, drawn as a switch, with an optional hint. */
export function SwitchField({
  label,
  description,
  checked,
  onChange,
}: {
  label: string;
  description?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <label htmlFor={id} className="text-sm font-medium text-strong">
          {label}
        </label>
        {description && (
          <p id={`${id}-hint`} className="mt-0.5 text-sm text-muted">
            {description}
          </p>
        )}
      </div>
      <span className="relative inline-flex shrink-0">
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={checked}
          aria-checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby={description ? `${id}-hint` : undefined}
          className="peer absolute inset-0 z-10 size-full cursor-pointer opacity-0"
        />
        <span
          aria-hidden="true"
          className="flex h-7 w-12 items-center rounded-full bg-muted p-1 transition peer-checked:bg-accent-solid peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent peer-checked:[&>span]:translate-x-5"
        >
          <span className="size-5 rounded-full bg-page shadow-sm transition" />
        </span>
      </span>
    </div>
  );
}
