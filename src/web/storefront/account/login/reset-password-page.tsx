import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { apiRequest } from '#web/lib/api-client.ts';
import { applyServerErrors } from '#web/lib/form-errors.ts';
import { authErrorMessage } from '#web/storefront/shopper-kit/auth-errors.ts';
import { usePageTitle } from '#web/ui/use-page-title.ts';
import {
  type NewPasswordFormInput,
  NewPasswordFormSchema,
  type NewPasswordFormValues,
} from './account-form-schemas.ts';
import { AuthLayout } from './auth-layout.tsx';
import { PASSWORD_CHANGED_NOTICE } from './forgot-password-form.tsx';
import { FormMessage, PasswordField } from './form-parts.tsx';

/**
 * /login/reset?token=… (the recovery email's link): a new password for the account
 * (POST /account/recover/complete), then on to sign in with it. A bad link (its error names
 * `token`) shows above the form with the way to a new one.
 */
export function ResetPasswordPage() {
  usePageTitle('Choose a new password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<NewPasswordFormInput, unknown, NewPasswordFormValues>({
    resolver: zodResolver(NewPasswordFormSchema),
    defaultValues: { password: '' },
    mode: 'onTouched',
  });
  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);

  const submit = async ({ password }: NewPasswordFormValues) => {
    setFailure(null);
    try {
      await apiRequest('/account/recover/complete', { method: 'POST', body: { token, password } });
      navigate('/login', { replace: true, state: { notice: PASSWORD_CHANGED_NOTICE } });
    } catch (error) {
      if (!applyServerErrors(error, setError, ['password'])) setFailure(authErrorMessage(error));
    }
  };

  return (
    <AuthLayout title="Choose a new password" intro="Pick a password you do not use anywhere else.">
      {token ? (
        <form noValidate onSubmit={handleSubmit(submit)} className="space-y-5" aria-label="Choose a new password">
          {failure && (
            <FormMessage ref={alertRef} tone="error">
              {failure}{' '}
              <Link to="/login?mode=forgot" className="font-semibold underline">
                Request a new link
              </Link>
            </FormMessage>
          )}
          <PasswordField
            label="New password"
            autoComplete="new-password"
            error={errors.password?.message}
            hints={{ password: watch('password') ?? '', contact: '' }}
            {...register('password')}
          />
          <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : 'Save new password'}
          </button>
        </form>
      ) : (
        <div className="space-y-5">
          <FormMessage tone="error">
            This link is incomplete. Open the link from the email again, or ask for a new one.
          </FormMessage>
          <Link to="/login?mode=forgot" className="btn-primary w-full">
            Request a new link
          </Link>
        </div>
      )}
    </AuthLayout>
  );
}
