import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ACCOUNT_MESSAGES, MISSING_CONTACT_MESSAGE, type SignInResult } from '#shared/contracts/accounts.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { TextField } from '#web/ui/form-field.tsx';
import { FormMessage, PasswordField } from './form-parts.tsx';
import { contactBody, type FormErrors, formErrorsFrom, isEmailContact } from './login-helpers.ts';

type Step = 'password' | 'request-code' | 'enter-code';

const NO_ERRORS: FormErrors = { password: [] };

/**
 * Sign in with a password, or "Use a code instead": a 6-digit code sent to the email or phone
 * (POST /account/otp), then entered (POST /account/verify, type sign_in).
 */
export function SignInForm({
  notice,
  onResult,
  forgotHref,
}: {
  notice?: string;
  onResult: (result: SignInResult) => void;
  forgotHref: string;
}) {
  const [step, setStep] = useState<Step>('password');
  const [contact, setContact] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);
  const contactRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  // Focus follows the step, and lands on what went wrong after a refusal.
  useEffect(() => {
    if (step === 'enter-code') codeRef.current?.focus();
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
      setErrors(formErrorsFrom(error, 'Login failed'));
    } finally {
      setBusy(false);
    }
  };

  const signInWithPassword = (event: FormEvent) => {
    event.preventDefault();
    const who = contactBody(contact);
    if (!who || !password) {
      setErrors({ password: [], form: MISSING_CONTACT_MESSAGE });
      return;
    }
    void run(async () => {
      onResult(
        await apiRequest<SignInResult>('/account/token', {
          method: 'POST',
          body: { grant_type: 'password', ...who, password },
        }),
      );
    });
  };

  const requestCode = (event?: FormEvent) => {
    event?.preventDefault();
    const who = contactBody(contact);
    if (!who) {
      setErrors({ password: [], contact: 'Enter your email or phone number' });
      return;
    }
    void run(async () => {
      await apiRequest('/account/otp', { method: 'POST', body: who });
      setCode('');
      setStep('enter-code');
    });
  };

  const verifyCode = (event: FormEvent) => {
    event.preventDefault();
    const who = contactBody(contact);
    if (!who) return;
    if (!/^\d{6}$/.test(code.trim())) {
      setErrors({ password: [], code: 'Enter the 6-digit code' });
      return;
    }
    void run(async () => {
      onResult(
        await apiRequest<SignInResult>('/account/verify', {
          method: 'POST',
          body: { type: 'sign_in', ...who, code: code.trim() },
        }),
      );
    });
  };

  const contactField = (
    <TextField
      ref={contactRef}
      label="Email or phone number"
      name="username"
      autoComplete="username"
      inputMode={isEmailContact(contact) ? 'email' : undefined}
      placeholder="you@example.com or 03 123 456"
      value={contact}
      onChange={(event) => setContact(event.target.value)}
      error={errors.contact}
      readOnly={step === 'enter-code'}
    />
  );
  const formMessage = errors.form ? (
    <FormMessage ref={alertRef} tone="error">
      {errors.form}
    </FormMessage>
  ) : null;

  if (step === 'password') {
    return (
      <form noValidate onSubmit={signInWithPassword} className="space-y-5" aria-label="Sign in with a password">
        {notice && <FormMessage tone="success">{notice}</FormMessage>}
        {formMessage}
        {contactField}
        <div>
          <PasswordField
            ref={passwordRef}
            label="Password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
            errors={errors.password}
          />
          <p className="mt-2 text-right text-sm">
            <Link to={forgotHref} replace className="text-link">
              Forgot password?
            </Link>
          </p>
        </div>
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
        <Divider />
        <button
          type="button"
          className="btn-secondary w-full"
          onClick={() => {
            setErrors(NO_ERRORS);
            setStep('request-code');
          }}
        >
          Use a code instead
        </button>
      </form>
    );
  }

  if (step === 'request-code') {
    return (
      <form noValidate onSubmit={requestCode} className="space-y-5" aria-label="Sign in with a code">
        <p className="text-sm text-muted">
          We will send a 6-digit code to your email or phone. It works once, for 10 minutes.
        </p>
        {formMessage}
        {contactField}
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? 'Sending…' : 'Send me a code'}
        </button>
        <BackToPassword onClick={() => setStep('password')} />
      </form>
    );
  }

  return (
    <form noValidate onSubmit={verifyCode} className="space-y-5" aria-label="Enter your code">
      <FormMessage tone="info">{ACCOUNT_MESSAGES.codeSent} It may take a minute to arrive.</FormMessage>
      {formMessage}
      {contactField}
      <TextField
        ref={codeRef}
        label="6-digit code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        pattern="[0-9]*"
        value={code}
        onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
        error={errors.code}
      />
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? 'Checking…' : 'Sign in'}
      </button>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <button type="button" className="text-link" onClick={() => requestCode()} disabled={busy}>
          Send a new code
        </button>
        <button type="button" className="text-link" onClick={() => setStep('request-code')}>
          Use another email or phone
        </button>
      </div>
      <BackToPassword onClick={() => setStep('password')} />
    </form>
  );
}

function Divider() {
  return (
    <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-muted" aria-hidden="true">
      <span className="h-px flex-1 bg-line" />
      or
      <span className="h-px flex-1 bg-line" />
    </div>
  );
}

function BackToPassword({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className="btn-secondary w-full" onClick={onClick}>
      Sign in with a password
    </button>
  );
}
