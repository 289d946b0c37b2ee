import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { recordAudit } from '#server/audit/audit.service.ts';
import { AppError } from '#server/errors.ts';
import { SECURITY_MESSAGES } from '#shared/contracts/security.ts';
import { activeEntries, coveringEntry, stampLastUsed } from './ip-allowlist.service.ts';
import { raiseSecurityAlert } from './security-alerts.service.ts';
import { clientAddressOf, type TrustFunction } from './trust-proxy.ts';

/**
 * The address allowlist's check (docs/product.md#address-allowlist). While the security
 * configuration's `ip_allowlist.enabled` is on (and ADMIN_IP_ALLOWLIST_BYPASS is not set), staff
 * routes answer only addresses an active entry covers: the admin and staff API scopes and the
 * staff `/auth/*` routes (an onRequest hook, before authentication and body parsing), the admin
 * socket's handshake and the hidden sign-in page (which answers as an unknown path).
 *
 * The entries are read from the database at each check (one small query, staff requests only, and
 * only while the list is on), so an entry added or removed in one process counts in every process
 * at once; the switch itself travels with the settings (settings-store.ts).
 */
export interface StaffAddressGuard {
  /** Whether the list is enforced now (on, and not bypassed): the check costs nothing otherwise. */
  enforcing(): boolean;
  /** Whether `ip` may reach staff routes now. Stamps the covering entry used (at most once a minute). */
  allows(ip: string): Promise<boolean>;
  /**
   * `allows`, and a refusal is recorded: an audit entry (status failure; at most
   * REFUSALS_AUDITED_PER_ADDRESS per address per window) and one `access`/`high` alert per
   * address per window.
   */
  admit(ip: string, attempt: { path: string; userAgent?: string }): Promise<boolean>;
  /** The onRequest hook of the staff scopes: 403 addressNotAllowed for an address not on the list. */
  onRequest: onRequestHookHandler;
  /** The client's address of a raw request (the socket handshake), through TRUST_PROXY like `request.ip`. */
  addressOf(request: IncomingMessage): string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The staff address allowlist's check (security/staff-address-guard.ts). */
    staffAddresses: StaffAddressGuard;
  }
}

/** One alert per refused address in this window; the audit entries per address are capped in it too. */
export const REFUSAL_WINDOW_MS = 15 * 60_000;
/** A flood from one address writes at most this many audit entries per window (the alert says the rest). */
export const REFUSALS_AUDITED_PER_ADDRESS = 20;

const pathOf = (url: string) => (url.split('?')[0] ?? '').slice(0, 200);

export function createStaffAddressGuard(app: FastifyInstance, trust: TrustFunction | undefined): StaffAddressGuard {
  const alerted = app.rateLimiter('allowlist-refusal-alert', { limit: 1, windowMs: REFUSAL_WINDOW_MS });
  const audited = app.rateLimiter('allowlist-refusal-audit', {
    limit: REFUSALS_AUDITED_PER_ADDRESS,
    windowMs: REFUSAL_WINDOW_MS,
  });

  const enforcing = () => !app.config.ADMIN_IP_ALLOWLIST_BYPASS && app.settings.values.security.ip_allowlist.enabled;

  const allows = async (ip: string): Promise<boolean> => {
    if (!enforcing()) return true;
    const entry = coveringEntry(await activeEntries(app.db), ip);
    if (!entry) return false;
    await stampLastUsed(app.db, entry, app.clock.now()).catch((error: unknown) =>
      app.log.warn({ err: error }, 'allowlist entry not stamped as used'),
    );
    return true;
  };

  /** Counted per address before each write it guards, so however many refusals arrive at once, one alert. */
  const recordRefusal = async (ip: string, attempt: { path: string; userAgent?: string }) => {
    if ((await audited.hit(ip)).allowed) {
      await recordAudit(app.db, {
        context: { actor: null, ip, userAgent: attempt.userAgent },
        action: 'security.address_refused',
        status: 'failure',
        entityType: 'ip_allowlist',
        after: { path: attempt.path },
      });
    }
    if ((await alerted.hit(ip)).allowed) {
      await raiseSecurityAlert(app, {
        type: 'access',
        severity: 'high',
        title: `Staff access refused from ${ip}`,
        description: `An address not on the allowlist tried to reach ${attempt.path}. Further attempts from it in the next 15 minutes are refused without another alert. If it is one of your staff, add their address on the Security page.`,
        ipAddress: ip,
      });
    }
  };

  const admit: StaffAddressGuard['admit'] = async (ip, attempt) => {
    if (await allows(ip)) return true;
    // The refusal stands even if it cannot be recorded (a rate-limit store down).
    await recordRefusal(ip, attempt).catch((error: unknown) =>
      app.log.error({ err: error }, 'allowlist refusal not recorded'),
    );
    return false;
  };

  return {
    enforcing,
    allows,
    admit,
    // A callback hook: with the list off it runs on every staff request at no cost.
    onRequest(request, _reply, done) {
      if (!enforcing()) return done();
      admit(request.ip, { path: pathOf(request.url), userAgent: request.headers['user-agent'] }).then(
        (allowed) => done(allowed ? undefined : new AppError(403, 'FORBIDDEN', SECURITY_MESSAGES.addressNotAllowed)),
        (error: unknown) => done(error as Error),
      );
    },
    addressOf: (request) => clientAddressOf(request, trust),
  };
}
