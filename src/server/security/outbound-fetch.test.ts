import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundFetch, isPublicAddress, OutboundError } from './outbound-fetch.ts';

/**
 * The guarded fetcher (docs/architecture.md#outbound-http): public addresses only, each resolved
 * address checked as the socket connects, private hosts only when the operator lists them, no
 * redirects followed, the status alone answered. Against a real local server; no network beyond it.
 */
describe('isPublicAddress', () => {
  it.each([
    ['8.8.8.8', true],
    ['104.16.0.1', true],
    ['2606:4700:4700::1111', true],
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.20.0.5', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.100.100.200', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fd00:ec2::254', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['2002:7f00:1::', false],
    ['not-an-address', false],
  ])('%s → %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('createOutboundFetch against a local server', () => {
  let server: Server;
  let port: number;
  const seen: { method: string; url: string; body: string }[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        seen.push({ method: request.method ?? '', url: request.url ?? '', body });
        if (request.url === '/hang') return;
        if (request.url === '/redirect') {
          response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
          response.end();
          return;
        }
        response.writeHead(201, { 'content-type': 'application/json' });
        response.end('{"echo":"anything"}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const post = (body = 'a=1') => ({
    method: 'POST' as const,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
    timeoutMs: 2_000,
  });
  const failureOf = async (calling: Promise<unknown>) => {
    try {
      await calling;
    } catch (error) {
      return error;
    }
    throw new Error('the call went through');
  };

  it('refuses this host by address or by name, and never connects', async () => {
    const guarded = createOutboundFetch();
    const before = seen.length;
    for (const url of [
      `http://127.0.0.1:${port}/x`,
      `http://localhost:${port}/x`,
      `http://[::1]:${port}/x`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/x',
    ]) {
      const error = await failureOf(guarded(url, post()));
      expect(error, url).toBeInstanceOf(OutboundError);
      expect((error as OutboundError).reason, url).toBe('private-address');
    }
    expect(seen.length).toBe(before);
  });

  it('calls a host the operator allowed, and answers the status alone', async () => {
    const allowed = createOutboundFetch({ allowedPrivateHosts: ['127.0.0.1'] });
    expect(await allowed(`http://127.0.0.1:${port}/messages`, post('To=%2B961'))).toEqual({ status: 201 });
    expect(seen.at(-1)).toEqual({ method: 'POST', url: '/messages', body: 'To=%2B961' });
    // Allowing one name does not allow another that resolves to the same place.
    const error = await failureOf(allowed(`http://localhost:${port}/messages`, post()));
    expect((error as OutboundError).reason).toBe('private-address');
  });

  it('does not follow a redirect', async () => {
    const allowed = createOutboundFetch({ allowedPrivateHosts: ['127.0.0.1'] });
    expect(await allowed(`http://127.0.0.1:${port}/redirect`, post())).toEqual({ status: 302 });
  });

  it('gives up after its timeout, and refuses what is not a web address', async () => {
    const allowed = createOutboundFetch({ allowedPrivateHosts: ['127.0.0.1'] });
    const error = await failureOf(allowed(`http://127.0.0.1:${port}/hang`, { ...post(), timeoutMs: 100 }));
    expect(error).toMatchObject({ reason: 'timeout', host: '127.0.0.1' });
    expect(await failureOf(allowed('ftp://127.0.0.1/x', post()))).toMatchObject({ reason: 'bad-url' });
    expect(await failureOf(allowed('not a url', post()))).toMatchObject({ reason: 'bad-url' });
  });
});
