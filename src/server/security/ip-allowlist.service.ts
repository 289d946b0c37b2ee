import { and, asc, count, eq, isNull, lt, or } from 'drizzle-orm';
import ipaddr from 'ipaddr.js';
import { recordAudit } from '#server/audit/audit.service.ts';
import type { AuditContext } from '#server/audit/audit-context.ts';
import type { Db } from '#server/db/client.ts';
import { AppError, badRequest, conflict } from '#server/errors.ts';
import {
  ALLOWLIST_MAX_ENTRIES,
  type AllowlistEntry,
  type AllowlistEntryRequest,
  SECURITY_MESSAGES,
} from '#shared/contracts/security.ts';
import { adminIpAllowlist } from './ip-allowlist.table.ts';

/**
 * The staff address allowlist (docs/product.md#address-allowlist): its entries, the rule that a
 * change never shuts out the staff member making it, and the matching of a client address
 * against the list. The check on each staff request is staff-address-guard.ts.
 */

type Row = typeof adminIpAllowlist.$inferSelect;

export function toAllowlistEntry(row: Row): AllowlistEntry {
  return {
    id: row.id,
    ip_address: row.ipAddress,
    description: row.description,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    active: row.active,
  };
}

/** Four decimal parts without leading zeros: `010.1.1.1` is octal to some parsers, so it is refused. */
const IPV4_DOTTED = /^(?:0|[1-9]\d{0,2})(?:\.(?:0|[1-9]\d{0,2})){3}$/;

/** One address as ipaddr.js reads it, strictly: dotted IPv4 or IPv6 without a zone; else null. */
function strictAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  if (text.includes(':')) {
    if (text.includes('%') || !ipaddr.IPv6.isValid(text)) return null;
    return ipaddr.IPv6.parse(text);
  }
  return IPV4_DOTTED.test(text) && ipaddr.IPv4.isValid(text) ? ipaddr.IPv4.parse(text) : null;
}

/** A parsed range: the network address and its prefix length. */
type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/**
 * An entry as typed → its one stored spelling: the network address of the range and its prefix
 * (`203.0.113.7/24` → `203.0.113.0/24`, `2001:DB8::1` → `2001:db8::1/128`); an IPv4 address
 * written as IPv6 (`::ffff:203.0.113.7`) is stored as the IPv4 one. Null for anything else.
 */
export function normaliseAllowlistAddress(input: string): string | null {
  const text = input.trim().toLowerCase();
  const [addressText = '', prefixText, ...rest] = text.split('/');
  if (rest.length > 0) return null;
  let address = strictAddress(addressText);
  if (!address) return null;
  const bits = address.kind() === 'ipv4' ? 32 : 128;
  if (prefixText !== undefined && !/^(?:0|[1-9]\d{0,2})$/.test(prefixText)) return null;
  let prefix = prefixText === undefined ? bits : Number(prefixText);
  if (prefix > bits) return null;
  if (address instanceof ipaddr.IPv6 && address.isIPv4MappedAddress() && prefix >= 96) {
    address = address.toIPv4Address();
    prefix -= 96;
  }
  const network =
    address instanceof ipaddr.IPv4
      ? ipaddr.IPv4.networkAddressFromCIDR(`${address.toString()}/${prefix}`)
      : ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/${prefix}`);
  const spelled = network instanceof ipaddr.IPv6 ? network.toRFC5952String() : network.toString();
  return `${spelled}/${prefix}`;
}

/** Parsed ranges by their stored spelling: the check on each request parses each entry once. */
const parsedRanges = new Map<string, Range | null>();

function rangeOf(stored: string): Range | null {
  let range = parsedRanges.get(stored);
  if (range === undefined) {
    try {
      range = ipaddr.parseCIDR(stored);
    } catch {
      range = null;
    }
    if (parsedRanges.size > 10_000) parsedRanges.clear();
    parsedRanges.set(stored, range);
  }
  return range;
}

/** A client address in the kind it is matched as (`::ffff:10.0.0.1` is the IPv4 10.0.0.1); null if not one. */
export function clientAddress(ip: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  return ipaddr.isValid(ip) ? ipaddr.process(ip) : null;
}

/** Whether a stored entry (its normal spelling) covers the client's address. */
export function covers(stored: string, ip: string): boolean {
  const address = clientAddress(ip);
  const range = rangeOf(stored);
  if (!address || !range || address.kind() !== range[0].kind()) return false;
  return address.match(range);
}

/** The entry that covers `ip` most narrowly (the longest prefix), or undefined. */
export function coveringEntry<T extends { ipAddress: string }>(entries: readonly T[], ip: string): T | undefined {
  let best: T | undefined;
  let bestPrefix = -1;
  for (const entry of entries) {
    if (!covers(entry.ipAddress, ip)) continue;
    const prefix = rangeOf(entry.ipAddress)?.[1] ?? -1;
    if (prefix > bestPrefix) {
      best = entry;
      bestPrefix = prefix;
    }
  }
  return best;
}

export interface ActiveEntry {
  id: string;
  ipAddress: string;
  lastUsedAt: Date | null;
}

/** The active entries, as the check on each staff request reads them (a small table: one query). */
export function activeEntries(db: Db): Promise<ActiveEntry[]> {
  return db
    .select({ id: adminIpAllowlist.id, ipAddress: adminIpAllowlist.ipAddress, lastUsedAt: adminIpAllowlist.lastUsedAt })
    .from(adminIpAllowlist)
    .where(eq(adminIpAllowlist.active, true));
}

/** How often an entry's `last_used_at` is written at most: a write per request would cost too much. */
export const LAST_USED_STEP_MS = 60_000;

/**
 * Stamps an entry used at `now`, unless it was within the last minute. The condition is in the
 * UPDATE, so processes checking at the same moment write it once.
 */
export async function stampLastUsed(db: Db, entry: ActiveEntry, now: Date): Promise<void> {
  const stepAgo = new Date(now.getTime() - LAST_USED_STEP_MS);
  if (entry.lastUsedAt && entry.lastUsedAt > stepAgo) return;
  await db
    .update(adminIpAllowlist)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(adminIpAllowlist.id, entry.id),
        or(isNull(adminIpAllowlist.lastUsedAt), lt(adminIpAllowlist.lastUsedAt, stepAgo)),
      ),
    );
}

/** GET /admin/security/ip-whitelist: every entry, oldest first. */
export async function listAllowlist(db: Db): Promise<AllowlistEntry[]> {
  const rows = await db
    .select()
    .from(adminIpAllowlist)
    .orderBy(asc(adminIpAllowlist.createdAt), asc(adminIpAllowlist.id));
  return rows.map(toAllowlistEntry);
}

/**
 * Adds an entry, stored normalised (400 when it is not one address or range, 409 when that range is
 * already listed, 409 when the list is full). `tx` holds the settings lock (security.routes.ts), so
 * the count of entries is exact however many adds arrive at once.
 */
export async function addAllowlistEntry(
  tx: Db,
  input: AllowlistEntryRequest,
  context: AuditContext,
): Promise<AllowlistEntry> {
  const ipAddress = normaliseAllowlistAddress(input.ip_address);
  if (!ipAddress) {
    throw badRequest(SECURITY_MESSAGES.invalidAddress, [
      { path: 'ip_address', message: SECURITY_MESSAGES.invalidAddress },
    ]);
  }
  const [listed] = await tx.select({ total: count() }).from(adminIpAllowlist);
  if ((listed?.total ?? 0) >= ALLOWLIST_MAX_ENTRIES) throw conflict(SECURITY_MESSAGES.allowlistFull);
  const [row] = await tx
    .insert(adminIpAllowlist)
    .values({ ipAddress, description: input.description, createdBy: context.actor?.id ?? null })
    .onConflictDoNothing({ target: adminIpAllowlist.ipAddress })
    .returning();
  if (!row)
    throw conflict(SECURITY_MESSAGES.entryExists, [{ path: 'ip_address', message: SECURITY_MESSAGES.entryExists }]);
  const entry = toAllowlistEntry(row);
  await recordAudit(tx, {
    context,
    action: 'security.allowlist_add',
    entityType: 'ip_allowlist',
    entityId: row.id,
    after: { ip_address: entry.ip_address, description: entry.description },
  });
  return entry;
}

/**
 * Removes an entry (404 when there is none). While the allowlist is on, removing the entry that
 * lets the caller in is refused (409): the remaining active entries must still cover `callerIp`.
 * `tx` holds the settings lock with `enabled` read inside it, so turning the list on cannot slip
 * between this check and the delete.
 */
export async function removeAllowlistEntry(
  tx: Db,
  id: string,
  options: { enabled: boolean; callerIp: string; context: AuditContext },
): Promise<void> {
  const [row] = await tx.select().from(adminIpAllowlist).where(eq(adminIpAllowlist.id, id)).for('update');
  if (!row) throw new AppError(404, 'NOT_FOUND', SECURITY_MESSAGES.entryNotFound);
  if (options.enabled && row.active && covers(row.ipAddress, options.callerIp)) {
    const others = (await activeEntries(tx)).filter((entry) => entry.id !== id);
    if (!coveringEntry(others, options.callerIp)) {
      throw conflict(SECURITY_MESSAGES.allowlistExcludesYou(options.callerIp));
    }
  }
  await tx.delete(adminIpAllowlist).where(eq(adminIpAllowlist.id, id));
  await recordAudit(tx, {
    context: options.context,
    action: 'security.allowlist_remove',
    entityType: 'ip_allowlist',
    entityId: id,
    before: { ip_address: row.ipAddress, description: row.description },
  });
}

/**
 * Turning the allowlist on is refused (409) when no active entry covers the caller's own address
 * (an empty list says so in its own words). Called inside the settings save, under its lock.
 */
export async function assertAllowlistAdmits(tx: Db, callerIp: string): Promise<void> {
  const entries = await activeEntries(tx);
  if (entries.length === 0)
    throw conflict(SECURITY_MESSAGES.allowlistEmpty, [
      { path: 'ip_allowlist.enabled', message: SECURITY_MESSAGES.allowlistEmpty },
    ]);
  if (!coveringEntry(entries, callerIp)) {
    const message = SECURITY_MESSAGES.allowlistExcludesYou(callerIp);
    throw conflict(message, [{ path: 'ip_allowlist.enabled', message }]);
  }
}
