import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '#server/audit/request-audit-context.ts';
import { refuseIfLimited } from '#server/plugins/rate-limiter.ts';
import { dataEnvelope, ErrorBodySchema } from '#shared/contracts/common.ts';
import {
  AcceptInvitationRequestSchema,
  InvitationPreviewSchema,
  InvitationTokenSchema,
  STAFF_MESSAGES,
  StaffMemberSchema,
} from '#shared/contracts/staff.ts';
import { withRetryWait } from '#shared/retry-wait.ts';
import { acceptInvitation, previewInvitation } from './staff-invitations.service.ts';
import { afterStaffChange, invitationCheckLimiter } from './staff-requests.ts';

const errors = { 400: ErrorBodySchema, 404: ErrorBodySchema, 410: ErrorBodySchema, 429: ErrorBodySchema };

/**
 * The invitation link's two public calls (docs/product.md#staff-accounts), beside `/auth/*`: no
 * session, the token is the credential. Each is counted per client address before the token is
 * looked up, so the links cannot be guessed at speed.
 */
export const staffInvitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const checks = invitationCheckLimiter(app);
  const checkLimit = {
    preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
      const result = await checks.hit(request.ip);
      refuseIfLimited(result, reply, withRetryWait(STAFF_MESSAGES.tooManyChecks, result.retryAfterSeconds));
    },
  };

  app.get(
    '/auth/invitations/:token',
    {
      ...checkLimit,
      schema: {
        tags: ['auth'],
        summary: 'Who an invitation link is for, as what, until when (and the password rules)',
        params: z.object({ token: InvitationTokenSchema }),
        response: { 200: dataEnvelope(InvitationPreviewSchema), ...errors },
      },
    },
    async (request) => ({
      data: await previewInvitation(
        app.db,
        request.params.token,
        app.settings.values.security.password_policy,
        app.clock.now(),
      ),
    }),
  );

  app.post(
    '/auth/invitations/accept',
    {
      ...checkLimit,
      schema: {
        tags: ['auth'],
        summary: 'Accept a staff invitation: set the password, the account is made (then sign in)',
        body: AcceptInvitationRequestSchema,
        response: { 201: dataEnvelope(StaffMemberSchema), ...errors, 409: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const change = await acceptInvitation(
        app.db,
        request.body,
        app.settings.values.security.password_policy,
        auditContextOf(request),
        app.clock.now(),
      );
      await afterStaffChange(app, change);
      return reply.status(201).send({ data: change.result });
    },
  );
};
