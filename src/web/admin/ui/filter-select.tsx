import { SelectOptions } from './select-options.tsx';

/** A labelled (visually hidden label) select for a list's filter bar; '' means "no filter". */
export function FilterSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: ReadonlyArray<readonly [value: string, label: string]>;
  onChange: (value: string) => void;
}) {
  return (
    <label>
      <span className="sr-only">{label}</span>
      <select
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="block w-full rounded-xl border border-line-strong bg-surface px-3 py-2 text-base sm:text-sm"
      >
        <SelectOptions options={options} />
      </select>
    </label>
  );
}
