import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import ipaddr from 'ipaddr.js';

/**
 * Who the client is (docs/operations.md#behind-a-proxy). The address the staff allowlist judges,
 * the audit log keeps and the rate limits count comes from the connection, or, only through the
 * proxies TRUST_PROXY names, from their X-Forwarded-For. One trust function serves Fastify
 * (`request.ip`) and the admin socket's handshake, with the same walk (@fastify/proxy-addr, the
 * library Fastify itself uses), so both always agree on the address.
 */

/** TRUST_PROXY parsed: off, a hop count, or the proxies' addresses and ranges. */
export type TrustProxySetting = false | number | string[];

/** proxy-addr's names for whole ranges, accepted as they are. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_HOPS = 10;

/** One proxy address or CIDR range as proxy-addr reads it (checked here, so a typo stops the start). */
function isProxyAddress(value: string): boolean {
  if (RANGE_NAMES.has(value)) return true;
  const [address = '', prefix, ...rest] = value.split('/');
  if (rest.length > 0 || !ipaddr.isValid(address)) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (ipaddr.parse(address).kind() === 'ipv4' ? 32 : 128);
}

/**
 * TRUST_PROXY: '' / off / false / 0 → off; a whole number → that many proxies in front; else a
 * comma-separated list of addresses and ranges. Returns the problem in words when refused.
 * `true` ("trust every sender") is refused: anyone could then name any address.
 */
export function parseTrustProxy(raw: string): TrustProxySetting | string {
  const value = raw.trim().toLowerCase();
  if (['', 'off', 'false', 'no', '0'].includes(value)) return false;
  if (['true', 'on', 'yes', 'all', '*'].includes(value)) {
    return 'must be a hop count (e.g. 1) or the proxies’ addresses (e.g. 127.0.0.1,10.0.0.0/8): trusting every sender would let anyone forge X-Forwarded-For';
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= MAX_HOPS ? hops : `must be at most ${MAX_HOPS} proxies`;
  }
  const list = value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const wrong = list.filter((item) => !isProxyAddress(item));
  if (wrong.length > 0) {
    return `must be off, a hop count, or IP addresses and CIDR ranges separated by commas (not ${wrong.join(', ')})`;
  }
  return list;
}

export type TrustFunction = (address: string, hop: number) => boolean;

/** The trust function of a setting, as Fastify's `trustProxy` takes it; undefined when off. */
export function trustFunction(setting: TrustProxySetting): TrustFunction | undefined {
  if (setting === false) return undefined;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return proxyAddr.compile(setting);
}

/** The client's address of a raw request (the socket handshake's), as `request.ip` would say it. */
export function clientAddressOf(request: IncomingMessage, trust: TrustFunction | undefined): string {
  if (!trust) return request.socket?.remoteAddress ?? '';
  return proxyAddr(request, trust);
}
