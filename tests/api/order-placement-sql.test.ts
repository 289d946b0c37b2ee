import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '#server/db/migrate.ts';
import { openTestDatabase } from '../helpers/database-template.ts';

/**
 * src/server/orders/place-order.sql is the one readable definition of cedar_place_order
 * (decision 011). Applied migrations cannot change, so the file is not run itself: these prove
 * that the latest migration creating the function carries exactly its statement, and that a
 * migrated database runs exactly its body.
 */

const NAMED_FILE = path.resolve(import.meta.dirname, '../../src/server/orders/place-order.sql');
const FUNCTION_STATEMENT = /CREATE (OR REPLACE )?FUNCTION cedar_place_order\(/;

/** The statement without the comment lines before it (the file's and each migration's own notes). */
function statementOf(text: string): string {
  const lines = text.trim().split('\n');
  while (lines.length > 0 && (lines[0]?.startsWith('--') || lines[0]?.trim() === '')) lines.shift();
  return lines.join('\n').trim();
}

/** What PostgreSQL keeps as the function's source: the text between `AS $$` and `$$`. */
function bodyOf(statement: string): string {
  const match = /AS \$\$([\s\S]*)\$\$;?$/.exec(statement);
  if (!match?.[1]) throw new Error('no $$ body in the statement');
  return match[1];
}

async function latestMigrationStatement(): Promise<{ tag: string; statement: string }> {
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const tags = [...journal.entries].sort((a, b) => b.idx - a.idx).map((entry) => entry.tag);
  for (const tag of tags) {
    const migration = await readFile(path.join(MIGRATIONS_DIR, `${tag}.sql`), 'utf8');
    const statements = migration.split('--> statement-breakpoint').filter((part) => FUNCTION_STATEMENT.test(part));
    const last = statements.at(-1);
    if (last) return { tag, statement: statementOf(last) };
  }
  throw new Error('no migration creates cedar_place_order');
}

describe('cedar_place_order has one definition: orders/place-order.sql', () => {
  let named: string;
  beforeAll(async () => {
    named = statementOf(await readFile(NAMED_FILE, 'utf8'));
  });

  it('the named file holds one CREATE OR REPLACE of the function', () => {
    expect(named).toMatch(/^CREATE OR REPLACE FUNCTION cedar_place_order\(stock jsonb, head jsonb, items jsonb/);
    expect(named.match(new RegExp(FUNCTION_STATEMENT, 'g'))).toHaveLength(1);
  });

  it('the latest migration that creates the function carries exactly the named statement', async () => {
    const latest = await latestMigrationStatement();
    expect(latest.tag).toBe('0010_promo_codes');
    expect(latest.statement).toBe(named);
  });

  describe('on a migrated database', () => {
    let database: Awaited<ReturnType<typeof openTestDatabase>>;
    beforeAll(async () => {
      database = await openTestDatabase();
    });
    afterAll(() => database.dispose());

    it('runs the named body', async () => {
      const result = (await database.db.execute(
        sql`select prosrc from pg_proc where proname = 'cedar_place_order'`,
      )) as unknown as { rows: { prosrc: string }[] };
      expect(result.rows.map((row) => row.prosrc)).toEqual([bodyOf(named)]);
    });
  });
});
