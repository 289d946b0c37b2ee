import type { FastifyInstance } from 'fastify';
import { RateLimitedError, type RateLimiter } from '#server/plugins/rate-limiter.ts';
import { TWO_FACTOR_MESSAGES } from './two-factor-messages.ts';

/** Wrong codes and passwords a user may try per window, and attempts per IP, before a 429. */
export const TWO_FACTOR_LIMITS = {
  failuresPerUser: { limit: 10, windowMs: 15 * 60_000 },
  attemptsPerIp: { limit: 60, windowMs: 15 * 60_000 },
};

export interface TwoFactorGuard {
  /** Failed codes/passwords per user (second step, enrolment and re-authentication alike). */
  failures: RateLimiter;
  /** Every second-step attempt per IP. */
  perIp: RateLimiter;
  /** One hit per challenge `jti` that finished a sign-in: a second use is refused. */
  usedChallenges: RateLimiter;
}

/**
 * Limiter names per kind of account. The shoppers' keep the names they had (their Redis keys), and
 * staff count apart: a burst at a shop's sign-in never uses up the admins' attempts, nor the reverse.
 */
const LIMITER_NAMES = {
  shopper: { failures: 'two-factor-user', perIp: 'two-factor-ip', usedChallenges: 'mfa-challenge-used' },
  staff: {
    failures: 'staff-two-factor-user',
    perIp: 'staff-two-factor-ip',
    usedChallenges: 'staff-mfa-challenge-used',
  },
} as const;

/** One guard per kind and app, whichever plugin asks (see createTwoFactorGuard). */
const guardsByServer = new WeakMap<object, Map<string, TwoFactorGuard>>();

/**
 * The two-step limiters (app.rateLimiter: in memory, or shared through Redis). A used challenge is
 * remembered for twice the longest challenge's life, so it cannot come back while still signed
 * valid. Made once per kind and app: the staff sign-in (auth.routes.ts) and the Security page (the
 * admin scope) are separate plugin instances of one server, and an in-memory limiter made twice
 * would count each one's failures apart.
 */
export function createTwoFactorGuard(
  app: FastifyInstance,
  kind: keyof typeof LIMITER_NAMES,
  longestChallengeSeconds: number,
): TwoFactorGuard {
  const byKind = guardsByServer.get(app.server) ?? new Map<string, TwoFactorGuard>();
  guardsByServer.set(app.server, byKind);
  const existing = byKind.get(kind);
  if (existing) return existing;
  const names = LIMITER_NAMES[kind];
  const guard: TwoFactorGuard = {
    failures: app.rateLimiter(names.failures, TWO_FACTOR_LIMITS.failuresPerUser),
    perIp: app.rateLimiter(names.perIp, TWO_FACTOR_LIMITS.attemptsPerIp),
    usedChallenges: app.rateLimiter(names.usedChallenges, { limit: 1, windowMs: longestChallengeSeconds * 1000 * 2 }),
  };
  byKind.set(kind, guard);
  return guard;
}

export const tooManyCodes = (retryAfterSeconds: number) =>
  new RateLimitedError(TWO_FACTOR_MESSAGES.tooManyAttempts, retryAfterSeconds);

/** Counts one attempt from this address (a 429 once spent): before any challenge or code is looked at. */
export async function countAttemptFrom(guard: TwoFactorGuard, ip: string): Promise<void> {
  const counted = await guard.perIp.hit(ip);
  if (!counted.allowed) throw tooManyCodes(counted.retryAfterSeconds);
}

/**
 * Runs one check of a code or password under the user's failure limit: the attempt is counted
 * before `check` runs (429 with retry-after once the limit is spent) and given back when it
 * passes, so parallel guesses can never have more than the limit judged (decision 017).
 */
export async function judgedUnderLimit(
  guard: TwoFactorGuard,
  userId: string,
  check: () => Promise<boolean>,
): Promise<boolean> {
  const counted = await guard.failures.hit(userId);
  if (!counted.allowed) throw tooManyCodes(counted.retryAfterSeconds);
  const passed = await check();
  if (passed) await guard.failures.reward(userId);
  return passed;
}

/** Marks a challenge used; false when it already was (the first success wins, across processes too). */
export async function spendChallenge(guard: TwoFactorGuard, jti: string): Promise<boolean> {
  return (await guard.usedChallenges.hit(jti)).allowed;
}
