import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '#server/audit/request-audit-context.ts';
import type { AuthSettings } from '#server/auth/auth.service.ts';
import { type AuthRateLimits, createAuthGuard } from '#server/auth/auth-limits.ts';
import { currentUser, requireShopper } from '#server/auth/authenticate.ts';
import { revokeFamily, revokeUserSessions } from '#server/auth/sessions.service.ts';
import { unauthorized } from '#server/errors.ts';
import {
  ACCOUNT_MESSAGES,
  LogoutRequestSchema,
  ShopperUserSchema,
  SignInResultSchema,
  SignUpRequestSchema,
  TokenRequestSchema,
} from '#shared/contracts/accounts.ts';
import { LoginResponseSchema, RegisterRequestSchema } from '#shared/contracts/auth.ts';
import { dataEnvelope, ErrorBodySchema } from '#shared/contracts/common.ts';
import { parseExpiryDuration } from '#shared/duration.ts';
import { accountCodeRoutes } from './account-codes.routes.ts';
import { checkShopperCredentials, findShopper } from './accounts.service.ts';
import { refreshShopperSession, toShopperUser } from './shopper-sessions.ts';
import { signInResultFor } from './sign-in-result.ts';
import { registerResponse, signUpAndSendVerification } from './sign-up.service.ts';
import type { AccountCodeLimits } from './verification.service.ts';
import { accountMessenger } from './verification-delivery.ts';

const ResultEnvelope = dataEnvelope(SignInResultSchema);
const LoginEnvelope = dataEnvelope(LoginResponseSchema);
const UserEnvelope = dataEnvelope(ShopperUserSchema);
const NoContent = z.null().describe('No content');
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 429: ErrorBodySchema };

/**
 * Shopper accounts (docs/product.md#shopper-accounts, decision 013): sign-up and sign-in by email or
 * phone, under /account. Sessions here have the `shopper` audience and never open /admin. Also
 * `POST /auth/register` of the spec: the same shopper sign-up in the login response's shape
 * (decision 018), so no account is ever made that skips the shopper rules.
 */
export const accountRoutes: FastifyPluginAsyncZod<{
  limits: AuthRateLimits;
  codeLimits: AccountCodeLimits;
}> = async (app, options) => {
  const settings: AuthSettings = {
    jwtSecret: app.secrets.jwtSecret,
    accessTtlMs: parseExpiryDuration(app.config.ACCESS_TOKEN_TTL),
    sessionLifeMs: parseExpiryDuration(app.config.JWT_EXPIRES_IN),
  };
  const guard = createAuthGuard(app, options.limits);
  const shopper = { onRequest: requireShopper(app) };
  const messenger = accountMessenger(app);
  await app.register(accountCodeRoutes, { settings, guard, codeLimits: options.codeLimits });

  app.post(
    '/account/signup',
    {
      preHandler: guard.beforeRegister,
      schema: {
        tags: ['account'],
        summary: 'Create a shopper account with an email or phone and a password, and sign it in',
        body: SignUpRequestSchema,
        response: { 201: ResultEnvelope, 409: ErrorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const context = auditContextOf(request);
      const user = await signUpAndSendVerification(app.db, messenger, request.body, context);
      return reply.status(201).send({ data: await signInResultFor(app.db, settings, user, context) });
    },
  );

  app.post(
    '/auth/register',
    {
      preHandler: guard.beforeRegister,
      schema: {
        tags: ['auth'],
        summary:
          'The shopper sign-up (same rules as POST /account/signup) answered in the login shape; the session is a shopper one',
        body: RegisterRequestSchema,
        response: { 201: LoginEnvelope, 409: ErrorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const context = auditContextOf(request);
      const user = await signUpAndSendVerification(app.db, messenger, request.body, context);
      return reply.status(201).send({ data: await registerResponse(app.db, settings, user, context) });
    },
  );

  app.post(
    '/account/token',
    {
      schema: {
        tags: ['account'],
        summary: 'Sign in with a password, or exchange a refresh token (single use) for a new session',
        body: TokenRequestSchema,
        response: { 200: ResultEnvelope, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const context = auditContextOf(request);
      if (body.grant_type === 'refresh_token') {
        const session = await refreshShopperSession(app.db, settings, body.refresh_token, context);
        return { data: { session, mfa_challenge: null } };
      }
      // The lockout counts per account key: the email, else the phone.
      const accountKey = body.email ?? body.phone ?? '';
      const attempt = await guard.beforeLogin(request, reply, accountKey);
      const user = await checkShopperCredentials(app.db, body, body.password);
      if (!user) throw unauthorized(ACCOUNT_MESSAGES.invalidCredentials);
      await attempt.succeeded();
      return { data: await signInResultFor(app.db, settings, user, context) };
    },
  );

  app.get(
    '/account/user',
    {
      ...shopper,
      schema: { tags: ['account'], summary: 'The signed-in shopper', response: { 200: UserEnvelope, ...errors } },
    },
    async (request) => ({ data: toShopperUser(await findShopper(app.db, currentUser(request).id)) }),
  );

  app.post(
    '/account/logout',
    {
      ...shopper,
      schema: {
        tags: ['account'],
        summary: 'Sign out this device (scope local) or every device (scope global)',
        body: LogoutRequestSchema.nullable(),
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (request.body?.scope === 'global') await revokeUserSessions(app.db, user.id);
      else await revokeFamily(app.db, user.sessionId);
      return reply.status(204).send(null);
    },
  );
};
