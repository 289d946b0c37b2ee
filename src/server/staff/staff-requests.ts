import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '#server/errors.ts';
import type { RateLimiter } from '#server/plugins/rate-limiter.ts';
import { RateLimitedError } from '#server/plugins/rate-limiter.ts';
import { linkBase } from '#server/seo/link-base.ts';
import {
  STAFF_INVITATION_CHECK_WINDOW_MINUTES,
  STAFF_INVITATION_CHECKS_PER_WINDOW,
  STAFF_INVITATIONS_PER_HOUR,
  STAFF_MESSAGES,
} from '#shared/contracts/staff.ts';
import { withRetryWait } from '#shared/retry-wait.ts';
import type { InvitationMailSettings } from './staff-invitation-mail.ts';
import type { StaffChange } from './staff-invitations.service.ts';

/**
 * What the staff routes (admin/admin-users.routes.ts, staff-invitations.routes.ts) share around
 * the services, which know nothing of Fastify: the invitation mail's settings from the app, the
 * limits, and what follows a committed change (the alert announced, sockets dropped, the outbox
 * sender woken).
 */

/**
 * The invitation mail's settings now. The link must be absolute to work from a mail client:
 * PUBLIC_URL, else the request's host when ALLOWED_HOSTS lists it, else this server on localhost
 * (a local install). Never an unlisted Host header: a forged one would send the link elsewhere.
 */
export function invitationMailSettings(app: FastifyInstance, request: FastifyRequest): InvitationMailSettings {
  const site = app.settings.values.site;
  const base =
    linkBase({ publicUrl: app.config.PUBLIC_URL, allowedHosts: app.config.ALLOWED_HOSTS }, request) ||
    `http://localhost:${app.config.PORT}`;
  return {
    linkBase: base,
    adminLoginPath: app.secrets.adminLoginPath,
    shopName: site.shop_name,
    logoUrl: site.logo_url,
    timeZone: site.time_zone,
  };
}

/**
 * After the commit of a staff change: its alert goes live to the signed-in admins, and when
 * someone's sessions ended (disabled, removed) this process's sockets of theirs are dropped now
 * (other processes check every minute: realtime/admin-sockets.ts).
 */
export async function afterStaffChange(
  app: FastifyInstance,
  change: StaffChange<unknown>,
  options: { sessionsEnded?: boolean; mailQueued?: boolean } = {},
): Promise<void> {
  app.realtime?.announceSecurityAlert(change.alertId);
  if (options.mailQueued) app.messageSender.kick();
  if (options.sessionsEnded) {
    await app.realtime
      ?.recheckSessions()
      .catch((error: unknown) => app.log.error({ err: error }, 'socket session recheck failed'));
  }
}

/**
 * Invitations (and resends) per inviting staff member: counted before the invitation is made
 * (docs/engineering.md#rate-limits), given back when it was refused (no mail went out).
 */
export function invitationLimiter(app: FastifyInstance): RateLimiter {
  return app.rateLimiter('staff-invitations', { limit: STAFF_INVITATIONS_PER_HOUR, windowMs: 60 * 60 * 1000 });
}

/** Invitation link checks (preview and accept) per client address: counted before the token is looked up. */
export function invitationCheckLimiter(app: FastifyInstance): RateLimiter {
  return app.rateLimiter('staff-invitation-checks', {
    limit: STAFF_INVITATION_CHECKS_PER_WINDOW,
    windowMs: STAFF_INVITATION_CHECK_WINDOW_MINUTES * 60 * 1000,
  });
}

/** Runs `send` (an invitation or a resend) under the per-member limit: 429 past it; a refusal gives the attempt back. */
export async function withinInvitationLimit<T>(
  limiter: RateLimiter,
  memberId: string,
  send: () => Promise<T>,
): Promise<T> {
  const result = await limiter.hit(memberId);
  if (!result.allowed) {
    throw new RateLimitedError(
      withRetryWait(STAFF_MESSAGES.tooManyInvitations, result.retryAfterSeconds),
      result.retryAfterSeconds,
    );
  }
  try {
    return await send();
  } catch (error) {
    // A refusal (409, 404) sent nothing; anything else may have, and keeps its count.
    if (error instanceof AppError && error.statusCode < 500) await limiter.reward(memberId);
    throw error;
  }
}
