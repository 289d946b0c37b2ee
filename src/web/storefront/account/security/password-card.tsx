import { type FormEvent, useState } from 'react';
import { TextField } from '#web/ui/form-field.tsx';
import { messageOf, securityApi } from './security-api.ts';
import { SecurityCard } from './security-card.tsx';

/** Change password (POST /account/change-password): the current one re-authenticates; other devices are signed out. */
export function PasswordCard() {
  const [errors, setErrors] = useState<{ current?: string; next?: string; repeat?: string; form?: string }>({});
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const current = String(form.get('currentPassword') ?? '');
    const next = String(form.get('newPassword') ?? '');
    const repeat = String(form.get('repeatPassword') ?? '');
    const found: typeof errors = {};
    if (!current) found.current = 'Enter your current password';
    if (!next) found.next = 'Enter a new password';
    else if (next !== repeat) found.repeat = 'The two new passwords are not the same';
    setErrors(found);
    setDone(false);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await securityApi.changePassword(current, next);
      formElement.reset();
      setDone(true);
    } catch (caught) {
      const fieldErrors = caught instanceof Error && 'errors' in caught ? (caught.errors as { path: string }[]) : [];
      const onNew = fieldErrors.some((error) => /new|password$/i.test(error.path) && error.path !== 'currentPassword');
      const onCurrent = fieldErrors.some((error) => error.path === 'currentPassword');
      setErrors(
        onCurrent ? { current: messageOf(caught) } : onNew ? { next: messageOf(caught) } : { form: messageOf(caught) },
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <SecurityCard title="Password" description="Changing your password signs out your other devices.">
      <form onSubmit={submit} noValidate className="mt-4 grid max-w-xl gap-4">
        <TextField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          error={errors.current}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="New password"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            hint="At least 10 characters, with letters and a number or symbol."
            error={errors.next}
          />
          <TextField
            label="Repeat new password"
            name="repeatPassword"
            type="password"
            autoComplete="new-password"
            error={errors.repeat}
          />
        </div>
        {errors.form && (
          <p role="alert" className="text-sm text-danger">
            {errors.form}
          </p>
        )}
        {done && (
          <p role="status" className="text-sm font-medium text-accent">
            Password changed. Your other devices were signed out.
          </p>
        )}
        <div>
          <button type="submit" disabled={busy} className="btn-primary">
            {busy ? 'Saving…' : 'Change password'}
          </button>
        </div>
      </form>
    </SecurityCard>
  );
}
