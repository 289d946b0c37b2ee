import { and, eq, gt, or, sql } from 'drizzle-orm';
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
import { users } from '#server/users/users.table.ts';
import { AUTH_MESSAGES } from '#shared/contracts/auth.ts';
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
   * The failed sign-ins before lockout as the shop's settings say now (system: sign_in_attempts),
   * read at each attempt: replaces the `limit` of both failure counters. Without it the limits
   * above stand (tests that set their own).
   */
  lockoutAttempts?: () => number;
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
 * A failure counter whose limit may follow the shop's settings: one limiter per limit value, all
 * under the same name. Each attempt is still one atomic count before the work (decision 017); a
 * Redis store shares the counts across limits (same keys), the in-process store starts them afresh
 * when the limit changes.
 */
function failureCounter(
  app: FastifyInstance,
  name: string,
  fixed: RateLimitOptions,
  limitNow: (() => number) | undefined,
): () => RateLimiter {
  const byLimit = new Map<number, RateLimiter>();
  return () => {
    const limit = limitNow?.() ?? fixed.limit;
    let limiter = byLimit.get(limit);
    if (!limiter) {
      limiter = app.rateLimiter(name, { limit, windowMs: fixed.windowMs });
      byLimit.set(limit, limiter);
    }
    return limiter;
  };
}

/**
 * The brute-force guard of the sign-in and sign-up routes (decision 008, decision 017). Every
 * password attempt is counted per account and address, and per account, atomically *before* the
 * password is checked, and given back when it was right: however many guesses arrive at once, at
 * most the limit are ever judged. Someone who knows an admin's email can lock the account for
 * strangers (the shop's sign-in attempts setting, 10 by default, in 15 minutes), but not for the owner's own address that signed in
 * before: that address is stopped only by its own failures.
 */
export function createAuthGuard(app: FastifyInstance, limits: AuthRateLimits) {
  const perAccountOf = failureCounter(app, 'login-account', limits.loginFailuresPerAccount, limits.lockoutAttempts);
  const perAccountAndAddressOf = failureCounter(
    app,
    'login-account-ip',
    limits.loginFailuresPerAccountAndAddress,
    limits.lockoutAttempts,
  );
  const perIp = app.rateLimiter('login-ip', limits.loginAttemptsPerIp);
  // One hit per lockout window: the audit log gets one auth.lockout per lockout, not one per attempt.
  const lockoutNoted = app.rateLimiter('login-lockout-noted', {
    limit: 1,
    windowMs: limits.loginFailuresPerAccount.windowMs,
  });
  const registrations = app.rateLimiter('register-ip', limits.registrationsPerIp);
  const pairKey = (email: string, ip: string) => `${email}|${ip}`;

  const noteLockout = async (request: FastifyRequest, email: string, key: string) => {
    if ((await lockoutNoted.hit(key)).allowed) {
      await recordAudit(app.db, {
        context: auditContextOf(request),
        actor: { email },
        action: 'auth.lockout',
        status: 'failure',
        entityType: 'user',
      });
    }
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
      const perAccountAndAddress = perAccountAndAddressOf();
      const perAccount = perAccountOf();
      const pair = pairKey(email, request.ip);
      const byPair = await perAccountAndAddress.hit(pair);
      if (!byPair.allowed) {
        await noteLockout(request, email, pair);
        refuseSignIn(byPair, reply);
      }
      const byAccount = await perAccount.hit(email);
      // Locked for strangers; an address the account signed in from is judged on its own count.
      if (!byAccount.allowed && !(await hasSignedInFrom(app.db, email, request.ip, limits.knownAddressDays))) {
        await perAccountAndAddress.reward(pair); // not judged: not a failure of this address
        await noteLockout(request, email, email);
        refuseSignIn(byAccount, reply);
      }
      return {
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
