import type {
  Allowlist,
  AllowlistEntry,
  AllowlistEntryRequest,
  SecurityAlert,
  SecurityConfig,
} from '#shared/contracts/security.ts';
import type { QueryParams } from '#web/lib/api-client.ts';
import { adminDelete, adminGet, adminList, adminPost, adminPut } from '../auth/admin-api.ts';

/** `/admin/security/*` (docs/product.md#security-configuration, #address-allowlist, #security-alerts). */
const BASE = '/admin/security';

export const SECURITY_CONFIG_KEY = ['admin', 'security', 'config'] as const;
export const ALLOWLIST_KEY = ['admin', 'security', 'allowlist'] as const;

export const getSecurityConfig = (signal?: AbortSignal) => adminGet<SecurityConfig>(`${BASE}/config`, { signal });

/** A PUT is a patch; the whole configuration is a valid one. Answers the saved configuration. */
export const saveSecurityConfig = (config: SecurityConfig) => adminPut<SecurityConfig>(`${BASE}/config`, config);

export const getAllowlist = (signal?: AbortSignal) => adminGet<Allowlist>(`${BASE}/ip-whitelist`, { signal });

export const addAllowlistEntry = (entry: AllowlistEntryRequest) =>
  adminPost<AllowlistEntry>(`${BASE}/ip-whitelist`, entry);

export const removeAllowlistEntry = (id: string) => adminDelete(`${BASE}/ip-whitelist/${encodeURIComponent(id)}`);

export const listSecurityAlerts = (query: QueryParams, signal?: AbortSignal) =>
  adminList<SecurityAlert>(`${BASE}/alerts`, { query, signal });

export const resolveSecurityAlert = (id: string) =>
  adminPost<SecurityAlert>(`${BASE}/alerts/${encodeURIComponent(id)}/resolve`);
