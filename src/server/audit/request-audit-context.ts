import type { FastifyRequest } from 'fastify';
import type { AuditContext } from './audit-context.ts';

/** The audit context of a request: `request.user` (set by the auth hooks), its IP and user agent. */
export function auditContextOf(request: FastifyRequest): AuditContext {
  const user = request.user;
  return {
    actor: user ? { id: user.id, email: user.email, name: user.name } : null,
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  };
}
