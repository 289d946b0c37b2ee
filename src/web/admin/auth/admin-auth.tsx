import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { AdminSignInState } from '#shared/admin-sign-in.ts';
import { type AuthUser, isStaffRole, type LoginResponse, type UserRole } from '#shared/contracts/auth.ts';
import { ApiError, apiPost } from '#web/lib/api-client.ts';
import { adminGet, adminPost, setSessionLostHandler } from './admin-api.ts';
import { AUTH_UI_MESSAGES, SignInError, signInErrorMessage } from './auth-messages.ts';
import {
  clearSession,
  hasStoredSession,
  readRefreshToken,
  readSignInPath,
  saveSession,
  saveSignInPath,
  saveUser,
} from './token-store.ts';

/** docs/product.md#roles-and-permissions: the panel knows one role; every server role (super_admin too) is shown as admin. */
export type AdminRole = 'admin';
export interface AdminUser extends Omit<AuthUser, 'role'> {
  role: AdminRole;
  /** What the server said, for display only ("Super admin"). */
  serverRole: UserRole;
}

export function toAdminUser(user: AuthUser): AdminUser {
  return { ...user, role: 'admin', serverRole: user.role };
}

/** docs/product.md#admin-sign-in-state: loading, then a user (authenticated) or none; errors kept until cleared. */
export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

export interface AdminAuth {
  status: AuthStatus;
  user: AdminUser | null;
  error: string | null;
  signIn: (email: string, password: string) => Promise<boolean>;
  signOut: () => Promise<void>;
  clearError: () => void;
  /** Startup fetch of the current user again (after 'Failed to initialize authentication'). */
  retry: () => void;
  hasRole: (role: string) => boolean;
  /** docs/product.md#admin-panel-refusals: the admin panel refuses these three. */
  register: () => Promise<never>;
  resetPassword: () => Promise<never>;
  updateProfile: () => Promise<never>;
}

const AdminAuthContext = createContext<AdminAuth | null>(null);

/** docs/product.md#admin-sign-in-state, docs/product.md#limits-and-constants: the startup fetch of the current user is tried twice, with a wait between. */
export const STARTUP_ATTEMPTS = 2;
export const STARTUP_RETRY_DELAY_MS = 1000;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The current user from the server. 401/403 end the session (null); other failures are retried
 * once and then reported, keeping the stored tokens (a server blip is no reason to sign out).
 */
export async function fetchCurrentUser(delayMs = STARTUP_RETRY_DELAY_MS): Promise<AuthUser | null> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= STARTUP_ATTEMPTS; attempt++) {
    try {
      return await adminGet<AuthUser>('/auth/me');
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        clearSession();
        return null;
      }
      lastError = error;
      if (attempt < STARTUP_ATTEMPTS) await wait(delayMs);
    }
  }
  throw lastError;
}

export function AdminAuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [status, setStatus] = useState<AuthStatus>(() => (hasStoredSession() ? 'loading' : 'anonymous'));
  // Known once the server confirms the session (the stored copy is not trusted for that).
  const [user, setUser] = useState<AdminUser | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  // A refused refresh anywhere (admin-api.ts) lands here: forget the user, go to the sign-in route,
  // which draws the form at once with "Your session has expired" and brings the admin back to this
  // page after signing in (the state: the page the panel opened has no sign-in tag of the server's).
  useEffect(
    () =>
      setSessionLostHandler(() => {
        setUser(null);
        setStatus('anonymous');
        const { pathname, search, hash } = window.location;
        const state: AdminSignInState = { adminSignIn: { reason: 'expired', returnTo: pathname + search + hash } };
        navigate(readSignInPath(), { replace: true, state });
      }),
    [navigate],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger.
  useEffect(() => {
    if (!hasStoredSession()) {
      setStatus('anonymous');
      return;
    }
    let cancelled = false;
    setStatus('loading');
    fetchCurrentUser()
      .then((current) => {
        if (cancelled) return;
        if (current && isStaffRole(current.role)) {
          saveUser(current);
          setUser(toAdminUser(current));
          setStatus('authenticated');
        } else {
          clearSession();
          setUser(null);
          setStatus('anonymous');
        }
      })
      .catch(() => {
        if (cancelled) return;
        setError(AUTH_UI_MESSAGES.initFailed);
        setStatus('anonymous');
      });
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  const signIn = useCallback(async (email: string, password: string) => {
    setError(null);
    try {
      // Sent without a bearer token (docs/product.md#signing-in); the email is trimmed and lowercased (docs/product.md#signing-in).
      const response = await apiPost<LoginResponse>('/auth/login', { email: email.trim().toLowerCase(), password });
      if (!response?.user) throw new SignInError(AUTH_UI_MESSAGES.noUserData);
      if (!isStaffRole(response.user.role)) {
        // A shopper account: end the session it just opened, and say why.
        await apiPost('/auth/logout', { refreshToken: response.refreshToken }, { token: response.token }).catch(
          () => {},
        );
        throw new SignInError(AUTH_UI_MESSAGES.notStaff);
      }
      saveSession(response);
      saveSignInPath(window.location.pathname);
      setUser(toAdminUser(response.user));
      setStatus('authenticated');
      return true;
    } catch (caught) {
      setError(signInErrorMessage(caught));
      return false;
    }
  }, []);

  const signOut = useCallback(async () => {
    const signInPath = readSignInPath();
    try {
      await adminPost('/auth/logout', { refreshToken: readRefreshToken() ?? undefined });
    } catch {
      // The server may already have forgotten the session; signing out here still happens.
      setError(AUTH_UI_MESSAGES.signOutFailed);
    }
    clearSession();
    setUser(null);
    setStatus('anonymous');
    const state: AdminSignInState = { adminSignIn: { reason: 'signed-out' } };
    navigate(signInPath, { replace: true, state });
  }, [navigate]);

  const value = useMemo<AdminAuth>(
    () => ({
      status,
      user,
      error,
      signIn,
      signOut,
      clearError: () => setError(null),
      retry: () => {
        setError(null);
        setAttempt((n) => n + 1);
      },
      hasRole: (role: string) => role === 'admin' && user?.role === 'admin',
      register: () => Promise.reject(new Error(AUTH_UI_MESSAGES.registrationRefused)),
      resetPassword: () => Promise.reject(new Error(AUTH_UI_MESSAGES.passwordResetRefused)),
      updateProfile: () => Promise.reject(new Error(AUTH_UI_MESSAGES.profileUpdateRefused)),
    }),
    [status, user, error, signIn, signOut],
  );

  return <AdminAuthContext.Provider value={value}>{children}</AdminAuthContext.Provider>;
}

export function useAdminAuth(): AdminAuth {
  const auth = useContext(AdminAuthContext);
  if (!auth) throw new Error('useAdminAuth must be used inside <AdminAuthProvider>');
  return auth;
}
