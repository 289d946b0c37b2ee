import { type FieldErrors, type FieldPath, type FieldValues, get, type UseFormRegister } from 'react-hook-form';

/**
 * Binds react-hook-form fields to the labelled fields of `#web/ui/form-field.tsx`:
 * `<TextField label="Name" {...field('name')} />` registers the input and shows its error, so a
 * form names each field once instead of twice (`register('a.b')` and `errors.a?.b?.message`).
 */
export function fieldBinder<T extends FieldValues>(register: UseFormRegister<T>, errors: FieldErrors<T>) {
  return (name: FieldPath<T>) => ({
    ...register(name),
    error: (get(errors, name) as { message?: string } | undefined)?.message,
  });
}
