import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { recordAudit } from '#server/audit/audit.service.ts';
import { auditContextOf } from '#server/audit/request-audit-context.ts';
import type { Db } from '#server/db/client.ts';
import {
  enforceRateLimit,
  type RateLimiter,
  type RateLimitOptions,
  type RateLimitResult,
  refuseIfLimited,
} from '#server/plugins/rate-limiter.ts';
import { raiseSecurityAlert } from '#server/security/security-alerts.service.ts';
import { users } from '#server/users/users.table.ts';
import { AUTH_MESSAGES, STAFF_ROLES } from '#shared/contracts/auth.ts';
import { withRetryWait } from '#shared/retry-wait.ts';
import { authSessions } from './sessions.table.ts';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

export interface AuthRateLimits {
  /**
   * Failed sign-ins per account (normalised email), from every address. At the limit the account
   * is locked for addresses it has not signed in from (see `knownAddressDays`), even with the
   * right password.
   */
  loginFailuresPerAccount: RateLimitOptions;
  /** Failed sign-ins per account and address: at the limit that address waits, known or not. */
  loginFailuresPerAccountAndAddress: RateLimitOptions;
  /** Sign-in attempts per IP, right or wrong. */
  loginAttemptsPerIp: RateLimitOptions;
  /** Registrations per IP. */
  registrationsPerIp: RateLimitOptions;
  /** An address the account signed in from (or refreshed from) within this many days is "known". */
  knownAddressDays: number;
  /**
   * The lockout as the shop's security configuration says now (access.max_login_attempts, and
   * lockout_minutes as the window the failures are counted in, so the lockout's length), read at
   * each attempt: replaces the `limit` and `windowMs` of both failure counters. Without it the
   * limits above stand (tests that set their own).
   */
  lockout?: () => { attempts: number; windowMs: number };
  /**
   * Failed staff sign-ins on one account within the lockout window that raise an alert
   * (monitoring.alert_on_failed_logins_threshold; 0: never), read at each failure.
   */
  failedSignInAlertThreshold?: () => number;
}

/** The window of SIGNUP_RATE_LIMIT (registrations per IP). */
export const SIGNUP_RATE_WINDOW_MS = 60 * 60 * 1000;

export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = {
  loginFailuresPerAccount: { limit: 10, windowMs: FIFTEEN_MINUTES },
  loginFailuresPerAccountAndAddress: { limit: 10, windowMs: FIFTEEN_MINUTES },
  loginAttemptsPerIp: { limit: 30, windowMs: FIFTEEN_MINUTES },
  registrationsPerIp: { limit: 5, windowMs: SIGNUP_RATE_WINDOW_MS },
  knownAddressDays: 90,
};

export const TOO_MANY_REGISTRATIONS_MESSAGE = 'Too many sign-ups from this address. Please try again later.';

/** The 429 of a sign-in: the spec's words, then how long to wait (also in `retry-after`). */
function refuseSignIn(result: RateLimitResult, reply: FastifyReply): void {
  refuseIfLimited(result, reply, withRetryWait(AUTH_MESSAGES.tooManyAttempts, result.retryAfterSeconds));
}

/** A password attempt let through by the guard, counted as a failure until it proves right. */
export interface SignInAttempt {
  /** The password was right: the attempt is given back to the counters it was taken from. */
  succeeded(): Promise<void>;
  /**
   * The password was wrong (staff sign-in): counted towards the failed sign-ins alert
   * (docs/product.md#security-alerts). Shopper sign-ins do not call it.
   */
  failed(): Promise<void>;
}

/**
 * Whether this account has signed in from this address before: a session (sign-in or refresh) of
 * the user started from it within `days`. Asked only while the account is locked.
 */
async function hasSignedInFrom(db: Db, email: string, ip: string, days: number): Promise<boolean> {
  const [row] = await db
    .select({ id: authSessions.id })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(
      and(
        // The account key is an email, or a shopper's phone (accounts.routes.ts).
        or(eq(users.email, email), eq(users.phone, email)),
        eq(authSessions.ip, ip),
        gt(authSessions.createdAt, sql`now() - make_interval(days => ${days})`),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Limiters of one name whose limit and window may follow the shop's settings: one limiter per
 * (limit, window), all under the same name. Each attempt is still one atomic count before the
 * work (decision 017); a Redis store shares the counts across limits (same keys), the in-process
 * store starts them afresh when the setting changes.
 */
function limiterFamily(app: FastifyInstance, name: string): (options: RateLimitOptions) => RateLimiter {
  const byOptions = new Map<string, RateLimiter>();
  return (options) => {
    const key = `${options.limit}/${options.windowMs}`;
    let limiter = byOptions.get(key);
    if (!limiter) {
      limiter = app.rateLimiter(name, options);
      byOptions.set(key, limiter);
    }
    return limiter;
  };
}

/** The staff member an account key (an email) names, if it is one: alerts are about staff accounts. */
async function staffAccount(db: Db, email: string): Promise<{ id: string } | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), inArray(users.role, [...STAFF_ROLES])))
    .limit(1);
  return row;
}

const minutesOf = (windowMs: number) => Math.round(windowMs / 60_000);

/**
 * The brute-force guard of the sign-in and sign-up routes (decision 008, decision 017). Every
 * password attempt is counted per account and address, and per account, atomically *before* the
 * password is checked, and given back when it was right: however many guesses arrive at once, at
 * most the limit are ever judged. Someone who knows an admin's email can lock the account for
 * strangers (the security configuration's access.max_login_attempts, 10 by default, in its
 * lockout_minutes, 15 by default), but not for the owner's own address that signed in before: that
 * address is stopped only by its own failures. A lockout of a staff account, and its failed
 * sign-ins reaching monitoring.alert_on_failed_logins_threshold, each raise one security alert.
 */
export function createAuthGuard(app: FastifyInstance, limits: AuthRateLimits) {
  const perAccountFamily = limiterFamily(app, 'login-account');
  const perAccountAndAddressFamily = limiterFamily(app, 'login-account-ip');
  /** The lockout now: the security configuration's, or the fixed limits (tests). */
  const lockoutNow = (fixed: RateLimitOptions): RateLimitOptions => {
    const setting = limits.lockout?.();
    return setting ? { limit: setting.attempts, windowMs: setting.windowMs } : fixed;
  };
  const perIp = app.rateLimiter('login-ip', limits.loginAttemptsPerIp);
  // One hit per lockout window: the audit log gets one auth.lockout (and one alert) per lockout, not one per attempt.
  const lockoutNotedFamily = limiterFamily(app, 'login-lockout-noted');
  // Failed staff sign-ins below the alert threshold, then one hit per window once it is reached:
  // however many failures arrive at once, exactly one of them raises the alert.
  const belowAlertFamily = limiterFamily(app, 'login-failures-below-alert');
  const alertNotedFamily = limiterFamily(app, 'login-failures-alert-noted');
  const registrations = app.rateLimiter('register-ip', limits.registrationsPerIp);
  const pairKey = (email: string, ip: string) => `${email}|${ip}`;

  const noteLockout = async (request: FastifyRequest, email: string, key: string, windowMs: number) => {
    if (!(await lockoutNotedFamily({ limit: 1, windowMs }).hit(key)).allowed) return;
    await recordAudit(app.db, {
      context: auditContextOf(request),
      actor: { email },
      action: 'auth.lockout',
      status: 'failure',
      entityType: 'user',
    });
    const staff = await staffAccount(app.db, email);
    if (!staff) return;
    const minutes = minutesOf(windowMs);
    await raiseSecurityAlert(app, {
      type: 'login',
      severity: 'high',
      title: `Sign-in locked for ${email}`,
      description:
        key === email
          ? `Too many failed sign-ins for this account: addresses it has not signed in from must wait up to ${minutes} minutes.`
          : `Too many failed sign-ins for this account from ${request.ip}: that address must wait up to ${minutes} minutes.`,
      ipAddress: request.ip,
      userId: staff.id,
    });
  };

  /** A failed staff sign-in: the one that brings the account's failures to the threshold raises the alert. */
  const noteFailure = async (request: FastifyRequest, email: string, windowMs: number) => {
    const threshold = limits.failedSignInAlertThreshold?.() ?? 0;
    if (threshold <= 0) return;
    // The first threshold − 1 failures of the window are let through here; the next is the threshold.
    if (threshold > 1 && (await belowAlertFamily({ limit: threshold - 1, windowMs }).hit(email)).allowed) return;
    if (!(await alertNotedFamily({ limit: 1, windowMs }).hit(email)).allowed) return;
    const staff = await staffAccount(app.db, email);
    if (!staff) return;
    await raiseSecurityAlert(app, {
      type: 'login',
      severity: 'high',
      title: `${threshold} failed sign-ins for ${email}`,
      description: `${threshold} wrong passwords for this staff account within ${minutesOf(windowMs)} minutes, the last from ${request.ip}. If it was not them, someone may be guessing the password.`,
      ipAddress: request.ip,
      userId: staff.id,
    });
  };

  return {
    /**
     * Before checking a password: counts the attempt per IP, per account and address, and per
     * account, and refuses (429) a locked address or account. The attempt stays counted as a
     * failure unless the route calls `succeeded()` on the answer once the password proved right.
     */
    async beforeLogin(request: FastifyRequest, reply: FastifyReply, email: string): Promise<SignInAttempt> {
      refuseSignIn(await perIp.hit(request.ip), reply);
      // One limit for the whole attempt, and the counters of that limit: a change of the setting
      // meanwhile applies from the next attempt.
      const pairOptions = lockoutNow(limits.loginFailuresPerAccountAndAddress);
      const accountOptions = lockoutNow(limits.loginFailuresPerAccount);
      const perAccountAndAddress = perAccountAndAddressFamily(pairOptions);
      const perAccount = perAccountFamily(accountOptions);
      const pair = pairKey(email, request.ip);
      const byPair = await perAccountAndAddress.hit(pair);
      if (!byPair.allowed) {
        await noteLockout(request, email, pair, pairOptions.windowMs);
        refuseSignIn(byPair, reply);
      }
      const byAccount = await perAccount.hit(email);
      // Locked for strangers; an address the account signed in from is judged on its own count.
      if (!byAccount.allowed && !(await hasSignedInFrom(app.db, email, request.ip, limits.knownAddressDays))) {
        await perAccountAndAddress.reward(pair); // not judged: not a failure of this address
        await noteLockout(request, email, email, accountOptions.windowMs);
        refuseSignIn(byAccount, reply);
      }
      return {
        failed: () => noteFailure(request, email, accountOptions.windowMs),
        // Only what was counted goes back: a known address let in past the account limit took
        // nothing from the account's count.
        succeeded: async () => {
          await Promise.all([
            perAccountAndAddress.reward(pair),
            byAccount.allowed ? perAccount.reward(email) : Promise.resolve(),
          ]);
        },
      };
    },
    async beforeRegister(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      await enforceRateLimit(registrations, request.ip, reply, TOO_MANY_REGISTRATIONS_MESSAGE);
    },
  };
}
