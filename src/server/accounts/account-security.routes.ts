import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '#server/audit/request-audit-context.ts';
import type { AuthSettings } from '#server/auth/auth.service.ts';
import { currentUser, requireShopper } from '#server/auth/authenticate.ts';
import { notFound } from '#server/errors.ts';
import { totpSecretBox } from '#server/two-factor/totp.ts';
import { createTwoFactorGuard } from '#server/two-factor/two-factor-guard.ts';
import {
  AccountDeviceSchema,
  AccountIdParamsSchema,
  BackupCodesSchema,
  FactorCodeRequestSchema,
  MfaVerifyRequestSchema,
  ReauthRequestSchema,
  SignInResultSchema,
  TotpEnrolmentSchema,
} from '#shared/contracts/accounts.ts';
import { dataEnvelope, ErrorBodySchema } from '#shared/contracts/common.ts';
import { parseExpiryDuration } from '#shared/duration.ts';
import { deleteAccount } from './account-deletion.service.ts';
import { findShopper } from './accounts.service.ts';
import { listDevices, signOutDevice } from './devices.service.ts';
import { MFA_TOKEN_TTL_SECONDS } from './mfa-token.ts';
import {
  confirmEnrolment,
  confirmIdentity,
  disableTwoFactor,
  finishTwoStepSignIn,
  regenerateBackupCodes,
  startEnrolment,
} from './two-factor.service.ts';

const NoContent = z.null().describe('No content');
const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  429: ErrorBodySchema,
};

/**
 * The account's security (docs/product.md#two-step-sign-in, docs/product.md#account-area):
 * two-step sign-in (TOTP and backup codes), the second step of a sign-in, signed-in devices and
 * deleting the account.
 */
export const accountSecurityRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings: AuthSettings = {
    jwtSecret: app.secrets.jwtSecret,
    accessTtlMs: parseExpiryDuration(app.config.ACCESS_TOKEN_TTL),
    sessionLifeMs: parseExpiryDuration(app.config.JWT_EXPIRES_IN),
  };
  const guard = createTwoFactorGuard(app, 'shopper', MFA_TOKEN_TTL_SECONDS);
  // Authenticator secrets are sealed under a key derived from the instance secret (totp.ts).
  const box = totpSecretBox(app.secrets.jwtSecret);
  const shopper = { onRequest: requireShopper(app) };
  const tags = ['account'];

  app.post(
    '/account/mfa/verify',
    {
      schema: {
        tags,
        summary: 'Second step of a sign-in: the authenticator code or a backup code for the challenge',
        body: MfaVerifyRequestSchema,
        response: { 200: dataEnvelope(SignInResultSchema), ...errors },
      },
    },
    async (request) => {
      const session = await finishTwoStepSignIn(app.db, box, guard, settings, request.body, {
        ...auditContextOf(request),
        ip: request.ip,
      });
      return { data: { session, mfa_challenge: null } };
    },
  );

  app.post(
    '/account/factors',
    {
      ...shopper,
      schema: {
        tags,
        summary: 'Start turning on two-step sign-in: a new secret, its otpauth URI and QR code',
        response: { 200: dataEnvelope(TotpEnrolmentSchema), ...errors },
      },
    },
    async (request) => {
      const user = await findShopper(app.db, currentUser(request).id);
      return { data: await startEnrolment(app.db, box, user, app.settings.values.site.shop_name) };
    },
  );

  app.post(
    '/account/factors/verify',
    {
      ...shopper,
      schema: {
        tags,
        summary: 'Finish turning on two-step sign-in with a code; answers the 10 backup codes once',
        body: FactorCodeRequestSchema,
        response: { 200: dataEnvelope(BackupCodesSchema), ...errors },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      const user = await findShopper(app.db, caller.id);
      const codes = await confirmEnrolment(
        app.db,
        box,
        guard,
        user,
        request.body.code,
        caller.sessionId,
        auditContextOf(request),
      );
      return { data: { backup_codes: codes } };
    },
  );

  app.post(
    '/account/factors/backup-codes',
    {
      ...shopper,
      schema: {
        tags,
        summary: 'A new set of backup codes (the password or a code confirms); the old ones stop working',
        body: ReauthRequestSchema,
        response: { 200: dataEnvelope(BackupCodesSchema), ...errors },
      },
    },
    async (request) => {
      const user = await findShopper(app.db, currentUser(request).id);
      await confirmIdentity(app.db, box, guard, user, request.body);
      return { data: { backup_codes: await regenerateBackupCodes(app.db, user, auditContextOf(request)) } };
    },
  );

  app.delete(
    '/account/factors',
    {
      ...shopper,
      schema: {
        tags,
        summary: 'Turn two-step sign-in off (the password or a code confirms)',
        body: ReauthRequestSchema,
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      const user = await findShopper(app.db, currentUser(request).id);
      await confirmIdentity(app.db, box, guard, user, request.body);
      await disableTwoFactor(app.db, user, auditContextOf(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/account/sessions',
    {
      ...shopper,
      schema: {
        tags,
        summary: "The account's signed-in devices (live sessions), the caller's marked current",
        response: { 200: dataEnvelope(z.array(AccountDeviceSchema)), ...errors },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      return { data: await listDevices(app.db, caller.id, caller.sessionId) };
    },
  );

  app.delete(
    '/account/sessions/:id',
    {
      ...shopper,
      schema: {
        tags,
        summary: 'Sign one device out',
        params: AccountIdParamsSchema,
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      if (!(await signOutDevice(app.db, currentUser(request).id, request.params.id))) throw notFound('Device');
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/account',
    {
      ...shopper,
      schema: {
        tags,
        summary: 'Delete my account (the password or a code confirms); orders stay, anonymised',
        body: ReauthRequestSchema,
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      const user = await findShopper(app.db, currentUser(request).id);
      await confirmIdentity(app.db, box, guard, user, request.body);
      await deleteAccount(app.db, user);
      return reply.status(204).send(null);
    },
  );
};
