import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '#server/audit/request-audit-context.ts';
import { currentUser } from '#server/auth/authenticate.ts';
import {
  cancelInvitation,
  inviteStaff,
  listPendingInvitations,
  resendInvitation,
} from '#server/staff/staff-invitations.service.ts';
import {
  afterStaffChange,
  invitationLimiter,
  invitationMailSettings,
  withinInvitationLimit,
} from '#server/staff/staff-requests.ts';
import { AdminUsersQuerySchema, UserStatusRequestSchema } from '#shared/contracts/auth.ts';
import { dataEnvelope, ErrorBodySchema, IdSchema, paginatedEnvelope } from '#shared/contracts/common.ts';
import {
  InviteStaffRequestSchema,
  StaffInvitationSchema,
  StaffMemberSchema,
  UpdateStaffRequestSchema,
} from '#shared/contracts/staff.ts';
import { listUsers, removeStaff, setUserStatus, updateStaff } from './admin-users.service.ts';

const MemberEnvelope = dataEnvelope(StaffMemberSchema);
const InvitationEnvelope = dataEnvelope(StaffInvitationSchema);
const NoContent = z.null().describe('No content');
const params = z.object({ id: IdSchema });
const errors = { 400: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };

/**
 * Staff accounts (docs/product.md#staff-accounts), inside the admin scope: the list, invitations,
 * edits, removal and status. Handlers are thin: the services (admin-users.service.ts,
 * staff/staff-invitations.service.ts) check and change under the staff lock and store the alert;
 * `afterStaffChange` announces it once committed.
 */
export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const limiter = invitationLimiter(app);

  app.get(
    '/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'List staff accounts (status, two-step sign-in, last sign-in and its address)',
        querystring: AdminUsersQuerySchema,
        response: { 200: paginatedEnvelope(StaffMemberSchema), 400: ErrorBodySchema },
      },
    },
    (request) => listUsers(app.db, request.query),
  );

  app.post(
    '/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'Invite a staff member by email (a link valid 72 hours, used once)',
        body: InviteStaffRequestSchema,
        response: { 201: InvitationEnvelope, ...errors, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const change = await withinInvitationLimit(limiter, actor.id, () =>
        inviteStaff(
          app.db,
          actor,
          request.body,
          invitationMailSettings(app, request),
          auditContextOf(request),
          app.clock.now(),
        ),
      );
      await afterStaffChange(app, change, { mailQueued: true });
      return reply.status(201).send({ data: change.result });
    },
  );

  app.get(
    '/users/invitations',
    {
      schema: {
        tags: ['admin'],
        summary: 'Pending staff invitations (not accepted, not expired)',
        response: { 200: dataEnvelope(z.array(StaffInvitationSchema)) },
      },
    },
    async () => ({ data: await listPendingInvitations(app.db, app.clock.now()) }),
  );

  app.post(
    '/users/invitations/:id/resend',
    {
      schema: {
        tags: ['admin'],
        summary: 'Send an invitation again with a new link (the old link stops working)',
        params,
        response: { 200: InvitationEnvelope, ...errors, 429: ErrorBodySchema },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const change = await withinInvitationLimit(limiter, actor.id, () =>
        resendInvitation(
          app.db,
          actor,
          request.params.id,
          invitationMailSettings(app, request),
          auditContextOf(request),
          app.clock.now(),
        ),
      );
      await afterStaffChange(app, change, { mailQueued: true });
      return { data: change.result };
    },
  );

  app.delete(
    '/users/invitations/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Cancel a staff invitation (its link stops working)',
        params,
        response: { 204: NoContent, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const change = await cancelInvitation(app.db, currentUser(request), request.params.id, auditContextOf(request));
      await afterStaffChange(app, change);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/users/:id',
    {
      schema: {
        tags: ['admin'],
        summary: "Edit a staff member's name and role",
        params,
        body: UpdateStaffRequestSchema,
        response: { 200: MemberEnvelope, ...errors },
      },
    },
    async (request) => {
      const change = await updateStaff(
        app.db,
        currentUser(request),
        request.params.id,
        request.body,
        auditContextOf(request),
      );
      await afterStaffChange(app, change);
      return { data: change.result };
    },
  );

  app.delete(
    '/users/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Remove a staff member (their sessions end at once; their audit entries keep their name)',
        params,
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      const change = await removeStaff(app.db, currentUser(request), request.params.id, auditContextOf(request));
      await afterStaffChange(app, change, { sessionsEnded: true });
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/users/:id/status',
    {
      schema: {
        tags: ['admin'],
        summary: 'Enable or disable an account (disabling signs it out everywhere)',
        params,
        body: UserStatusRequestSchema,
        response: { 200: MemberEnvelope, ...errors },
      },
    },
    async (request) => {
      const change = await setUserStatus(
        app.db,
        currentUser(request),
        request.params.id,
        request.body.is_active,
        auditContextOf(request),
      );
      await afterStaffChange(app, change, { sessionsEnded: !request.body.is_active });
      return { data: change.result };
    },
  );
};
