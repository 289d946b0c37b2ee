import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client.ts';

/**
 * Puts a refused call's field errors (the 400 body's `errors[] {path, message}`) under the fields
 * of a react-hook-form form. `fields` are the form's fields that can show one; `fieldOf` names the
 * form field of a server path when the names differ (the path itself by default). Several messages for one field (a password refused for more than one reason) are kept
 * together, one per line. The first field placed takes the focus. Answers whether any was placed,
 * so the caller can show the message above the form instead.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
  fieldOf: (path: string) => string | null = (path) => path,
): boolean {
  if (!(error instanceof ApiError)) return false;
  const byField = new Map<FieldPath<T>, string[]>();
  for (const item of error.errors) {
    const name = fieldOf(item.path);
    const field = fields.find((known) => known === name);
    if (!field) continue;
    const messages = byField.get(field) ?? [];
    if (!messages.includes(item.message)) messages.push(item.message);
    byField.set(field, messages);
  }
  [...byField].forEach(([field, messages], index) => {
    setError(field, { type: 'server', message: messages.join('\n') }, { shouldFocus: index === 0 });
  });
  return byField.size > 0;
}
