import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { recordAudit } from '#server/audit/audit.service.ts';
import { enforceRateLimit, type RateLimitOptions, refuseIfLimited } from '#server/plugins/rate-limiter.ts';
import { AUTH_MESSAGES } from '#shared/contracts/auth.ts';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

export interface AuthRateLimits {
  /** Failed sign-ins per account (normalised email); at the limit even the right password waits. */
  loginFailuresPerAccount: RateLimitOptions;
  /** Sign-in attempts per IP, right or wrong. */
  loginAttemptsPerIp: RateLimitOptions;
  /** Registrations per IP. */
  registrationsPerIp: RateLimitOptions;
}

export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = {
  loginFailuresPerAccount: { limit: 10, windowMs: FIFTEEN_MINUTES },
  loginAttemptsPerIp: { limit: 30, windowMs: FIFTEEN_MINUTES },
  registrationsPerIp: { limit: 5, windowMs: 60 * 60 * 1000 },
};

export const TOO_MANY_REGISTRATIONS_MESSAGE = 'Too many sign-ups from this address. Please try again later.';

/** The brute-force guard of the sign-in and sign-up routes (decision 008). */
export function createAuthGuard(app: FastifyInstance, limits: AuthRateLimits) {
  const perAccount = app.rateLimiter('login-account', limits.loginFailuresPerAccount);
  const perIp = app.rateLimiter('login-ip', limits.loginAttemptsPerIp);
  // One hit per lockout window: the audit log gets one auth.lockout per lockout, not one per attempt.
  const lockoutNoted = app.rateLimiter('login-lockout-noted', {
    limit: 1,
    windowMs: limits.loginFailuresPerAccount.windowMs,
  });
  const registrations = app.rateLimiter('register-ip', limits.registrationsPerIp);

  return {
    /** Before checking a password: counts the attempt per IP and refuses a locked account. */
    async beforeLogin(request: FastifyRequest, reply: FastifyReply, email: string): Promise<void> {
      await enforceRateLimit(perIp, request.ip, reply, AUTH_MESSAGES.tooManyAttempts);
      const account = await perAccount.peek(email);
      if (account.allowed) return;
      if ((await lockoutNoted.hit(email)).allowed) {
        await recordAudit(app.db, { request, actor: { email }, action: 'auth.lockout', entityType: 'user' });
      }
      refuseIfLimited(account, reply, AUTH_MESSAGES.tooManyAttempts);
    },
    async loginFailed(email: string): Promise<void> {
      await perAccount.hit(email);
    },
    async beforeRegister(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      await enforceRateLimit(registrations, request.ip, reply, TOO_MANY_REGISTRATIONS_MESSAGE);
    },
  };
}
