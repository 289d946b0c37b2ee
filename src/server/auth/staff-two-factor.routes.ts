import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContextOf } from '#server/audit/request-audit-context.ts';
import { raiseSecurityAlert } from '#server/security/security-alerts.service.ts';
import { totpSecretBox } from '#server/two-factor/totp.ts';
import { createTwoFactorGuard } from '#server/two-factor/two-factor-guard.ts';
import { dataEnvelope, ErrorBodySchema } from '#shared/contracts/common.ts';
import {
  STAFF_ENROLMENT_CHALLENGE_SECONDS,
  StaffBackupCodesSchema,
  StaffTwoFactorProofSchema,
  StaffTwoFactorSetupSchema,
  StaffTwoFactorStatusSchema,
  StaffTwoFactorVerifyRequestSchema,
} from '#shared/contracts/staff-two-factor.ts';
import { currentUser } from './authenticate.ts';
import {
  findStaffRow,
  renewBackupCodes,
  type StaffTwoFactorKit,
  setUpTwoFactor,
  turnOffTwoFactor,
  turnOnTwoFactor,
  twoFactorStatus,
} from './staff-two-factor.service.ts';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  409: ErrorBodySchema,
  429: ErrorBodySchema,
};
const StatusEnvelope = dataEnvelope(StaffTwoFactorStatusSchema);

/**
 * `/admin/security/2fa/*` (docs/product.md#staff-two-step-sign-in): the signed-in staff member's
 * own two-step sign-in, on the Security page. Registered in the admin scope (staff only).
 */
export const staffTwoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const kit: StaffTwoFactorKit = {
    box: totpSecretBox(app.secrets.jwtSecret),
    // The same limiter names as the sign-in's second step (auth.routes.ts): one count per staff member.
    guard: createTwoFactorGuard(app, 'staff', STAFF_ENROLMENT_CHALLENGE_SECONDS),
    jwtSecret: app.secrets.jwtSecret,
  };
  const tags = ['admin', 'security'];
  const required = () => app.settings.values.security.two_factor.required_for_admins;
  const me = (request: FastifyRequest) => findStaffRow(app.db, currentUser(request).id);

  app.get(
    '/security/2fa',
    {
      schema: {
        tags,
        summary: 'Whether two-step sign-in is on for me, with the backup codes left',
        response: { 200: StatusEnvelope, ...errors },
      },
    },
    async (request) => ({ data: await twoFactorStatus(app.db, await me(request), required()) }),
  );

  app.post(
    '/security/2fa/setup',
    {
      schema: {
        tags,
        summary: 'Start turning on two-step sign-in: a new secret, its QR code and 10 backup codes (not live yet)',
        response: { 200: dataEnvelope(StaffTwoFactorSetupSchema), ...errors },
      },
    },
    async (request) => ({
      data: await setUpTwoFactor(
        app.db,
        kit.box,
        await me(request),
        app.settings.values.site.shop_name,
        auditContextOf(request),
      ),
    }),
  );

  app.post(
    '/security/2fa/verify',
    {
      schema: {
        tags,
        summary: 'Turn two-step sign-in on with a code from the app; ends my other sessions',
        body: StaffTwoFactorVerifyRequestSchema,
        response: { 200: StatusEnvelope, ...errors },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      await turnOnTwoFactor(
        app.db,
        kit,
        await me(request),
        request.body.token,
        caller.sessionId,
        auditContextOf(request),
      );
      return { data: await twoFactorStatus(app.db, await me(request), required()) };
    },
  );

  app.post(
    '/security/2fa/disable',
    {
      schema: {
        tags,
        summary: 'Turn two-step sign-in off (a current code or the password confirms); alerts every admin',
        body: StaffTwoFactorProofSchema,
        response: { 200: StatusEnvelope, ...errors },
      },
    },
    async (request) => {
      await turnOffTwoFactor(app.db, kit, await me(request), request.body, auditContextOf(request), (alert) =>
        raiseSecurityAlert(app, alert),
      );
      return { data: await twoFactorStatus(app.db, await me(request), required()) };
    },
  );

  app.post(
    '/security/2fa/backup-codes',
    {
      schema: {
        tags,
        summary: 'A new set of 10 backup codes (a current code or the password confirms); the old ones stop working',
        body: StaffTwoFactorProofSchema,
        response: { 200: dataEnvelope(StaffBackupCodesSchema), ...errors },
      },
    },
    async (request) => ({
      data: await renewBackupCodes(app.db, kit, await me(request), request.body, auditContextOf(request)),
    }),
  );
};
