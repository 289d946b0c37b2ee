import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditLogs } from '#server/audit/audit.table.ts';
import type { Db } from '#server/db/client.ts';
import { bearer } from './auth.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Calls the API as one signed-in user: `call('PUT', '/api/admin/orders/…', body)`. */
export function apiAs(app: FastifyInstance, token: string) {
  return (method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method,
      url,
      headers: { ...bearer(token), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

/** Places a storefront order (POST /api/orders) and returns its body's `data`. */
export async function checkout(
  app: FastifyInstance,
  body: object,
): Promise<{ id: string; order_number: string; total: number }> {
  const response = await app.inject({ method: 'POST', url: '/api/orders', payload: body });
  if (response.statusCode !== 201) throw new Error(`checkout failed: ${response.statusCode} ${response.body}`);
  return response.json().data;
}

/** The audit rows of one entity, oldest first. */
export async function auditOf(db: Db, entityType: string, entityId: string) {
  const rows = await db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.entityType, entityType), eq(auditLogs.entityId, entityId)));
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}
