import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '#server/audit/audit.service.ts';
import { auditContextOf } from '#server/audit/request-audit-context.ts';
import { unauthorized } from '#server/errors.ts';
import {
  AUTH_MESSAGES,
  AuthUserSchema,
  ChangePasswordRequestSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  LogoutRequestSchema,
  RefreshRequestSchema,
  UpdateProfileRequestSchema,
} from '#shared/contracts/auth.ts';
import { dataEnvelope, ErrorBodySchema } from '#shared/contracts/common.ts';
import { parseExpiryDuration } from '#shared/duration.ts';
import {
  type AuthSettings,
  changePassword,
  checkCredentials,
  getProfile,
  logout,
  refresh,
  signIn,
  updateProfile,
} from './auth.service.ts';
import { type AuthRateLimits, createAuthGuard } from './auth-limits.ts';
import { currentUser, requireUser } from './authenticate.ts';

const LoginEnvelope = dataEnvelope(LoginResponseSchema);
const UserEnvelope = dataEnvelope(AuthUserSchema);
const NoContent = z.null().describe('No content');
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 429: ErrorBodySchema };

/**
 * `/auth/*` (docs/product.md#auth-endpoints): staff sign in here, and only staff (a shopper's
 * password answers as a wrong one). `POST /auth/register` is served by accounts.routes.ts: it is
 * the shopper sign-up with the login response's shape (decision 018).
 */
export const authRoutes: FastifyPluginAsyncZod<{ limits: AuthRateLimits }> = async (app, options) => {
  const accessTtlMs = parseExpiryDuration(app.config.ACCESS_TOKEN_TTL);
  /** Read at each sign-in: the staff session length is a shop setting (system), changeable at any time. */
  const settings = (): AuthSettings => ({
    jwtSecret: app.secrets.jwtSecret,
    accessTtlMs,
    sessionLifeMs: parseExpiryDuration(app.settings.values.system.staff_session_length),
  });
  const guard = createAuthGuard(app, options.limits);
  const signedIn = { onRequest: requireUser(app) };

  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: LoginRequestSchema,
        response: { 200: LoginEnvelope, ...errors },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const attempt = await guard.beforeLogin(request, reply, email);
      const user = await checkCredentials(app.db, email, password);
      if (!user) {
        await recordAudit(app.db, {
          context: auditContextOf(request),
          actor: { email },
          action: 'auth.login_failed',
          status: 'failure',
          entityType: 'user',
        });
        throw unauthorized(AUTH_MESSAGES.invalidCredentials);
      }
      await attempt.succeeded();
      return { data: await signIn(app.db, settings(), user, auditContextOf(request)) };
    },
  );

  app.post(
    '/auth/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'Exchange a refresh token for a new token pair (single use)',
        body: RefreshRequestSchema,
        response: { 200: LoginEnvelope, ...errors },
      },
    },
    async (request) => ({
      data: await refresh(app.db, settings(), request.body.refreshToken, auditContextOf(request)),
    }),
  );

  app.post(
    '/auth/logout',
    {
      ...signedIn,
      schema: {
        tags: ['auth'],
        summary: 'Sign out this session',
        // A POST without a body reaches validation as null.
        body: LogoutRequestSchema.nullable(),
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      await logout(app.db, currentUser(request), request.body?.refreshToken, auditContextOf(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/auth/me',
    {
      ...signedIn,
      schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: UserEnvelope, ...errors } },
    },
    async (request) => ({ data: await getProfile(app.db, currentUser(request).id) }),
  );

  app.put(
    '/auth/me',
    {
      ...signedIn,
      schema: {
        tags: ['auth'],
        summary: 'Update name and avatar',
        body: UpdateProfileRequestSchema,
        response: { 200: UserEnvelope, ...errors },
      },
    },
    async (request) => ({
      data: await updateProfile(app.db, currentUser(request).id, request.body, auditContextOf(request)),
    }),
  );

  app.post(
    '/auth/change-password',
    {
      ...signedIn,
      schema: {
        tags: ['auth'],
        summary: 'Change the password; signs out every other session',
        body: ChangePasswordRequestSchema,
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      await changePassword(app.db, currentUser(request), request.body, auditContextOf(request));
      return reply.status(204).send(null);
    },
  );
};
