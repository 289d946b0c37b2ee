import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ShopperUser } from '#shared/contracts/accounts.ts';
import { authErrorMessage } from '#web/storefront/shopper-kit/auth-errors.ts';
import { useShopper } from '#web/storefront/shopper-kit/shopper-session-store.ts';
import { Container } from '#web/ui/container.tsx';
import { usePageTitle } from '#web/ui/use-page-title.ts';
import { verifyEmailLink } from './profile-api.ts';

type State = { status: 'checking' } | { status: 'done'; user: ShopperUser } | { status: 'failed'; message: string };

/**
 * /account/verify-email?token=… (the link in a verification email; docs/product.md#account-area).
 * Works signed out too: the link may be opened on another device than the one signed in.
 */
export function VerifyEmailPage() {
  usePageTitle('Confirm your email');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const shopper = useShopper();
  const [state, setState] = useState<State>(
    token ? { status: 'checking' } : { status: 'failed', message: 'This link is incomplete.' },
  );
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!token) return;
    let live = true;
    verifyEmailLink(token).then(
      (user) => live && setState({ status: 'done', user }),
      (error: unknown) => live && setState({ status: 'failed', message: authErrorMessage(error) }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  // The outcome replaces the "checking" text: focus moves to it so it is read out.
  useEffect(() => {
    if (state.status !== 'checking') heading.current?.focus();
  }, [state.status]);

  const title = {
    checking: 'Confirming your email…',
    done: 'Your email is confirmed',
    failed: 'We could not confirm your email',
  }[state.status];

  return (
    <Container className="py-10 sm:py-16">
      <div className="card mx-auto max-w-lg p-6 text-center sm:p-10">
        <span
          aria-hidden="true"
          className={`mx-auto flex size-14 items-center justify-center rounded-full text-2xl font-bold ${
            state.status === 'failed' ? 'bg-red-50 text-danger dark:bg-red-950/40' : 'bg-accent-soft text-accent'
          }`}
        >
          {state.status === 'done' ? '✓' : state.status === 'failed' ? '!' : '…'}
        </span>
        <h1 ref={heading} tabIndex={-1} className="mt-5 text-2xl font-bold text-strong outline-none sm:text-3xl">
          {title}
        </h1>
        <div role="status" className="mt-3 text-muted">
          {state.status === 'checking' && <p>One moment while we check your link.</p>}
          {state.status === 'done' && (
            <p>
              {state.user.email ? <strong className="text-fg">{state.user.email}</strong> : 'Your email'} is now
              confirmed. Receipts and password resets will go there.
            </p>
          )}
          {state.status === 'failed' && (
            <p>
              {state.message} {shopper ? 'You can send a new link from your account.' : 'Sign in to send a new link.'}
            </p>
          )}
        </div>
        {state.status !== 'checking' && (
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            {shopper ? (
              <Link to="/account" className="btn-primary">
                Go to my account
              </Link>
            ) : (
              <Link to="/login?next=%2Faccount" className="btn-primary">
                Sign in
              </Link>
            )}
            <Link to="/store" className="btn-secondary">
              Continue shopping
            </Link>
          </div>
        )}
      </div>
    </Container>
  );
}
