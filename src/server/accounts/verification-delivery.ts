import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { recordAudit } from '#server/audit/audit.service.ts';
import type { AuditContext } from '#server/audit/audit-context.ts';
import { refuseIfLimited } from '#server/plugins/rate-limiter.ts';
import type { UserRow } from '#server/users/users.mapper.ts';
import { ACCOUNT_MESSAGES, ONE_TIME_CODE_TTL_MS } from '#shared/contracts/accounts.ts';
import { withRetryWait } from '#shared/retry-wait.ts';
import type { VerificationChannel, VerificationPurpose } from './accounts.tables.ts';
import { type AccountCodeLimits, issueSecret, type SecretKind } from './verification.service.ts';

/**
 * Delivering one-time codes and links (docs/product.md#one-time-codes-and-links): the app's rate
 * limiters, mailer and message channel around the storage rules of verification.service.ts,
 * which knows nothing of Fastify.
 */

/** The limiters of code-sending and code-checking routes; a refusal is 429 with `retry-after`. */
export function createCodeGuard(app: FastifyInstance, limits: AccountCodeLimits) {
  const perDestination = app.rateLimiter('account-codes-destination', limits.codesPerDestination);
  const perIp = app.rateLimiter('account-codes-ip', limits.codesPerIp);
  const checks = app.rateLimiter('account-code-checks-ip', limits.checksPerIp);
  const refuse = (result: { allowed: boolean; retryAfterSeconds: number }, reply: FastifyReply) =>
    refuseIfLimited(result, reply, withRetryWait(ACCOUNT_MESSAGES.tooManyCodes, result.retryAfterSeconds));
  /** Counted whether or not an account exists, so the answer says nothing about accounts. */
  const beforeSend = async (request: FastifyRequest, reply: FastifyReply, destination: string): Promise<void> => {
    refuse(await perIp.hit(request.ip), reply);
    refuse(await perDestination.hit(destination.toLowerCase()), reply);
  };
  return {
    beforeSend,
    /**
     * preHandler of the routes that send to the email or phone in their body (/account/otp,
     * /account/recover): runs after the body passed its contract, before the handler.
     */
    async sendLimit(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const contact = request.body as { email?: string; phone?: string };
      await beforeSend(request, reply, contact.email ?? contact.phone ?? '');
    },
    /** preHandler of the routes that check a code or link: one check per IP, counted first. */
    async checkLimit(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      refuse(await checks.hit(request.ip), reply);
    },
  };
}
export type CodeGuard = ReturnType<typeof createCodeGuard>;

/**
 * A link in a mail must be absolute to work from a mail client. PUBLIC_URL when set; else this
 * server on localhost (a local install). Never the request's Host header: a forged one would send
 * a victim's reset link to another site (docs/product.md#one-time-codes-and-links).
 */
const siteLink = (app: FastifyInstance, path: string) =>
  `${(app.config.PUBLIC_URL ?? `http://localhost:${app.config.PORT}`).replace(/\/+$/, '')}${path}`;

const minutes = Math.round(ONE_TIME_CODE_TTL_MS / 60_000);

/**
 * Sends a code or link for `purpose` to the account's email or phone: a mail through app.mailer,
 * a text through app.messages. Audited as account.code_sent (never the secret). A failing channel
 * is logged, not answered: the routes always say "sent" so they never reveal accounts.
 */
export async function sendSecret(
  app: FastifyInstance,
  user: UserRow,
  purpose: VerificationPurpose,
  channel: VerificationChannel,
  context: AuditContext,
): Promise<boolean> {
  const destination = channel === 'email' ? user.email : user.phone;
  if (!destination) return false;
  const kind: SecretKind = channel === 'email' && purpose !== 'sign_in' ? 'link' : 'code';
  const secret = await issueSecret(app.db, { userId: user.id, purpose, channel, destination, kind });
  const shop = app.settings.values.site.shop_name;
  if (channel === 'email') {
    const mail =
      purpose === 'verify_email'
        ? {
            subject: `Confirm your email for ${shop}`,
            text: `Open this link to confirm your email address (it works for 24 hours):\n\n${siteLink(app, `/account/verify-email?token=${secret}`)}\n\nIf you did not create an account at ${shop}, ignore this mail.`,
          }
        : purpose === 'recovery'
          ? {
              subject: `Reset your ${shop} password`,
              text: `Open this link to choose a new password (it works for 24 hours):\n\n${siteLink(app, `/login/reset?token=${secret}`)}\n\nIf you did not ask for this, ignore this mail: your password stays as it is.`,
            }
          : {
              subject: `Your ${shop} sign-in code`,
              text: `Your sign-in code is ${secret}. It expires in ${minutes} minutes.\n\nIf you did not ask for it, ignore this mail.`,
            };
    app.mailer.sendLater({ to: destination, ...mail }, { kind: `account.${purpose}` });
  } else {
    const what = purpose === 'sign_in' ? 'sign-in' : purpose === 'recovery' ? 'password reset' : 'verification';
    try {
      await app.messages.send({
        to: destination,
        text: `${shop}: your ${what} code is ${secret}. It expires in ${minutes} minutes.`,
      });
    } catch (error) {
      app.log.error({ err: error, kind: `account.${purpose}`, channel: app.messages.name }, 'message not sent');
    }
  }
  await recordAudit(app.db, {
    context,
    actor: user,
    action: 'account.code_sent',
    entityType: 'user',
    entityId: user.id,
    after: { purpose, channel },
  });
  return true;
}

/**
 * Tells the OLD email or phone of an account that it was changed (or removed), so its owner
 * hears of a change they did not make (docs/product.md#one-time-codes-and-links). It names
 * neither the new contact nor any secret. A failing channel is logged.
 */
export async function sendContactChangedNotice(
  app: FastifyInstance,
  user: UserRow,
  channel: VerificationChannel,
  oldDestination: string,
  context: AuditContext,
): Promise<void> {
  const shop = app.settings.values.site.shop_name;
  if (channel === 'email') {
    app.mailer.sendLater(
      {
        to: oldDestination,
        subject: `Your ${shop} email address was changed`,
        text: `The email address of your ${shop} account is no longer this one. If you made this change, there is nothing to do.\n\nIf you did not, someone may be using your account: contact ${shop} and reset your password from the sign-in page.`,
      },
      { kind: 'account.contact_changed' },
    );
  } else {
    try {
      await app.messages.send({
        to: oldDestination,
        text: `${shop}: the phone number of your account was changed. If this was not you, contact us.`,
      });
    } catch (error) {
      app.log.error({ err: error, kind: 'account.contact_changed', channel: app.messages.name }, 'message not sent');
    }
  }
  await recordAudit(app.db, {
    context,
    actor: user,
    action: 'account.contact_change_notice_sent',
    entityType: 'user',
    entityId: user.id,
    after: { channel },
  });
}

/**
 * What the account services (recovery.service.ts, contact-change.service.ts) may ask of the
 * app's channels, without knowing Fastify: built once per route plugin by `accountMessenger`.
 */
export interface AccountMessenger {
  sendSecret(
    user: UserRow,
    purpose: VerificationPurpose,
    channel: VerificationChannel,
    context: AuditContext,
  ): Promise<boolean>;
  tellContactChanged(
    user: UserRow,
    channel: VerificationChannel,
    oldDestination: string,
    context: AuditContext,
  ): Promise<void>;
  /** Runs `work` after the answer (app.background): errors logged, never unhandled. */
  later(kind: string, work: () => Promise<unknown>): void;
}

export function accountMessenger(app: FastifyInstance): AccountMessenger {
  return {
    sendSecret: (user, purpose, channel, context) => sendSecret(app, user, purpose, channel, context),
    tellContactChanged: (user, channel, oldDestination, context) =>
      sendContactChangedNotice(app, user, channel, oldDestination, context),
    later: (kind, work) => app.background.run(kind, work),
  };
}

/**
 * Sends a new email verification link or phone code to the account (also for the admin's
 * "resend verification"). False when the account has no such contact.
 */
export function sendVerification(
  app: FastifyInstance,
  user: UserRow,
  type: 'verify_email' | 'verify_phone',
  context: AuditContext,
): Promise<boolean> {
  return sendSecret(app, user, type, type === 'verify_email' ? 'email' : 'sms', context);
}
