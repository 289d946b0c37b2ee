import { type FormEvent, useEffect, useRef, useState } from 'react';
import { MISSING_CONTACT_MESSAGE, type SignInResult } from '#shared/contracts/accounts.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { TextField } from '#web/ui/form-field.tsx';
import { FormMessage, PasswordField } from './form-parts.tsx';
import { contactBody, type FormErrors, formErrorsFrom, isEmailContact } from './login-helpers.ts';

const NO_ERRORS: FormErrors = { password: [] };

/**
 * Create an account (POST /account/signup) with an email or a phone, a password and an optional
 * name. The hints follow the password as it is typed; the server's reasons, when it refuses one,
 * show under the field they concern.
 */
export function SignUpForm({ onResult }: { onResult: (result: SignInResult) => void }) {
  const [name, setName] = useState('');
  const [contact, setContact] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const contactRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (errors.name) nameRef.current?.focus();
    else if (errors.contact) contactRef.current?.focus();
    else if (errors.password.length > 0) passwordRef.current?.focus();
    else if (errors.form) alertRef.current?.focus();
  }, [errors]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const who = contactBody(contact);
    if (!who || !password) {
      setErrors({ password: [], form: MISSING_CONTACT_MESSAGE });
      return;
    }
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      const body = { ...who, password, ...(name.trim() ? { name: name.trim() } : {}) };
      onResult(await apiRequest<SignInResult>('/account/signup', { method: 'POST', body }));
    } catch (error) {
      setErrors(formErrorsFrom(error, 'Could not create your account. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-5" aria-label="Create an account">
      {errors.form && (
        <FormMessage ref={alertRef} tone="error">
          {errors.form}
        </FormMessage>
      )}
      <TextField
        ref={nameRef}
        label="Name"
        optional
        name="name"
        autoComplete="name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={errors.name}
      />
      <TextField
        ref={contactRef}
        label="Email or phone number"
        name="username"
        autoComplete="username"
        inputMode={isEmailContact(contact) ? 'email' : undefined}
        placeholder="you@example.com or 03 123 456"
        hint="A Lebanese mobile number works too; we send it a code to confirm it."
        value={contact}
        onChange={(event) => setContact(event.target.value)}
        error={errors.contact}
      />
      <PasswordField
        ref={passwordRef}
        label="Password"
        name="new-password"
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
        errors={errors.password}
        hintsFor={contact}
      />
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? 'Creating your account…' : 'Create account'}
      </button>
    </form>
  );
}
