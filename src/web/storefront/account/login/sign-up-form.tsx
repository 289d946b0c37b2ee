import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { SignInResult } from '#shared/contracts/accounts.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { applyServerErrors } from '#web/lib/form-errors.ts';
import { authErrorMessage } from '#web/storefront/shopper-kit/auth-errors.ts';
import { TextField } from '#web/ui/form-field.tsx';
import {
  type ContactBody,
  type SignUpFormInput,
  SignUpFormSchema,
  type SignUpFormValues,
} from './account-form-schemas.ts';
import { FormMessage, PasswordField } from './form-parts.tsx';
import { contactFieldOf, isEmailContact } from './login-helpers.ts';

/**
 * Create an account (POST /account/signup) with an email or a phone, a password and an optional
 * name. The hints follow the password as it is typed; the server's reasons, when it refuses one,
 * show under the field they concern. `onResult` learns which contact signed up: a phone goes on to
 * the code the sign-up sent it.
 */
export function SignUpForm({ onResult }: { onResult: (result: SignInResult, contact: ContactBody) => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<SignUpFormInput, unknown, SignUpFormValues>({
    resolver: zodResolver(SignUpFormSchema),
    defaultValues: { name: '', contact: '', password: '' },
    mode: 'onTouched',
  });
  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);

  const submit = async ({ name, contact, password }: SignUpFormValues) => {
    setFailure(null);
    try {
      const body = { ...contact, password, ...(name ? { name } : {}) };
      onResult(await apiRequest<SignInResult>('/account/signup', { method: 'POST', body }), contact);
    } catch (error) {
      if (!applyServerErrors(error, setError, ['name', 'contact', 'password'], contactFieldOf)) {
        setFailure(authErrorMessage(error, 'Could not create your account. Please try again.'));
      }
    }
  };

  const contact = watch('contact') ?? '';
  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="space-y-5" aria-label="Create an account">
      {failure && (
        <FormMessage ref={alertRef} tone="error">
          {failure}
        </FormMessage>
      )}
      <TextField label="Name" optional autoComplete="name" error={errors.name?.message} {...register('name')} />
      <TextField
        label="Email or phone number"
        autoComplete="username"
        inputMode={isEmailContact(contact) ? 'email' : undefined}
        placeholder="you@example.com or 03 123 456"
        hint="A Lebanese mobile number works too; we send it a code to confirm it."
        error={errors.contact?.message}
        {...register('contact')}
      />
      <PasswordField
        label="Password"
        autoComplete="new-password"
        error={errors.password?.message}
        hints={{ password: watch('password') ?? '', contact }}
        {...register('password')}
      />
      <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Creating your account…' : 'Create account'}
      </button>
    </form>
  );
}
