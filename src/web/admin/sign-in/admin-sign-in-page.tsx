import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { adminReturnPath, isAdminSignInState } from '#shared/admin-sign-in.ts';
import { type LoginRequest, LoginRequestSchema } from '#shared/contracts/auth.ts';
import { getSiteConfig } from '#web/lib/site-config.ts';
import { TextField } from '#web/ui/form-field.tsx';
import { CedarLogo } from '#web/ui/icons.tsx';
import { usePageTitle } from '#web/ui/use-page-title.ts';
import { AdminAuthProvider, useAdminAuth } from '../auth/admin-auth.tsx';
import { AcceptInvitationForm } from './accept-invitation-form.tsx';
import { ShowPasswordToggle } from './show-password-toggle.tsx';
import { TwoStepCodeStep } from './two-step-code-step.tsx';
import { TwoStepEnrolmentStep } from './two-step-enrolment-step.tsx';

/**
 * The hidden sign-in route (docs/product.md#admin-routes `/{admin_login}`). Only the page the server serves at that
 * path knows it exists; after signing in the admin goes to the dashboard, or back to the admin page
 * they were on when their session expired (the panel's history state, #shared/admin-sign-in.ts).
 */
export function AdminSignInPage() {
  return (
    <AdminAuthProvider>
      <SignIn />
    </AdminAuthProvider>
  );
}

function SignIn() {
  const { shopName } = getSiteConfig();
  usePageTitle('Admin sign-in');
  const auth = useAdminAuth();
  const navigate = useNavigate();
  const { state } = useLocation();
  const expired = isAdminSignInState(state) && state.adminSignIn.reason === 'expired';
  const next = adminReturnPath(state) ?? '/admin';
  const [showPassword, setShowPassword] = useState(false);
  // An invitation link (docs/product.md#staff-accounts): its own step first, then this form.
  const [searchParams, setSearchParams] = useSearchParams();
  const invitation = searchParams.get('invitation');
  const [invited, setInvited] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<LoginRequest>({
    resolver: zodResolver(LoginRequestSchema),
    defaultValues: { email: '', password: '' },
    mode: 'onTouched',
  });

  // Already signed in (another tab, or back to this page): straight into the panel.
  useEffect(() => {
    // Not while an invitation is being accepted: the new staff member signs in as themselves.
    if (auth.status === 'authenticated' && !invitation && !invited) navigate(next, { replace: true });
  }, [auth.status, navigate, next, invitation, invited]);

  const submit = async ({ email, password }: LoginRequest) => {
    if (await auth.signIn(email, password)) navigate(next, { replace: true });
  };
  const signedIn = () => navigate(next, { replace: true });
  // A right password may leave a second step (docs/product.md#staff-two-step-sign-in).
  const step = auth.pendingStep?.kind;

  if (invitation) {
    // The link is used once: leaving it drops it from the address, so a reload shows the sign-in form.
    const leave = (email?: string) => {
      if (email) setValue('email', email);
      setInvited(email ?? null);
      setSearchParams({}, { replace: true, state });
    };
    return <AcceptInvitationForm token={invitation} onAccepted={leave} onLeave={() => leave()} />;
  }

  return (
    <div className="flex min-h-dvh items-center justify-center bg-subtle px-4 py-10">
      <main className={`w-full ${step === 'enrol' ? 'max-w-lg' : 'max-w-sm'}`}>
        <div className="mb-6 flex flex-col items-center text-center">
          <CedarLogo className="size-12" />
          <h1 className="mt-4 text-2xl font-bold tracking-tight text-strong">Sign in to {shopName}</h1>
          <p className="mt-1 text-sm text-muted">Administrators only</p>
        </div>
        {step === 'code' && <TwoStepCodeStep onSignedIn={signedIn} />}
        {step === 'enrol' && <TwoStepEnrolmentStep onSignedIn={signedIn} />}
        {/* Hidden, not gone, during a second step: "Back" finds the email as typed. */}
        <form
          hidden={step !== undefined}
          noValidate
          onSubmit={handleSubmit(submit)}
          className="card space-y-4 p-6 shadow-sm"
          aria-describedby={auth.error ? 'sign-in-error' : undefined}
        >
          {invited && !auth.error && (
            <p role="status" className="rounded-xl border border-line bg-subtle px-3 py-2 text-sm text-fg">
              Your account is ready. Sign in with your new password.
            </p>
          )}
          {expired && !auth.error && (
            <p role="status" className="rounded-xl border border-line bg-subtle px-3 py-2 text-sm text-fg">
              Your session has expired. Sign in again to go on where you left off.
            </p>
          )}
          {auth.error && (
            <div
              id="sign-in-error"
              role="alert"
              className="rounded-xl border border-danger/40 bg-danger/10 px-3 py-2 text-sm font-medium text-danger"
            >
              {auth.error}
            </div>
          )}
          <TextField
            label="Email"
            type="email"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            error={errors.email?.message}
            {...register('email', { onChange: auth.clearError })}
          />
          <div>
            <TextField
              label="Password"
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              error={errors.password?.message}
              {...register('password', { onChange: auth.clearError })}
            />
            <ShowPasswordToggle checked={showPassword} onChange={setShowPassword} />
          </div>
          <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
            {isSubmitting ? 'Signing in…' : 'Sign in'}
          </button>
        </form>
      </main>
    </div>
  );
}
