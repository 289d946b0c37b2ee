import { once } from 'node:events';
import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPoolExhausted } from './client.ts';

/**
 * Both ways pg-pool gives up on a connection are overload (answered 503, not 500): a new
 * connection whose handshake the server never finishes, and a request that waited in the pool's
 * queue behind it. A local server that accepts and never answers stands for a saturated database.
 */
describe('isPoolExhausted', () => {
  let silent: net.Server;
  const sockets: net.Socket[] = [];
  let port: number;

  beforeAll(async () => {
    silent = net.createServer((socket) => sockets.push(socket));
    silent.listen(0, '127.0.0.1');
    await once(silent, 'listening');
    port = (silent.address() as net.AddressInfo).port;
  });

  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    silent.close();
  });

  it('recognises a handshake that timed out and a wait in the queue that timed out', async () => {
    const pool = new pg.Pool({ host: '127.0.0.1', port, user: 'x', max: 1, connectionTimeoutMillis: 100 });
    pool.on('error', () => {});
    const [opening, queued] = await Promise.allSettled([pool.query('SELECT 1'), pool.query('SELECT 1')]);
    await pool.end();
    const reasons = [opening, queued].map((result) => (result.status === 'rejected' ? result.reason : undefined));
    expect(reasons.map((reason) => (reason as Error | undefined)?.message).sort()).toEqual([
      'Connection terminated due to connection timeout',
      'timeout exceeded when trying to connect',
    ]);
    for (const reason of reasons) expect(isPoolExhausted(reason)).toBe(true);
    // Wrapped the way Drizzle wraps a driver error.
    expect(isPoolExhausted(new Error('Failed query', { cause: reasons[0] }))).toBe(true);
  });

  it('leaves other errors alone', () => {
    expect(isPoolExhausted(new Error('duplicate key value violates unique constraint'))).toBe(false);
    expect(isPoolExhausted(undefined)).toBe(false);
    expect(isPoolExhausted({ message: 42 })).toBe(false);
  });
});
