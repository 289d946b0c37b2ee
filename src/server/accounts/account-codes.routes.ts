import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '#server/audit/request-audit-context.ts';
import type { AuthSettings } from '#server/auth/auth.service.ts';
import type { createAuthGuard } from '#server/auth/auth-limits.ts';
import { currentUser, requireShopper } from '#server/auth/authenticate.ts';
import { verifyPassword } from '#server/auth/passwords.ts';
import { badRequest } from '#server/errors.ts';
import {
  ACCOUNT_MESSAGES,
  ChangeShopperPasswordRequestSchema,
  CompleteRecoveryRequestSchema,
  type OtpRequest,
  OtpRequestSchema,
  RecoverRequestSchema,
  ResendRequestSchema,
  SentSchema,
  ShopperUserSchema,
  SignInResultSchema,
  UpdateShopperRequestSchema,
  VerifyPhoneRequestSchema,
  VerifyRequestSchema,
} from '#shared/contracts/accounts.ts';
import { dataEnvelope, ErrorBodySchema } from '#shared/contracts/common.ts';
import { findShopper, findShopperByContact, setShopperPassword, updateShopperProfile } from './accounts.service.ts';
import { assertStrongPassword } from './password-strength.ts';
import { toShopperUser } from './shopper-sessions.ts';
import { signInResultFor } from './sign-in-result.ts';
import { type AccountCodeLimits, consumeCode, consumeLink, findLink, markVerified } from './verification.service.ts';
import { createCodeGuard, sendSecret, sendVerification } from './verification-delivery.ts';

const Sent = dataEnvelope(SentSchema);
const UserEnvelope = dataEnvelope(ShopperUserSchema);
const NoContent = z.null().describe('No content');
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 429: ErrorBodySchema };

const invalidCode = () =>
  badRequest(ACCOUNT_MESSAGES.invalidCode, [{ path: 'code', message: ACCOUNT_MESSAGES.invalidCode }]);
const invalidLink = () =>
  badRequest(ACCOUNT_MESSAGES.invalidLink, [{ path: 'token', message: ACCOUNT_MESSAGES.invalidLink }]);

export interface AccountCodeRouteOptions {
  settings: AuthSettings;
  /** The sign-in lockout of accounts.routes.ts (one set of counters for both files). */
  guard: ReturnType<typeof createAuthGuard>;
  codeLimits: AccountCodeLimits;
}

/**
 * Codes, links, recovery and profile changes of shopper accounts
 * (docs/product.md#signing-up-and-in-shoppers, #one-time-codes-and-links): registered by
 * accounts.routes.ts. Routes that send answer 202 whether or not an account exists.
 */
export const accountCodeRoutes: FastifyPluginAsyncZod<AccountCodeRouteOptions> = async (app, options) => {
  const { settings } = options;
  const codes = createCodeGuard(app, options.codeLimits);
  const { guard } = options;
  const shopper = { onRequest: requireShopper(app) };

  /**
   * POST /account/otp and /account/recover: limited per address and destination, then a code or
   * link to an active account's contact; 202 either way, so the answer never tells which exist.
   */
  const sendToContact =
    (purpose: 'sign_in' | 'recovery') => async (request: FastifyRequest<{ Body: OtpRequest }>, reply: FastifyReply) => {
      const destination = request.body.email ?? request.body.phone ?? '';
      await codes.beforeSend(request, reply, destination);
      const user = await findShopperByContact(app.db, request.body);
      if (user?.isActive) {
        await sendSecret(app, user, purpose, request.body.email ? 'email' : 'sms', auditContextOf(request));
      }
      return reply.status(202).send({ data: { sent: true as const } });
    };

  app.post(
    '/account/otp',
    {
      schema: {
        tags: ['account'],
        summary: 'Send a sign-in code to the email or phone of an account (202 either way)',
        body: OtpRequestSchema,
        response: { 202: Sent, ...errors },
      },
    },
    sendToContact('sign_in'),
  );

  app.post(
    '/account/verify',
    {
      schema: {
        tags: ['account'],
        summary: 'Sign in with a code (type sign_in), or confirm an email by its link token (type email_link)',
        body: VerifyRequestSchema,
        response: {
          200: z.union([dataEnvelope(SignInResultSchema), dataEnvelope(z.object({ user: ShopperUserSchema }))]),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      await codes.beforeCheck(request, reply);
      const body = request.body;
      const context = auditContextOf(request);
      if (body.type === 'email_link') {
        const row = await consumeLink(app.db, 'verify_email', body.token);
        const user = row && (await markVerified(app.db, row, context));
        if (!user) throw invalidLink();
        return { data: { user: toShopperUser(user) } };
      }
      const account = await findShopperByContact(app.db, body);
      const row =
        account?.isActive && (await consumeCode(app.db, { userId: account.id, purpose: 'sign_in', code: body.code }));
      if (!account || !row) throw invalidCode();
      // Receiving the code proves the contact: it is verified by the sign-in.
      const user = (await markVerified(app.db, row, context)) ?? account;
      return { data: await signInResultFor(app.db, settings, user, context) };
    },
  );

  app.post(
    '/account/recover',
    {
      schema: {
        tags: ['account'],
        summary: 'Send a password reset link (email) or code (phone) to an account (202 either way)',
        body: RecoverRequestSchema,
        response: { 202: Sent, ...errors },
      },
    },
    sendToContact('recovery'),
  );

  app.post(
    '/account/recover/complete',
    {
      schema: {
        tags: ['account'],
        summary: 'Set a new password with the reset link token, or the phone and its code; signs out every device',
        body: CompleteRecoveryRequestSchema,
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      await codes.beforeCheck(request, reply);
      const body = request.body;
      const context = auditContextOf(request);
      if (body.token) {
        const link = await findLink(app.db, 'recovery', body.token);
        const account = link && (await findShopper(app.db, link.userId).catch(() => undefined));
        if (!link || !account?.isActive) throw invalidLink();
        // Judged before the link is used, so a refused password leaves the link working.
        assertStrongPassword(body.password, account);
        const used = await consumeLink(app.db, 'recovery', body.token);
        if (!used) throw invalidLink();
        await setShopperPassword(app.db, account, body.password, 'account.password_reset', context);
        await markVerified(app.db, used, context);
      } else {
        const account = await findShopperByContact(app.db, { phone: body.phone });
        if (!account?.isActive || !body.code) throw invalidCode();
        assertStrongPassword(body.password, account);
        const used = await consumeCode(app.db, { userId: account.id, purpose: 'recovery', code: body.code });
        if (!used) throw invalidCode();
        await setShopperPassword(app.db, account, body.password, 'account.password_reset', context);
        await markVerified(app.db, used, context);
      }
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/account/resend',
    {
      ...shopper,
      schema: {
        tags: ['account'],
        summary: "Send a new verification link (email) or code (phone) to the signed-in shopper's contact",
        body: ResendRequestSchema,
        response: { 202: Sent, ...errors },
      },
    },
    async (request, reply) => {
      const user = await findShopper(app.db, currentUser(request).id);
      const destination = request.body.type === 'verify_email' ? user.email : user.phone;
      const field = request.body.type === 'verify_email' ? 'email' : 'phone';
      if (!destination) {
        throw badRequest(`Your account has no ${field} to verify`, [{ path: 'type', message: `Add a ${field} first` }]);
      }
      await codes.beforeSend(request, reply, destination);
      await sendVerification(app, user, request.body.type, auditContextOf(request));
      return reply.status(202).send({ data: { sent: true } });
    },
  );

  app.post(
    '/account/verify-phone',
    {
      ...shopper,
      schema: {
        tags: ['account'],
        summary: "Confirm the signed-in shopper's phone with the code sent to it",
        body: VerifyPhoneRequestSchema,
        response: { 200: UserEnvelope, ...errors },
      },
    },
    async (request, reply) => {
      await codes.beforeCheck(request, reply);
      const context = auditContextOf(request);
      const userId = currentUser(request).id;
      const row = await consumeCode(app.db, { userId, purpose: 'verify_phone', code: request.body.code });
      const user = row && (await markVerified(app.db, row, context));
      if (!user) throw invalidCode();
      return { data: toShopperUser(user) };
    },
  );

  app.put(
    '/account/user',
    {
      ...shopper,
      schema: {
        tags: ['account'],
        summary: 'Change name, email or phone; a changed contact must be verified again',
        body: UpdateShopperRequestSchema,
        response: { 200: UserEnvelope, 409: ErrorBodySchema, ...errors },
      },
    },
    async (request) => {
      const context = auditContextOf(request);
      const before = await findShopper(app.db, currentUser(request).id);
      const { user, emailChanged, phoneChanged } = await updateShopperProfile(app.db, before, request.body, context);
      if (emailChanged && user.email) await sendVerification(app, user, 'verify_email', context);
      if (phoneChanged && user.phone) await sendVerification(app, user, 'verify_phone', context);
      return { data: toShopperUser(user) };
    },
  );

  app.post(
    '/account/change-password',
    {
      ...shopper,
      schema: {
        tags: ['account'],
        summary: 'Change the password with the current one; every other device is signed out',
        body: ChangeShopperPasswordRequestSchema,
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      const session = currentUser(request);
      const user = await findShopper(app.db, session.id);
      // The lockout of sign-in counts wrong current passwords too (per account key).
      const accountKey = user.email ?? user.phone ?? user.id;
      const attempt = await guard.beforeLogin(request, reply, accountKey);
      if (!(await verifyPassword(user.passwordHash, request.body.currentPassword))) {
        throw badRequest(ACCOUNT_MESSAGES.wrongPassword, [
          { path: 'currentPassword', message: ACCOUNT_MESSAGES.wrongPassword },
        ]);
      }
      await attempt.succeeded();
      assertStrongPassword(request.body.newPassword, user, 'newPassword');
      await setShopperPassword(
        app.db,
        user,
        request.body.newPassword,
        'account.password_changed',
        auditContextOf(request),
        session.sessionId,
      );
      return reply.status(204).send(null);
    },
  );
};
