/** Who acts in an audited write: the signed-in user, or only an email (a failed sign-in). */
export interface AuditActor {
  id?: string | null;
  email?: string | null;
  /** Kept on the entry, so a removed staff member's entries still say who (docs/product.md#audit-log). */
  name?: string | null;
}

/**
 * Who is acting and from where, as the audit log records it. Built once per request by the route
 * (`auditContextOf`, request-audit-context.ts) and passed to services as a plain value, so
 * services know nothing of Fastify and can be called from a socket or a script too. `ip` and
 * `userAgent` are also where a session is started from (auth/sessions.service.ts `SessionOrigin`).
 */
export interface AuditContext {
  /** The signed-in user, or null (a shopper, a sign-in still in progress). */
  actor: AuditActor | null;
  ip?: string;
  userAgent?: string;
}
