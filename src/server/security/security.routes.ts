import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '#server/audit/request-audit-context.ts';
import { AppError } from '#server/errors.ts';
import { paramsNotFound } from '#server/plugins/params-not-found.ts';
import { dataEnvelope, ErrorBodySchema, paginatedEnvelope } from '#shared/contracts/common.ts';
import {
  AllowlistEntryRequestSchema,
  AllowlistEntrySchema,
  AllowlistSchema,
  SECURITY_MESSAGES,
  SecurityAlertListQuerySchema,
  SecurityAlertSchema,
  SecurityConfigSchema,
} from '#shared/contracts/security.ts';
import { SecurityConfigPatchSchema } from '#shared/contracts/settings.ts';
import {
  addAllowlistEntry,
  assertAllowlistAdmits,
  listAllowlist,
  removeAllowlistEntry,
} from './ip-allowlist.service.ts';
import { listSecurityAlerts, raiseSecurityAlert, resolveSecurityAlert } from './security-alerts.service.ts';
import { describeSecurityChange, type SecurityConfigChange } from './security-config.service.ts';

const errors = { 400: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };

const entryNotFound = () => new AppError(404, 'NOT_FOUND', SECURITY_MESSAGES.entryNotFound);
const alertNotFound = () => new AppError(404, 'NOT_FOUND', SECURITY_MESSAGES.alertNotFound);
const IdParams = z.object({ id: z.uuid() });

/**
 * `/admin/security/*` (docs/product.md#security-configuration, #address-allowlist,
 * #security-alerts), in the admin scope: the security configuration (stored as the `security`
 * settings section), the address allowlist and the security alerts. Staff two-step sign-in
 * (`/admin/security/2fa/*`) lives with the staff sign-in.
 */
export const securityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/security/config',
    {
      schema: {
        tags: ['admin'],
        summary:
          'The security configuration: two-step requirement, password policy, sessions, lockout, allowlist, alerts, audit retention',
        response: { 200: dataEnvelope(SecurityConfigSchema) },
      },
    },
    async () => ({ data: (await app.settings.fresh()).values.security }),
  );

  app.put(
    '/security/config',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Change the security configuration (fields left out are kept); turning the allowlist on without your own address is refused (409)',
        body: SecurityConfigPatchSchema,
        response: { 200: dataEnvelope(SecurityConfigSchema), 400: ErrorBodySchema, 409: ErrorBodySchema },
      },
    },
    async (request) => {
      let change: SecurityConfigChange | null = null;
      const saved = await app.settings.save(
        { security: request.body },
        auditContextOf(request),
        false,
        async (tx, next, current) => {
          const before = current.values.security;
          const after = next.values.security;
          // Under the settings lock, which allowlist removals take too: the entries read here stand.
          if (after.ip_allowlist.enabled && !before.ip_allowlist.enabled) await assertAllowlistAdmits(tx, request.ip);
          change = describeSecurityChange(before, after);
        },
      );
      const described = change as SecurityConfigChange | null;
      if (described) {
        await raiseSecurityAlert(app, {
          type: 'security',
          severity: described.severity,
          title: described.title,
          description: `${described.description} By ${request.user?.email ?? 'a staff member'}.`,
          ipAddress: request.ip,
          userId: request.user?.id ?? null,
        });
      }
      return { data: saved.values.security };
    },
  );

  app.get(
    '/security/ip-whitelist',
    {
      schema: {
        tags: ['admin'],
        summary: 'The address allowlist, and the address this request comes from (your_ip)',
        response: { 200: dataEnvelope(AllowlistSchema) },
      },
    },
    async (request) => ({ data: { entries: await listAllowlist(app.db), your_ip: request.ip } }),
  );

  app.post(
    '/security/ip-whitelist',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add an address or CIDR range to the allowlist (stored normalised; 409 if listed)',
        body: AllowlistEntryRequestSchema,
        response: { 201: dataEnvelope(AllowlistEntrySchema), ...errors },
      },
    },
    async (request, reply) => {
      // Under the settings lock: the list's size is counted exactly (ALLOWLIST_MAX_ENTRIES).
      const entry = await app.settings.locked((tx) => addAllowlistEntry(tx, request.body, auditContextOf(request)));
      return reply.status(201).send({ data: entry });
    },
  );

  app.delete(
    '/security/ip-whitelist/:id',
    {
      ...paramsNotFound(entryNotFound),
      schema: {
        tags: ['admin'],
        summary: 'Remove an allowlist entry; refused (409) while the list is on if it is the one letting you in',
        params: IdParams,
        response: { 204: z.null().describe('Removed'), ...errors },
      },
    },
    async (request, reply) => {
      await app.settings.locked((tx, stored) =>
        removeAllowlistEntry(tx, request.params.id, {
          enabled: stored.values.security.ip_allowlist.enabled,
          callerIp: request.ip,
          context: auditContextOf(request),
        }),
      );
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/security/alerts',
    {
      schema: {
        tags: ['admin'],
        summary: 'Security alerts, newest first: resolved, severity, type, pages',
        querystring: SecurityAlertListQuerySchema,
        response: { 200: paginatedEnvelope(SecurityAlertSchema), 400: ErrorBodySchema },
      },
    },
    (request) => listSecurityAlerts(app.db, request.query),
  );

  app.post(
    '/security/alerts/:id/resolve',
    {
      ...paramsNotFound(alertNotFound),
      schema: {
        tags: ['admin'],
        summary: 'Resolve an alert: who and when are kept (409 if already resolved)',
        params: IdParams,
        response: { 200: dataEnvelope(SecurityAlertSchema), ...errors },
      },
    },
    async (request) => ({
      data: await resolveSecurityAlert(app.db, request.params.id, {
        resolvedAt: app.clock.now(),
        context: auditContextOf(request),
      }),
    }),
  );
};
