import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '#server/audit/request-audit-context.ts';
import type { AuthSettings } from '#server/auth/auth.service.ts';
import type { createAuthGuard } from '#server/auth/auth-limits.ts';
import { currentUser, optionalShopper, requireShopper } from '#server/auth/authenticate.ts';
import {
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
import { changeShopperPassword, findShopper } from './accounts.service.ts';
import {
  changeShopperProfile,
  confirmEmailLink,
  confirmPhone,
  resendVerification,
  verificationDestination,
} from './contact-change.service.ts';
import { completeRecovery, sendCodeToContact, signInWithCode } from './recovery.service.ts';
import { toShopperUser } from './shopper-sessions.ts';
import type { AccountCodeLimits } from './verification.service.ts';
import { accountMessenger, createCodeGuard } from './verification-delivery.ts';

const Sent = dataEnvelope(SentSchema);
const UserEnvelope = dataEnvelope(ShopperUserSchema);
const NoContent = z.null().describe('No content');
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 429: ErrorBodySchema };

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
  const messenger = accountMessenger(app);
  const shopper = { onRequest: requireShopper(app) };

  /**
   * POST /account/otp and /account/recover: limited per address and destination, then 202 at once;
   * the lookup and the send run after the answer (recovery.service.ts sendCodeToContact), so
   * neither the answer nor its timing says whether an account exists.
   */
  const sendToContact = (
    purpose: 'sign_in' | 'recovery',
    contact: OtpRequest,
    request: FastifyRequest,
    reply: FastifyReply,
  ) => {
    const context = auditContextOf(request);
    messenger.later(`account.${purpose}`, () => sendCodeToContact(app.db, messenger, purpose, contact, context));
    return reply.status(202).send({ data: { sent: true as const } });
  };

  app.post(
    '/account/otp',
    {
      preHandler: codes.sendLimit,
      schema: {
        tags: ['account'],
        summary: 'Send a sign-in code to the email or phone of an account (202 either way)',
        body: OtpRequestSchema,
        response: { 202: Sent, ...errors },
      },
    },
    async (request, reply) => sendToContact('sign_in', request.body, request, reply),
  );

  app.post(
    '/account/verify',
    {
      preHandler: codes.checkLimit,
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
    async (request) => {
      const body = request.body;
      const context = auditContextOf(request);
      if (body.type === 'email_link') {
        const session = await optionalShopper(app, request);
        const signedIn = session && { userId: session.id, sessionId: session.sessionId };
        return { data: { user: toShopperUser(await confirmEmailLink(app.db, body.token, context, signedIn)) } };
      }
      return { data: await signInWithCode(app.db, settings, body, context) };
    },
  );

  app.post(
    '/account/recover',
    {
      preHandler: codes.sendLimit,
      schema: {
        tags: ['account'],
        summary: 'Send a password reset link (email) or code (phone) to an account (202 either way)',
        body: RecoverRequestSchema,
        response: { 202: Sent, ...errors },
      },
    },
    async (request, reply) => sendToContact('recovery', request.body, request, reply),
  );

  app.post(
    '/account/recover/complete',
    {
      preHandler: codes.checkLimit,
      schema: {
        tags: ['account'],
        summary: 'Set a new password with the reset link token, or the phone and its code; signs out every device',
        body: CompleteRecoveryRequestSchema,
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      await completeRecovery(app.db, request.body, auditContextOf(request));
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
      const { user, destination } = await verificationDestination(app.db, currentUser(request).id, request.body.type);
      await codes.beforeSend(request, reply, destination);
      await resendVerification(messenger, user, request.body.type, auditContextOf(request));
      return reply.status(202).send({ data: { sent: true } });
    },
  );

  app.post(
    '/account/verify-phone',
    {
      ...shopper,
      preHandler: codes.checkLimit,
      schema: {
        tags: ['account'],
        summary: "Confirm the signed-in shopper's phone with the code sent to it",
        body: VerifyPhoneRequestSchema,
        response: { 200: UserEnvelope, ...errors },
      },
    },
    async (request) => {
      const session = currentUser(request);
      const user = await confirmPhone(
        app.db,
        { userId: session.id, sessionId: session.sessionId },
        request.body.code,
        auditContextOf(request),
      );
      return { data: toShopperUser(user) };
    },
  );

  app.put(
    '/account/user',
    {
      ...shopper,
      schema: {
        tags: ['account'],
        summary: 'Change name, email or phone; a contact change needs current_password and is verified again',
        body: UpdateShopperRequestSchema,
        response: { 200: UserEnvelope, 409: ErrorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await findShopper(app.db, currentUser(request).id);
      // A contact change checks the password under the sign-in lockout, as change-password does.
      const accountKey = user.email ?? user.phone ?? user.id;
      const lockout = {
        before: () => guard.beforeLogin(request, reply, accountKey),
      };
      const updated = await changeShopperProfile(
        app.db,
        messenger,
        user,
        request.body,
        auditContextOf(request),
        lockout,
      );
      return { data: toShopperUser(updated) };
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
      const lockout = {
        before: () => guard.beforeLogin(request, reply, accountKey),
      };
      await changeShopperPassword(app.db, user, request.body, session.sessionId, auditContextOf(request), lockout);
      return reply.status(204).send(null);
    },
  );
};
