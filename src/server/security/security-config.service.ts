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

/** Each field as the Security page names it, for the alert's words (a field without one shows its path). */
const FIELD_LABELS: Record<string, string> = {
  'two_factor.required_for_admins': 'Two-step sign-in required for every staff member',
  'password_policy.min_length': 'Minimum password length',
  'password_policy.require_upper': 'Passwords need an upper-case letter',
  'password_policy.require_lower': 'Passwords need a lower-case letter',
  'password_policy.require_number': 'Passwords need a number',
  'password_policy.require_symbol': 'Passwords need a symbol',
  'sessions.admin_idle_timeout_minutes': 'Sign out after inactivity (minutes)',
  'sessions.max_sessions_per_admin': 'Sessions per staff member',
  'access.max_login_attempts': 'Attempts before a lockout',
  'access.lockout_minutes': 'Lockout (minutes)',
  'ip_allowlist.enabled': 'Address allowlist',
  'monitoring.alert_on_new_ip': 'Alert on a sign-in from a new address',
  'monitoring.alert_on_failed_logins_threshold': 'Failed sign-ins that raise an alert',
  'audit.retention_days': 'Keep the audit log (days)',
};

export function describeSecurityChange(before: SecurityConfig, after: SecurityConfig): SecurityConfigChange | null {
  const old = leaves(before);
  const changes = [...leaves(after)].filter(([path, value]) => old.get(path) !== value);
  if (changes.length === 0) return null;
  const fields = changes.map(([path]) => path);
  const description = `Changed: ${changes
    .map(([path, value]) => `${FIELD_LABELS[path] ?? path}: ${shown(old.get(path))} → ${shown(value)}`)
    .join('; ')}.`;
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
