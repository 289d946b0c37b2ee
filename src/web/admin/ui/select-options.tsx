/** A select's `[value, label]` choices as <option>s: the filters', pickers' and forms' selects. */
export function SelectOptions({ options }: { options: ReadonlyArray<readonly [value: string, label: string]> }) {
  return options.map(([value, label]) => (
    <option key={value} value={value}>
      {label}
    </option>
  ));
}
