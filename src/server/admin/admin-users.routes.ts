import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '#server/audit/request-audit-context.ts';
import { currentUser } from '#server/auth/authenticate.ts';
import { AdminUsersQuerySchema, AuthUserSchema, UserStatusRequestSchema } from '#shared/contracts/auth.ts';
import { dataEnvelope, ErrorBodySchema, IdSchema, paginatedEnvelope } from '#shared/contracts/common.ts';
import { listUsers, setUserStatus } from './admin-users.service.ts';

/** `GET /admin/users`, `PUT /admin/users/{id}/status` (docs/product.md#admin-endpoints); inside the admin scope. */
export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'List user accounts',
        querystring: AdminUsersQuerySchema,
        response: { 200: paginatedEnvelope(AuthUserSchema), 400: ErrorBodySchema },
      },
    },
    (request) => listUsers(app.db, request.query),
  );

  app.put(
    '/users/:id/status',
    {
      schema: {
        tags: ['admin'],
        summary: 'Enable or disable an account (disabling signs it out everywhere)',
        params: z.object({ id: IdSchema }),
        body: UserStatusRequestSchema,
        response: {
          200: dataEnvelope(AuthUserSchema),
          400: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (request) => ({
      data: await setUserStatus(
        app.db,
        currentUser(request),
        request.params.id,
        request.body.is_active,
        auditContextOf(request),
      ),
    }),
  );
};
