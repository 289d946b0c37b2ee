import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { apiRequest } from '#web/lib/api-client.ts';
import { TextField } from '#web/ui/form-field.tsx';
import { FormMessage, PasswordField } from './form-parts.tsx';
import { contactBody, type FormErrors, formErrorsFrom, isEmailContact } from './login-helpers.ts';

const NO_ERRORS: FormErrors = { password: [] };

type Step = 'ask' | 'email-sent' | 'phone-code';

/**
 * "Forgot password" (POST /account/recover): an email gets a link (it opens /login/reset); a phone
 * gets a code, entered here with the new password (POST /account/recover/complete).
 */
export function ForgotPasswordForm({ signInHref }: { signInHref: string }) {
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('ask');
  const [contact, setContact] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);
  const contactRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (step === 'phone-code') codeRef.current?.focus();
    if (step === 'email-sent') statusRef.current?.focus();
  }, [step]);
  useEffect(() => {
    if (errors.contact) contactRef.current?.focus();
    else if (errors.code) codeRef.current?.focus();
    else if (errors.password.length > 0) passwordRef.current?.focus();
    else if (errors.form) alertRef.current?.focus();
  }, [errors]);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      await work();
    } catch (error) {
      setErrors(formErrorsFrom(error));
    } finally {
      setBusy(false);
    }
  };

  const ask = (event?: FormEvent) => {
    event?.preventDefault();
    const who = contactBody(contact);
    if (!who) {
      setErrors({ password: [], contact: 'Enter your email or phone number' });
      return;
    }
    void run(async () => {
      await apiRequest('/account/recover', { method: 'POST', body: who });
      setStep('email' in who ? 'email-sent' : 'phone-code');
    });
  };

  const complete = (event: FormEvent) => {
    event.preventDefault();
    const who = contactBody(contact);
    if (!who || !('phone' in who)) return;
    if (!/^\d{6}$/.test(code.trim())) {
      setErrors({ password: [], code: 'Enter the 6-digit code' });
      return;
    }
    void run(async () => {
      await apiRequest('/account/recover/complete', {
        method: 'POST',
        body: { phone: who.phone, code: code.trim(), password },
      });
      navigate(signInHref, {
        replace: true,
        state: { notice: 'Your password has been changed. Sign in with your new password.' },
      });
    });
  };

  const formMessage = errors.form ? (
    <FormMessage ref={alertRef} tone="error">
      {errors.form}
    </FormMessage>
  ) : null;
  const back = (
    <p className="text-center text-sm">
      <Link to={signInHref} replace className="text-link">
        Back to sign in
      </Link>
    </p>
  );

  if (step === 'email-sent') {
    return (
      <div className="space-y-5">
        <FormMessage ref={statusRef} tone="success">
          <p className="font-semibold">Check your email</p>
          <p className="mt-1">
            If an account exists for {contact.trim()}, we have sent it a link to choose a new password. The link works
            for 24 hours.
          </p>
        </FormMessage>
        <button type="button" className="btn-secondary w-full" onClick={() => ask()} disabled={busy}>
          {busy ? 'Sending…' : 'Send the link again'}
        </button>
        {back}
      </div>
    );
  }

  if (step === 'phone-code') {
    return (
      <form noValidate onSubmit={complete} className="space-y-5" aria-label="Choose a new password">
        <FormMessage tone="info">
          If an account exists for {contact.trim()}, we have sent it a 6-digit code. It works once, for 10 minutes.
        </FormMessage>
        {formMessage}
        <TextField
          ref={codeRef}
          label="6-digit code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
          error={errors.code}
        />
        <PasswordField
          ref={passwordRef}
          label="New password"
          name="new-password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          errors={errors.password}
          hintsFor={contact}
        />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? 'Saving…' : 'Save new password'}
        </button>
        <button type="button" className="btn-secondary w-full" onClick={() => ask()} disabled={busy}>
          Send a new code
        </button>
        {back}
      </form>
    );
  }

  return (
    <form noValidate onSubmit={ask} className="space-y-5" aria-label="Recover your password">
      {formMessage}
      <TextField
        ref={contactRef}
        label="Email or phone number"
        name="username"
        autoComplete="username"
        inputMode={isEmailContact(contact) ? 'email' : undefined}
        placeholder="you@example.com or 03 123 456"
        hint="An email gets a link; a phone number gets a code."
        value={contact}
        onChange={(event) => setContact(event.target.value)}
        error={errors.contact}
      />
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? 'Sending…' : 'Continue'}
      </button>
      {back}
    </form>
  );
}
