import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The one guarded fetcher for outbound HTTP (docs/engineering.md#stack, docs/architecture.md#outbound-http):
 * every call the server makes to an address a merchant typed (the SMS provider's and WhatsApp's API
 * bases in Settings → Email) goes through it. It connects only to public addresses: every address a
 * host name resolves to is checked as the connection is made (a DNS answer cannot point it at this
 * server, its private network or a cloud metadata address between a check and the connect), an IP
 * literal before. Hosts named in OUTBOUND_PRIVATE_HOSTS (an SMS gateway on the shop's own network,
 * the tests' local fakes) are let through. Redirects are not followed, and the answer's body is
 * never read: callers learn the status alone.
 */

export interface OutboundRequest {
  method: 'POST';
  headers: Record<string, string>;
  body: string;
  /** Milliseconds before the call is given up (connect and answer). */
  timeoutMs: number;
}

export interface OutboundResponse {
  status: number;
}

export type OutboundFetch = (url: string, request: OutboundRequest) => Promise<OutboundResponse>;

/** Why a call did not get an answer: never the address's secrets, never a stack a merchant reads. */
export type OutboundFailure = 'private-address' | 'timeout' | 'unreachable' | 'bad-url';

export class OutboundError extends Error {
  constructor(
    readonly reason: OutboundFailure,
    /** The host called (a merchant's own setting, not a secret). */
    readonly host: string,
  ) {
    super(
      reason === 'private-address'
        ? `${host} is a private or local address; the shop calls public addresses only`
        : reason === 'timeout'
          ? `${host} did not answer in time`
          : reason === 'bad-url'
            ? 'not a web address'
            : `could not reach ${host}`,
    );
    this.name = 'OutboundError';
  }
}

/**
 * True for an address on the public internet (`8.8.8.8`, `2606:4700::1111`), false for the rest:
 * this host, private networks, link-local (cloud metadata at 169.254.169.254), carrier-grade NAT,
 * documentation, multicast and reserved ranges, and IPv6 forms that carry an IPv4 address inside
 * (6to4, NAT64, Teredo). The ranges are ipaddr.js's (the IANA special-purpose registries), not a
 * table of our own; an IPv4-mapped IPv6 address (`::ffff:127.0.0.1`) is judged as the IPv4 one.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

export interface OutboundFetchOptions {
  /** Host names or IP literals that may be private (OUTBOUND_PRIVATE_HOSTS), lower case. */
  allowedPrivateHosts?: readonly string[];
}

export function createOutboundFetch({ allowedPrivateHosts = [] }: OutboundFetchOptions = {}): OutboundFetch {
  const allowed = new Set(allowedPrivateHosts.map((host) => host.toLowerCase()));

  return (url, request) =>
    new Promise<OutboundResponse>((resolve, reject) => {
      let target: URL;
      try {
        target = new URL(url);
      } catch {
        reject(new OutboundError('bad-url', ''));
        return;
      }
      if (target.protocol !== 'https:' && target.protocol !== 'http:') {
        reject(new OutboundError('bad-url', target.host));
        return;
      }
      const host = target.hostname.replace(/^\[|\]$/g, '').toLowerCase();
      const mayBePrivate = allowed.has(host);
      // An IP literal is connected to without a lookup: checked here.
      if (!mayBePrivate && isIP(host) !== 0 && !isPublicAddress(host)) {
        reject(new OutboundError('private-address', host));
        return;
      }
      // Every address a name resolves to, checked as the socket connects (not before: no gap).
      const lookup: LookupFunction = (hostname, options, callback) => {
        dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
          if (error) return callback(error, '', 0);
          if (!mayBePrivate && addresses.some((entry) => !isPublicAddress(entry.address))) {
            return callback(new OutboundError('private-address', host), '', 0);
          }
          if (options.all) return (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, addresses);
          const [first] = addresses;
          if (!first) return callback(new OutboundError('unreachable', host), '', 0);
          callback(null, first.address, first.family);
        });
      };
      let settled = false;
      const fail = (error: OutboundError) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        reject(error);
      };
      const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
      const outgoing = send(target, {
        method: request.method,
        headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
        lookup,
        // A socket of its own per call: a pooled one would skip the lookup's check.
        agent: false,
      });
      const timer = setTimeout(() => {
        fail(new OutboundError('timeout', host));
        outgoing.destroy();
      }, request.timeoutMs);
      outgoing.on('response', (response: IncomingMessage) => {
        // Only the status is kept: a provider's answer may echo the request (a number, a code).
        response.resume();
        response.on('error', () => {});
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ status: response.statusCode ?? 0 });
      });
      outgoing.on('error', (error) => {
        fail(error instanceof OutboundError ? error : new OutboundError('unreachable', host));
      });
      outgoing.end(request.body);
    });
}
