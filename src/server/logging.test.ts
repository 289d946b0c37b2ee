import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { createPrettyStream, logFormatOf, loggerOptions, safeError, safeMessage } from './logging.ts';

describe('LOG_FORMAT', () => {
  it('is auto by default: pretty in a terminal, JSON otherwise; json and pretty force one', () => {
    expect(loadConfig({}).LOG_FORMAT).toBe('auto');
    expect(logFormatOf('auto', true)).toBe('pretty');
    expect(logFormatOf('auto', false)).toBe('json');
    expect(logFormatOf('json', true)).toBe('json');
    expect(logFormatOf('pretty', false)).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(
      'Invalid configuration: LOG_FORMAT must be auto, json or pretty',
    );
  });

  it('draws one human-readable line per entry in pretty mode, with the same redaction', async () => {
    const options = await loggerOptions({ LOG_LEVEL: 'info', LOG_FORMAT: 'json' });
    const written: string[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        written.push(String(chunk));
        done();
      },
    });
    const logger = pino(options, await createPrettyStream(destination));
    logger.info({ req: { method: 'GET', url: '/api/orders/1?token=abc' }, token: 'abc' }, 'incoming request');
    await new Promise((resolve) => setImmediate(resolve));
    const text = written.join('');
    expect(text).not.toMatch(/^\{/);
    expect(text).toContain('INFO');
    expect(text).toContain('GET /api/orders/1?token=… incoming request');
    logger.info({ reqId: 'req-7', res: { statusCode: 200 }, responseTime: 3.2 }, 'request completed');
    await new Promise((resolve) => setImmediate(resolve));
    expect(written.join('')).toContain('req-7 200 3 ms request completed');
    expect(text).not.toContain('abc');
  });
});

describe('safeError', () => {
  it('keeps the statement and the constraint, never the parameters or the failing row', () => {
    const cause = Object.assign(new Error('new row for relation "users" violates check constraint "c"'), {
      code: '23514',
      table: 'users',
      constraint: 'c',
      detail: 'Failing row contains (x, rami@example.com, $argon2id$v=19$…)',
      where: 'PL/pgSQL function f() line 3',
    });
    const error = new DrizzleQueryError(
      'insert into "users" values ($1, $2)',
      ['rami@example.com', '$argon2id$v=19$…'],
      cause,
    );
    const safe = safeError(error);
    const text = JSON.stringify(safe);
    expect(safe.message).toBe('Failed query: insert into "users" values ($1, $2)');
    expect(safe.stack?.startsWith('DrizzleQueryError: Failed query:')).toBe(true);
    expect(safe.cause).toMatchObject({ code: '23514', table: 'users', constraint: 'c' });
    expect(text).not.toMatch(/rami|argon|Failing row|PL\/pgSQL/);
  });

  it('hides quoted values after a colon, keeps quoted names', () => {
    expect(safeMessage('invalid input syntax for type uuid: "rami@example.com"')).toBe(
      'invalid input syntax for type uuid: "…"',
    );
    expect(safeMessage('Message failed: 550 5.1.1 <rami.h@example.com>: Recipient address rejected')).toBe(
      'Message failed: 550 5.1.1 <[email]>: Recipient address rejected',
    );
    expect(safeMessage('duplicate key value violates unique constraint "users_email_unique"')).toBe(
      'duplicate key value violates unique constraint "users_email_unique"',
    );
  });
});
