import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { apiRequest } from '#web/lib/api-client.ts';
import { usePageTitle } from '#web/ui/use-page-title.ts';
import { AuthLayout } from './auth-layout.tsx';
import { FormMessage, PasswordField } from './form-parts.tsx';
import { type FormErrors, formErrorsFrom } from './login-helpers.ts';

const NO_ERRORS: FormErrors = { password: [] };

/**
 * /login/reset?token=… (the recovery email's link): a new password for the account
 * (POST /account/recover/complete), then on to sign in with it.
 */
export function ResetPasswordPage() {
  usePageTitle('Choose a new password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (errors.password.length > 0) passwordRef.current?.focus();
    else if (errors.form) alertRef.current?.focus();
  }, [errors]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setErrors({ password: ['Enter a new password'] });
      return;
    }
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      await apiRequest('/account/recover/complete', { method: 'POST', body: { token, password } });
      navigate('/login', {
        replace: true,
        state: { notice: 'Your password has been changed. Sign in with your new password.' },
      });
    } catch (error) {
      setErrors(formErrorsFrom(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout title="Choose a new password" intro="Pick a password you do not use anywhere else.">
      {token ? (
        <form noValidate onSubmit={submit} className="space-y-5" aria-label="Choose a new password">
          {errors.form && (
            <FormMessage ref={alertRef} tone="error">
              {errors.form}{' '}
              <Link to="/login?mode=forgot" className="font-semibold underline">
                Request a new link
              </Link>
            </FormMessage>
          )}
          <PasswordField
            ref={passwordRef}
            label="New password"
            name="new-password"
            autoComplete="new-password"
            value={password}
            onChange={setPassword}
            errors={errors.password}
            hintsFor=""
          />
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            {busy ? 'Saving…' : 'Save new password'}
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
