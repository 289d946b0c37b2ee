import { randomUUID } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';

/**
 * A real PostgreSQL for the tests about PostgreSQL-only behaviour (its pool, its LISTEN
 * connection): TEST_DATABASE_URL when set, else the usual local server. Those tests run wherever
 * it answers on its port (CI has one) and are skipped only when none does.
 */
export const POSTGRES_URL =
  process.env.TEST_DATABASE_URL ?? process.env.CI_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function postgresReachable(url = POSTGRES_URL): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 5432) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * Whether the PostgreSQL-only suites run here: skipped on a machine without PostgreSQL, but with
 * TEST_REQUIRE_SERVICES=1 (set by .ci/run) a missing server fails the file instead.
 */
export async function postgresForTests(): Promise<boolean> {
  if (await postgresReachable()) return true;
  if (process.env.TEST_REQUIRE_SERVICES === '1') {
    throw new Error(
      `PostgreSQL is required (TEST_REQUIRE_SERVICES=1) but nothing answers at ${new URL(POSTGRES_URL).host}`,
    );
  }
  return false;
}

async function onServer(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** An empty database of its own on that server; `drop()` removes it (with any connection left). */
export async function createScratchDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  await onServer(`create database "${name}"`);
  const parsed = new URL(POSTGRES_URL);
  parsed.pathname = `/${name}`;
  return { url: parsed.toString(), drop: () => onServer(`drop database if exists "${name}" with (force)`) };
}
