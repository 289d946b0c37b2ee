/** The "Show password" box under a password field of the sign-in route (sign-in, accepting an invitation). */
export function ShowPasswordToggle({
  checked,
  onChange,
  label = 'Show password',
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label?: string;
}) {
  return (
    <label className="mt-2 inline-flex items-center gap-2 text-sm text-muted">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="size-4 accent-cedar-700"
      />
      {label}
    </label>
  );
}
