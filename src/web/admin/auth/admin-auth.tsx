import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { AdminSignInState } from '#shared/admin-sign-in.ts';
import { type AuthUser, isStaffRole, type LoginResponse, type UserRole } from '#shared/contracts/auth.ts';
import type { StaffLoginAnswer, StaffTwoFactorSetup } from '#shared/contracts/staff-two-factor.ts';
import { ApiError, apiPost } from '#web/lib/api-client.ts';
import { adminGet, adminPost, endIdleSession, setSessionLostHandler } from './admin-api.ts';
import { AUTH_UI_MESSAGES, SignInError, signInErrorMessage, twoStepErrorMessage } from './auth-messages.ts';
import {
  clearSession,
  hasStoredSession,
  isIdleTooLong,
  readRefreshToken,
  readSignInPath,
  recordActivity,
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

/**
 * What a right password left to do (docs/product.md#staff-two-step-sign-in): a code from the
 * authenticator app (or a backup code), or turning two-step sign-in on when the shop requires it.
 */
export interface PendingTwoStep {
  kind: 'code' | 'enrol';
  challengeToken: string;
  /** When the challenge stops working (ms since the epoch). */
  expiresAt: number;
}

export interface AdminAuth {
  status: AuthStatus;
  user: AdminUser | null;
  error: string | null;
  /** True once signed in; false on a refusal (in `error`) or when a second step is pending (`pendingStep`). */
  signIn: (email: string, password: string) => Promise<boolean>;
  /** The second step after a right password, or null. */
  pendingStep: PendingTwoStep | null;
  /** Finishes a `code` step with a code from the app or a backup code; true once signed in. */
  submitTwoStepCode: (code: string) => Promise<boolean>;
  /** An `enrol` step: a new secret, QR code and backup codes (null on a refusal, in `error`). */
  startTwoStepEnrolment: () => Promise<StaffTwoFactorSetup | null>;
  /** An `enrol` step: the app's code turns two-step sign-in on and signs in; true once signed in. */
  finishTwoStepEnrolment: (token: string) => Promise<boolean>;
  /** Back to the email and password. */
  cancelTwoStep: () => void;
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

/** Activity is written to storage at most this often (a key press per character would be a write each). */
export const ACTIVITY_WRITE_INTERVAL_MS = 15_000;
/** How often a signed-in panel checks whether it has been idle past the timeout. */
export const IDLE_CHECK_INTERVAL_MS = 30_000;
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

const isSession = (answer: StaffLoginAnswer): answer is LoginResponse => 'token' in answer;

/**
 * docs/product.md#staff-sessions: a signed-in panel notes the admin's activity (clicks, keys,
 * scrolling) and, once they have been away longer than the staff idle timeout, signs out and shows
 * the sign-in form ("Your session has expired"). An action after the timeout signs out rather than
 * counting as activity: a computer woken from sleep must not keep the session.
 */
function useIdleSignOut(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    let lastWrite = 0;
    let ended = false;
    const endIfIdle = () => {
      if (ended || !isIdleTooLong()) return false;
      ended = true;
      void endIdleSession();
      return true;
    };
    const onActivity = () => {
      if (endIfIdle()) return;
      const now = Date.now();
      if (now - lastWrite < ACTIVITY_WRITE_INTERVAL_MS) return;
      lastWrite = now;
      recordActivity(now);
    };
    endIfIdle();
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true });
    const timer = window.setInterval(endIfIdle, IDLE_CHECK_INTERVAL_MS);
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity);
      window.clearInterval(timer);
    };
  }, [active]);
}

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
  const [pendingStep, setPendingStep] = useState<PendingTwoStep | null>(null);
  // The second step's calls read the challenge of the moment, not the one of their render.
  const pendingStepRef = useRef(pendingStep);
  pendingStepRef.current = pendingStep;
  useIdleSignOut(status === 'authenticated');

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

  /** A session answer (the password alone, or after the second step): checked, stored, signed in. */
  const completeSignIn = useCallback(async (response: LoginResponse) => {
    if (!response?.user) throw new SignInError(AUTH_UI_MESSAGES.noUserData);
    if (!isStaffRole(response.user.role)) {
      // A shopper account: end the session it just opened, and say why.
      await apiPost('/auth/logout', { refreshToken: response.refreshToken }, { token: response.token }).catch(() => {});
      throw new SignInError(AUTH_UI_MESSAGES.notStaff);
    }
    saveSession(response);
    recordActivity();
    saveSignInPath(window.location.pathname);
    setPendingStep(null);
    setUser(toAdminUser(response.user));
    setStatus('authenticated');
  }, []);

  const signIn = useCallback(
    async (email: string, password: string) => {
      setError(null);
      setPendingStep(null);
      try {
        // Sent without a bearer token (docs/product.md#signing-in); the email is trimmed and lowercased (docs/product.md#signing-in).
        const answer = await apiPost<StaffLoginAnswer>('/auth/login', { email: email.trim().toLowerCase(), password });
        if (answer && !isSession(answer)) {
          // docs/product.md#staff-two-step-sign-in: a code (or turning two-step sign-in on) comes next.
          setPendingStep({
            kind: 'two_factor_required' in answer ? 'code' : 'enrol',
            challengeToken: answer.challenge_token,
            expiresAt: Date.now() + answer.expires_in * 1000,
          });
          return false;
        }
        await completeSignIn(answer);
        return true;
      } catch (caught) {
        setError(signInErrorMessage(caught));
        return false;
      }
    },
    [completeSignIn],
  );

  /** Runs one call of the second step; a challenge the server no longer takes sends the admin back to the password. */
  const secondStep = useCallback(async <T,>(call: (challengeToken: string) => Promise<T>): Promise<T | null> => {
    const step = pendingStepRef.current;
    if (!step) return null;
    setError(null);
    try {
      return await call(step.challengeToken);
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 401) setPendingStep(null);
      setError(twoStepErrorMessage(caught));
      return null;
    }
  }, []);

  /** A second step that ends in a session (the code, or the enrolment's first code): true once signed in. */
  const finishSecondStep = useCallback(
    async (call: (challengeToken: string) => Promise<LoginResponse>) => {
      const response = await secondStep(call);
      if (!response) return false;
      try {
        await completeSignIn(response);
        return true;
      } catch (caught) {
        setError(signInErrorMessage(caught));
        return false;
      }
    },
    [secondStep, completeSignIn],
  );

  const submitTwoStepCode = useCallback(
    (code: string) =>
      finishSecondStep((challenge_token) =>
        apiPost<LoginResponse>('/auth/login/two-factor', { challenge_token, code }),
      ),
    [finishSecondStep],
  );

  const startTwoStepEnrolment = useCallback(
    () =>
      secondStep((challenge_token) =>
        apiPost<StaffTwoFactorSetup>('/auth/login/two-factor/setup', { challenge_token }),
      ),
    [secondStep],
  );

  const finishTwoStepEnrolment = useCallback(
    (token: string) =>
      finishSecondStep((challenge_token) =>
        apiPost<LoginResponse>('/auth/login/two-factor/enrol', { challenge_token, token }),
      ),
    [finishSecondStep],
  );

  const cancelTwoStep = useCallback(() => {
    setPendingStep(null);
    setError(null);
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
      pendingStep,
      submitTwoStepCode,
      startTwoStepEnrolment,
      finishTwoStepEnrolment,
      cancelTwoStep,
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
    [
      status,
      user,
      error,
      signIn,
      pendingStep,
      submitTwoStepCode,
      startTwoStepEnrolment,
      finishTwoStepEnrolment,
      cancelTwoStep,
      signOut,
    ],
  );

  return <AdminAuthContext.Provider value={value}>{children}</AdminAuthContext.Provider>;
}

export function useAdminAuth(): AdminAuth {
  const auth = useContext(AdminAuthContext);
  if (!auth) throw new Error('useAdminAuth must be used inside <AdminAuthProvider>');
  return auth;
}
