import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import type { SignInResult } from '#shared/contracts/accounts.ts';
import { ApiError, apiRequest } from '#web/lib/api-client.ts';
import { Redirect } from '../redirect.tsx';
import { setShopperSession, useShopper } from '../session/shopper-session-store.ts';

/** /login (docs/product.md#shopper-accounts): a first, working sign-in; sign-up, codes and recovery come next. */
export function LoginPage() {
  const shopper = useShopper();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  if (shopper) return <Redirect to="/account" />;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const login = String(form.get('login') ?? '');
    try {
      const result = await apiRequest<SignInResult>('/account/token', {
        method: 'POST',
        body: {
          grant_type: 'password',
          ...(login.includes('@') ? { email: login } : { phone: login }),
          password: String(form.get('password') ?? ''),
        },
      });
      if (result.session) {
        setShopperSession(result.session);
        navigate('/account');
      }
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'Login failed');
    }
  };

  return (
    <main id="main" className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-2xl font-bold text-strong">Sign in</h1>
      <form onSubmit={submit} className="mt-6 space-y-4">
        <label className="block">
          Email or phone
          <input name="login" className="input mt-1 w-full" autoComplete="username" required />
        </label>
        <label className="block">
          Password
          <input
            name="password"
            type="password"
            className="input mt-1 w-full"
            autoComplete="current-password"
            required
          />
        </label>
        {error && <p role="alert">{error}</p>}
        <button type="submit" className="btn btn-primary w-full">
          Sign in
        </button>
      </form>
    </main>
  );
}
