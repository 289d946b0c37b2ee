import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { ACCOUNT_MESSAGES, type SignInResult } from '#shared/contracts/accounts.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { applyServerErrors } from '#web/lib/form-errors.ts';
import { authErrorMessage } from '#web/storefront/shopper-kit/auth-errors.ts';
import { TextField } from '#web/ui/form-field.tsx';
import {
  type ContactBody,
  type ContactFormInput,
  ContactFormSchema,
  type ContactFormValues,
  type SignInFormInput,
  SignInFormSchema,
  type SignInFormValues,
} from './account-form-schemas.ts';
import { CodeField, FormMessage, PasswordField, SendAgain } from './form-parts.tsx';
import { contactFieldOf, isEmailContact } from './login-helpers.ts';
import { useCodeEntry } from './use-code-entry.ts';
import { type CodeStep, useCodeStep } from './use-code-step.ts';

type Step = 'password' | 'code';

/**
 * Sign in with a password, or "Use a code instead": a 6-digit code sent to the email or phone
 * (POST /account/otp), then entered (POST /account/verify, type sign_in), with "Send again" after
 * 60 s. The contact typed is kept between the two ways.
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
  return step === 'password' ? (
    <PasswordSignIn
      notice={notice}
      contact={contact}
      onContact={setContact}
      onResult={onResult}
      forgotHref={forgotHref}
      onUseCode={() => setStep('code')}
    />
  ) : (
    <CodeSignIn
      contact={contact}
      onContact={setContact}
      onResult={onResult}
      onUsePassword={() => setStep('password')}
    />
  );
}

interface StepProps {
  contact: string;
  onContact: (contact: string) => void;
  onResult: (result: SignInResult) => void;
}

function PasswordSignIn({
  notice,
  contact,
  onContact,
  onResult,
  forgotHref,
  onUseCode,
}: StepProps & { notice?: string; forgotHref: string; onUseCode: () => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<SignInFormInput, unknown, SignInFormValues>({
    resolver: zodResolver(SignInFormSchema),
    defaultValues: { contact, password: '' },
    mode: 'onTouched',
  });
  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);

  const submit = async ({ contact: who, password }: SignInFormValues) => {
    setFailure(null);
    try {
      onResult(
        await apiRequest<SignInResult>('/account/token', {
          method: 'POST',
          body: { grant_type: 'password', ...who, password },
        }),
      );
    } catch (error) {
      if (!applyServerErrors(error, setError, ['contact', 'password'], contactFieldOf))
        setFailure(authErrorMessage(error, 'Login failed'));
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="space-y-5" aria-label="Sign in with a password">
      {notice && <FormMessage tone="success">{notice}</FormMessage>}
      {failure && (
        <FormMessage ref={alertRef} tone="error">
          {failure}
        </FormMessage>
      )}
      <ContactInput
        error={errors.contact?.message}
        isEmail={isEmailContact(watch('contact'))}
        {...register('contact')}
      />
      <div>
        <PasswordField
          label="Password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <p className="mt-2 text-right text-sm">
          <Link to={forgotHref} replace className="text-link">
            Forgot password?
          </Link>
        </p>
      </div>
      <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Signing in…' : 'Sign in'}
      </button>
      <Divider />
      <button
        type="button"
        className="btn-secondary w-full"
        onClick={() => {
          onContact(getValues('contact'));
          onUseCode();
        }}
      >
        Use a code instead
      </button>
    </form>
  );
}

function CodeSignIn({ contact, onContact, onResult, onUsePassword }: StepProps & { onUsePassword: () => void }) {
  const step = useCodeStep((who: ContactBody) => apiRequest('/account/otp', { method: 'POST', body: who }));
  const contactForm = useForm<ContactFormInput, unknown, ContactFormValues>({
    resolver: zodResolver(ContactFormSchema),
    defaultValues: { contact },
    mode: 'onTouched',
  });
  const ask = async ({ contact: who }: ContactFormValues) => {
    onContact(contactForm.getValues('contact'));
    await step.send(who);
  };
  const who = step.target;

  if (!step.sent || !who) {
    return (
      <form noValidate onSubmit={contactForm.handleSubmit(ask)} className="space-y-5" aria-label="Sign in with a code">
        <p className="text-sm text-muted">
          We will send a 6-digit code to your email or phone. It works once, for 10 minutes.
        </p>
        {step.error && <FormMessage tone="error">{step.error}</FormMessage>}
        <ContactInput
          error={contactForm.formState.errors.contact?.message}
          isEmail={isEmailContact(contactForm.watch('contact'))}
          {...contactForm.register('contact')}
        />
        <button type="submit" className="btn-primary w-full" disabled={step.sending}>
          {step.sending ? 'Sending…' : 'Send me a code'}
        </button>
        <BackToPassword onClick={onUsePassword} />
      </form>
    );
  }
  return (
    <EnterSignInCode
      who={who}
      typed={contactForm.getValues('contact')}
      step={step}
      onResult={onResult}
      onOtherContact={() => step.reset()}
      onUsePassword={onUsePassword}
    />
  );
}

function EnterSignInCode({
  who,
  typed,
  step,
  onResult,
  onOtherContact,
  onUsePassword,
}: {
  who: ContactBody;
  typed: string;
  step: CodeStep<ContactBody>;
  onResult: (result: SignInResult) => void;
  onOtherContact: () => void;
  onUsePassword: () => void;
}) {
  const { codeField, codeError, isSubmitting, failure, onSubmit, setFocus } = useCodeEntry(
    async (code) =>
      onResult(
        await apiRequest<SignInResult>('/account/verify', { method: 'POST', body: { type: 'sign_in', ...who, code } }),
      ),
    'Login failed',
  );
  useEffect(() => setFocus('code'), [setFocus]);

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Enter your code">
      <FormMessage tone="info">{ACCOUNT_MESSAGES.codeSent} It may take a minute to arrive.</FormMessage>
      {failure && <FormMessage tone="error">{failure}</FormMessage>}
      <TextField label="Email or phone number" name="username" autoComplete="username" value={typed} readOnly />
      <CodeField error={codeError} {...codeField} />
      <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Checking…' : 'Sign in'}
      </button>
      <SendAgain step={step} />
      <button type="button" className="text-link block text-sm" onClick={onOtherContact}>
        Use another email or phone
      </button>
      <BackToPassword onClick={onUsePassword} />
    </form>
  );
}

function ContactInput({
  error,
  isEmail,
  ...registered
}: ReturnType<ReturnType<typeof useForm<ContactFormInput>>['register']> & { error?: string; isEmail: boolean }) {
  return (
    <TextField
      label="Email or phone number"
      autoComplete="username"
      inputMode={isEmail ? 'email' : undefined}
      placeholder="you@example.com or 03 123 456"
      error={error}
      {...registered}
    />
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
