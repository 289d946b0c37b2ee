import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useRoutes, useSearchParams } from 'react-router';
import type { ShopperSession, SignInResult } from '#shared/contracts/accounts.ts';
import { Redirect } from '#web/storefront/account/redirect.tsx';
import { startSessionKeeper } from '#web/storefront/shopper-kit/session-keeper.ts';
import { setShopperSession, useShopper } from '#web/storefront/shopper-kit/shopper-session-store.ts';
import { usePageTitle } from '#web/ui/use-page-title.ts';
import type { ContactBody } from './account-form-schemas.ts';
import { AuthLayout } from './auth-layout.tsx';
import { ConfirmPhoneStep } from './confirm-phone-step.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { type LoginMode, loginMode, safeNext, sameSiteReferrer } from './login-helpers.ts';
import { MfaStep } from './mfa-step.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';
import { SignInForm } from './sign-in-form.tsx';
import { SignUpForm } from './sign-up-form.tsx';

/**
 * /login (docs/product.md#signing-up-and-in-shoppers): sign in (password or a one-time code),
 * create an account, or recover a password; /login/reset finishes a recovery from the email link.
 * After signing in the shopper goes back where they came from.
 */
export function LoginPage() {
  useEffect(startSessionKeeper, []);
  // Route objects, not <Routes>/<Route>: those would join the first load (redirect.tsx).
  return useRoutes([
    { path: 'reset', element: <ResetPasswordPage /> },
    { path: '*', element: <LoginScreen /> },
  ]);
}

const TITLES: Record<LoginMode, [title: string, intro: string]> = {
  signin: ['Sign in', 'Welcome back. Sign in with your email or phone number.'],
  signup: ['Create your account', 'Track your orders, keep your addresses and find your cart on every device.'],
  forgot: ['Reset your password', 'We will send you a link or a code to choose a new password.'],
};

/** `?next=`, the router's `from`, or the page before; see safeNext. Read once: later renders keep it. */
function useNextPath(): string {
  const [params] = useSearchParams();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  const [referrer] = useState(() =>
    typeof document === 'undefined' ? null : sameSiteReferrer(document.referrer, window.location.origin),
  );
  return safeNext(params.get('next'), from, referrer);
}

/** A link to another mode that keeps `next`. */
export function modeHref(mode: LoginMode, params: URLSearchParams): string {
  const next = new URLSearchParams();
  if (mode !== 'signin') next.set('mode', mode);
  const target = params.get('next');
  if (target) next.set('next', target);
  const search = next.toString();
  return search ? `/login?${search}` : '/login';
}

function LoginScreen() {
  const shopper = useShopper();
  const [params] = useSearchParams();
  const location = useLocation();
  const next = useNextPath();
  const mode = loginMode(params.get('mode'));
  const [challenge, setChallenge] = useState<SignInResult['mfa_challenge']>(null);
  // After a phone sign-up: the number whose code is asked for before going on.
  const [phoneToConfirm, setPhoneToConfirm] = useState<string | null>(null);
  const notice = (location.state as { notice?: string } | null)?.notice;
  const [title, intro] = TITLES[mode];
  usePageTitle(phoneToConfirm ? 'Confirm your phone' : title);

  // A mode change moves focus to the new heading, so a screen reader hears where it landed.
  const heading = useRef<HTMLHeadingElement>(null);
  const firstMode = useRef(mode);
  useEffect(() => {
    if (mode !== firstMode.current) {
      firstMode.current = mode;
      heading.current?.focus();
    }
  }, [mode]);

  if (shopper && !phoneToConfirm) return <Redirect to={next} />;

  const signedIn = (session: ShopperSession) => setShopperSession(session);
  const onResult = (result: SignInResult) => {
    if (result.session) signedIn(result.session);
    else if (result.mfa_challenge) setChallenge(result.mfa_challenge);
  };
  const onSignedUp = (result: SignInResult, contact: ContactBody) => {
    const user = result.session?.user;
    // Set before the session, so the signed-in redirect waits for the code.
    if ('phone' in contact && user?.phone && !user.phone_verified) setPhoneToConfirm(user.phone);
    onResult(result);
  };

  if (phoneToConfirm) {
    return (
      <AuthLayout headingRef={heading} title="Confirm your phone" intro="One last step: the code we just texted you.">
        <ConfirmPhoneStep phone={phoneToConfirm} onDone={() => setPhoneToConfirm(null)} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      headingRef={heading}
      title={challenge ? 'Two-step sign-in' : title}
      intro={challenge ? 'One more step to keep your account safe.' : intro}
    >
      {challenge ? (
        <MfaStep challenge={challenge} onSignedIn={signedIn} />
      ) : (
        <>
          {mode !== 'forgot' && (
            <nav
              aria-label="Sign in or create an account"
              className="mb-6 grid grid-cols-2 gap-1 rounded-full bg-subtle p-1"
            >
              {(['signin', 'signup'] as const).map((item) => (
                <Link
                  key={item}
                  to={modeHref(item, params)}
                  replace
                  aria-current={mode === item ? 'page' : undefined}
                  className="flex min-h-10 items-center justify-center rounded-full px-3 text-sm font-semibold text-muted transition hover:text-fg aria-[current=page]:bg-surface aria-[current=page]:text-strong aria-[current=page]:shadow-sm"
                >
                  {item === 'signin' ? 'Sign in' : 'Create account'}
                </Link>
              ))}
            </nav>
          )}
          {mode === 'signin' && (
            <SignInForm notice={notice} onResult={onResult} forgotHref={modeHref('forgot', params)} />
          )}
          {mode === 'signup' && <SignUpForm onResult={onSignedUp} />}
          {mode === 'forgot' && <ForgotPasswordForm signInHref={modeHref('signin', params)} />}
        </>
      )}
    </AuthLayout>
  );
}
