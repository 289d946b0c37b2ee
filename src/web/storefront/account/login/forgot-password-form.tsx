import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { formatPhoneForDisplay } from '#shared/phone-format.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { applyServerErrors } from '#web/lib/form-errors.ts';
import { authErrorMessage } from '#web/storefront/shopper-kit/auth-errors.ts';
import { TextField } from '#web/ui/form-field.tsx';
import {
  type ContactBody,
  type ContactFormInput,
  ContactFormSchema,
  type ContactFormValues,
  type PhoneRecoveryFormInput,
  PhoneRecoveryFormSchema,
  type PhoneRecoveryFormValues,
} from './account-form-schemas.ts';
import { CodeField, FormMessage, PasswordField, SendAgain } from './form-parts.tsx';
import { contactFieldOf, isEmailContact } from './login-helpers.ts';
import { type CodeStep, useCodeStep } from './use-code-step.ts';

export const PASSWORD_CHANGED_NOTICE = 'Your password has been changed. Sign in with your new password.';

/**
 * "Forgot password" (POST /account/recover): an email gets a link (it opens /login/reset); a phone
 * gets a code, entered here with the new password (POST /account/recover/complete). Either can be
 * sent again after 60 s.
 */
export function ForgotPasswordForm({ signInHref }: { signInHref: string }) {
  const step = useCodeStep((who: ContactBody) => apiRequest('/account/recover', { method: 'POST', body: who }));
  const form = useForm<ContactFormInput, unknown, ContactFormValues>({
    resolver: zodResolver(ContactFormSchema),
    defaultValues: { contact: '' },
    mode: 'onTouched',
  });
  const back = (
    <p className="text-center text-sm">
      <Link to={signInHref} replace className="text-link">
        Back to sign in
      </Link>
    </p>
  );
  const who = step.target;

  if (who && 'email' in who) return <EmailSent email={who.email} step={step} back={back} />;
  if (who && 'phone' in who) return <PhoneCode phone={who.phone} step={step} back={back} signInHref={signInHref} />;

  const contact = form.watch('contact') ?? '';
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(({ contact: body }) => step.send(body))}
      className="space-y-5"
      aria-label="Recover your password"
    >
      {step.error && <FormMessage tone="error">{step.error}</FormMessage>}
      <TextField
        label="Email or phone number"
        autoComplete="username"
        inputMode={isEmailContact(contact) ? 'email' : undefined}
        placeholder="you@example.com or 03 123 456"
        hint="An email gets a link; a phone number gets a code."
        error={form.formState.errors.contact?.message}
        {...form.register('contact')}
      />
      <button type="submit" className="btn-primary w-full" disabled={step.sending}>
        {step.sending ? 'Sending…' : 'Continue'}
      </button>
      {back}
    </form>
  );
}

function EmailSent({ email, step, back }: { email: string; step: CodeStep<ContactBody>; back: ReactNode }) {
  const statusRef = useRef<HTMLDivElement>(null);
  useEffect(() => statusRef.current?.focus(), []);
  return (
    <div className="space-y-5">
      <FormMessage ref={statusRef} tone="success">
        <p className="font-semibold">Check your email</p>
        <p className="mt-1">
          If an account exists for {email}, we have sent it a link to choose a new password. The link works for 24
          hours.
        </p>
      </FormMessage>
      <SendAgain step={step} label="Send the link again" what="link" />
      {back}
    </div>
  );
}

function PhoneCode({
  phone,
  step,
  back,
  signInHref,
}: {
  phone: string;
  step: CodeStep<ContactBody>;
  back: ReactNode;
  signInHref: string;
}) {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<PhoneRecoveryFormInput, unknown, PhoneRecoveryFormValues>({
    resolver: zodResolver(PhoneRecoveryFormSchema),
    defaultValues: { code: '', password: '' },
    mode: 'onTouched',
  });
  useEffect(() => setFocus('code'), [setFocus]);

  const complete = async ({ code, password }: PhoneRecoveryFormValues) => {
    setFailure(null);
    try {
      await apiRequest('/account/recover/complete', { method: 'POST', body: { phone, code, password } });
      navigate(signInHref, { replace: true, state: { notice: PASSWORD_CHANGED_NOTICE } });
    } catch (error) {
      if (!applyServerErrors(error, setError, ['code', 'password'], contactFieldOf))
        setFailure(authErrorMessage(error));
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(complete)} className="space-y-5" aria-label="Choose a new password">
      <FormMessage tone="info">
        If an account exists for <span className="whitespace-nowrap">{formatPhoneForDisplay(phone)}</span>, we have sent
        it a 6-digit code. It works once, for 10 minutes.
      </FormMessage>
      {failure && <FormMessage tone="error">{failure}</FormMessage>}
      <CodeField error={errors.code?.message} {...register('code')} />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        error={errors.password?.message}
        hints={{ password: watch('password') ?? '', contact: phone }}
        {...register('password')}
      />
      <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Saving…' : 'Save new password'}
      </button>
      <SendAgain step={step} />
      {back}
    </form>
  );
}
