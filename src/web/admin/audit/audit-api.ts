import type { AuditEntry, AuditFilters, AuditPagination, AuditStats } from '#shared/contracts/audit.ts';
import type { ListResult, QueryParams } from '#web/lib/api-client.ts';
import { adminGet, adminList } from '../auth/admin-api.ts';

/** Every audit query starts with this key. */
export const ADMIN_AUDIT_KEY = ['admin', 'audit'] as const;

export const AUDIT_LOGS_PATH = '/admin/audit/logs';
export const AUDIT_EXPORT_PATH = '/admin/audit/export';

/** A page of the log: the kit's list result, whose pagination also says whether its total is a floor. */
export type AuditLogsResult = ListResult<AuditEntry> & { pagination: AuditPagination };

export const listAuditLogs = (query: QueryParams, signal?: AbortSignal) =>
  adminList<AuditEntry>(AUDIT_LOGS_PATH, { query, signal }) as Promise<AuditLogsResult>;
export const getAuditEntry = (id: string, signal?: AbortSignal) =>
  adminGet<AuditEntry>(`${AUDIT_LOGS_PATH}/${encodeURIComponent(id)}`, { signal });
export const getAuditFilters = (signal?: AbortSignal) => adminGet<AuditFilters>('/admin/audit/filters', { signal });
export const getAuditStats = (signal?: AbortSignal) => adminGet<AuditStats>('/admin/audit/stats', { signal });
