import type { SecurityAlertSeverity, SecurityConfig } from '#shared/contracts/security.ts';

/**
 * The alert a change of the security configuration raises (docs/product.md#security-configuration):
 * `security`/`medium`, or `high` when it switches the address allowlist or the two-step requirement,
 * which change who can reach the admin. Null when nothing changed.
 */
export interface SecurityConfigChange {
  severity: SecurityAlertSeverity;
  title: string;
  description: string;
  /** The fields changed, dotted (`access.max_login_attempts`). */
  fields: string[];
}

/** Every leaf of the configuration as `path → value`. */
function leaves(value: unknown, prefix = ''): Map<string, unknown> {
  const found = new Map<string, unknown>();
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, leaf] of leaves(child, prefix ? `${prefix}.${key}` : key)) found.set(path, leaf);
    }
  } else {
    found.set(prefix, value);
  }
  return found;
}

const shown = (value: unknown) => (typeof value === 'boolean' ? (value ? 'on' : 'off') : String(value));

export function describeSecurityChange(before: SecurityConfig, after: SecurityConfig): SecurityConfigChange | null {
  const old = leaves(before);
  const changes = [...leaves(after)].filter(([path, value]) => old.get(path) !== value);
  if (changes.length === 0) return null;
  const fields = changes.map(([path]) => path);
  const description = `Changed: ${changes.map(([path, value]) => `${path} ${shown(old.get(path))} → ${shown(value)}`).join('; ')}.`;
  const allowlist = before.ip_allowlist.enabled !== after.ip_allowlist.enabled;
  const twoStep = before.two_factor.required_for_admins !== after.two_factor.required_for_admins;
  if (allowlist) {
    return {
      severity: 'high',
      title: `Address allowlist turned ${after.ip_allowlist.enabled ? 'on' : 'off'}`,
      description,
      fields,
    };
  }
  if (twoStep) {
    return {
      severity: 'high',
      title: after.two_factor.required_for_admins
        ? 'Two-step sign-in now required for all staff'
        : 'Two-step sign-in no longer required for staff',
      description,
      fields,
    };
  }
  return { severity: 'medium', title: 'Security settings changed', description, fields };
}
