import { useEffect, useState } from 'react';
import { inputClass } from '#web/ui/form-field.tsx';

/**
 * A comma-separated list typed as text (tags, variation options). The text is kept while typing,
 * so "Black, " does not lose its comma, and turned into the list on every change.
 */
export function ListInput({
  value,
  onChange,
  id,
  placeholder,
  invalid,
  describedBy,
  label,
  className = inputClass,
}: {
  value: readonly string[];
  onChange: (value: string[]) => void;
  id?: string;
  placeholder?: string;
  invalid?: boolean;
  describedBy?: string;
  /** An accessible name when no <label> points at the input. */
  label?: string;
  className?: string;
}) {
  const [text, setText] = useState(value.join(', '));
  // Follow outside changes (a reset after saving) without fighting the admin's typing.
  useEffect(() => {
    setText((current) => (splitList(current).join(',') === value.join(',') ? current : value.join(', ')));
  }, [value]);
  return (
    <input
      id={id}
      aria-label={label}
      value={text}
      placeholder={placeholder}
      aria-invalid={invalid ? true : undefined}
      aria-describedby={describedBy}
      className={className}
      onChange={(event) => {
        setText(event.target.value);
        onChange(splitList(event.target.value));
      }}
    />
  );
}

/** "a, b,, c" → ["a", "b", "c"]: how tags and variation options are typed. */
export function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/**
 * A labelled tags field (a product's, a post's): the list typed with commas, a hint under it and
 * the field's error. Bound with the editor form's `valueField('tags')`.
 */
export function TagsField({
  id,
  value,
  onChange,
  placeholder,
  hint,
  error,
}: {
  id: string;
  value: readonly string[];
  onChange: (value: string[]) => void;
  placeholder: string;
  hint: string;
  /** The field's error; an empty one (a single tag refused) still marks it ("Check the tags"). */
  error?: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        Tags <span className="font-normal text-muted">(optional)</span>
      </label>
      <ListInput
        id={id}
        value={value}
        onChange={onChange}
        placeholder={placeholder}
        invalid={error !== undefined}
        describedBy={`${id}-hint`}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
        {hint}
      </p>
      {error !== undefined && <p className="mt-1 text-sm text-danger">{error || 'Check the tags'}</p>}
    </div>
  );
}
