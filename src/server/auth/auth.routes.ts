import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '#server/audit/audit.service.ts';
import { auditContextOf } from '#server/audit/request-audit-context.ts';
import { unauthorized } from '#server/errors.ts';
import { raiseSecurityAlert } from '#server/security/security-alerts.service.ts';
import { signChallengeToken } from '#server/two-factor/challenge-token.ts';
import { totpSecretBox } from '#server/two-factor/totp.ts';
import { createTwoFactorGuard } from '#server/two-factor/two-factor-guard.ts';
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
import {
  STAFF_CHALLENGE_SECONDS,
  STAFF_ENROLMENT_CHALLENGE_SECONDS,
  StaffEnrolmentSetupRequestSchema,
  StaffEnrolmentVerifyRequestSchema,
  StaffLoginAnswerSchema,
  StaffSecondStepRequestSchema,
  StaffTwoFactorSetupSchema,
} from '#shared/contracts/staff-two-factor.ts';
import { parseExpiryDuration } from '#shared/duration.ts';
import {
  type AuthSettings,
  changePassword,
  checkCredentials,
  getProfile,
  logout,
  refresh,
  type StaffSessionRules,
  signIn,
  updateProfile,
} from './auth.service.ts';
import { type AuthRateLimits, createAuthGuard } from './auth-limits.ts';
import { currentUser, requireUser } from './authenticate.ts';
import {
  enrollingStaff,
  finishEnrolment,
  passSecondStep,
  type StaffTwoFactorKit,
  setUpTwoFactor,
} from './staff-two-factor.service.ts';

const LoginEnvelope = dataEnvelope(LoginResponseSchema);
const LoginAnswerEnvelope = dataEnvelope(StaffLoginAnswerSchema);
const UserEnvelope = dataEnvelope(AuthUserSchema);
const NoContent = z.null().describe('No content');
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 429: ErrorBodySchema };
const stepErrors = { ...errors, 409: ErrorBodySchema };

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
  /**
   * The security configuration's session switches, read at each request from the settings in
   * memory (docs/product.md#staff-sessions), with the business time and the alerts.
   */
  const rules = (): StaffSessionRules => {
    const { sessions, monitoring } = app.settings.values.security;
    return {
      maxSessions: sessions.max_sessions_per_admin,
      idleTimeoutMs: sessions.admin_idle_timeout_minutes * 60_000,
      alertOnNewAddress: monitoring.alert_on_new_ip,
      now: app.clock.now(),
      raiseAlert: (alert) => raiseSecurityAlert(app, alert),
    };
  };
  const guard = createAuthGuard(app, options.limits);
  const twoFactor: StaffTwoFactorKit = {
    box: totpSecretBox(app.secrets.jwtSecret),
    guard: createTwoFactorGuard(app, 'staff', STAFF_ENROLMENT_CHALLENGE_SECONDS),
    jwtSecret: app.secrets.jwtSecret,
  };
  const signedIn = { onRequest: requireUser(app) };
  const stepContext = (request: FastifyRequest) => ({ ...auditContextOf(request), ip: request.ip });

  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Sign in with email and password: a session, or a challenge for the two-step code (or for turning two-step sign-in on, when required)',
        body: LoginRequestSchema,
        response: { 200: LoginAnswerEnvelope, ...errors },
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
        await attempt.failed();
        throw unauthorized(AUTH_MESSAGES.invalidCredentials);
      }
      await attempt.succeeded();
      // docs/product.md#staff-two-step-sign-in: the password alone opens no session when two-step
      // sign-in is on (a code comes next) or required and not on yet (turning it on comes next).
      if (user.twoFactorEnabledAt) {
        const challenge = await signChallengeToken('staff', user.id, app.secrets.jwtSecret, STAFF_CHALLENGE_SECONDS);
        return {
          data: { two_factor_required: true as const, challenge_token: challenge, expires_in: STAFF_CHALLENGE_SECONDS },
        };
      }
      if (app.settings.values.security.two_factor.required_for_admins) {
        const challenge = await signChallengeToken(
          'staffEnrolment',
          user.id,
          app.secrets.jwtSecret,
          STAFF_ENROLMENT_CHALLENGE_SECONDS,
        );
        return {
          data: {
            two_factor_enrolment_required: true as const,
            challenge_token: challenge,
            expires_in: STAFF_ENROLMENT_CHALLENGE_SECONDS,
          },
        };
      }
      return { data: await signIn(app.db, settings(), user, auditContextOf(request), rules()) };
    },
  );

  app.post(
    '/auth/login/two-factor',
    {
      schema: {
        tags: ['auth'],
        summary: 'Second step of a staff sign-in: the authenticator code or a backup code for the challenge',
        body: StaffSecondStepRequestSchema,
        response: { 200: LoginEnvelope, ...stepErrors },
      },
    },
    async (request) => {
      const context = stepContext(request);
      const user = await passSecondStep(app.db, twoFactor, request.body, context);
      return { data: await signIn(app.db, settings(), user, context, rules()) };
    },
  );

  app.post(
    '/auth/login/two-factor/setup',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign-in that must turn two-step sign-in on: a new secret, its QR code and the backup codes',
        body: StaffEnrolmentSetupRequestSchema,
        response: { 200: dataEnvelope(StaffTwoFactorSetupSchema), ...stepErrors },
      },
    },
    async (request) => {
      const { user, context } = await enrollingStaff(
        app.db,
        twoFactor,
        request.body.challenge_token,
        stepContext(request),
      );
      return {
        data: await setUpTwoFactor(app.db, twoFactor.box, user, app.settings.values.site.shop_name, context),
      };
    },
  );

  app.post(
    '/auth/login/two-factor/enrol',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign-in that must turn two-step sign-in on: a code from the app turns it on and starts the session',
        body: StaffEnrolmentVerifyRequestSchema,
        response: { 200: LoginEnvelope, ...stepErrors },
      },
    },
    async (request) => {
      const context = stepContext(request);
      const user = await finishEnrolment(app.db, twoFactor, request.body, context);
      return { data: await signIn(app.db, settings(), user, context, rules()) };
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
      data: await refresh(app.db, settings(), request.body.refreshToken, auditContextOf(request), rules()),
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
      await changePassword(
        app.db,
        currentUser(request),
        request.body,
        auditContextOf(request),
        app.settings.values.security.password_policy,
      );
      return reply.status(204).send(null);
    },
  );
};
