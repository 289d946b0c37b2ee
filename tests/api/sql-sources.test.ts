import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '#server/db/migrate.ts';
import { isActiveAdmin } from '#server/users/active-admin.ts';
import { users } from '#server/users/users.table.ts';
import { STAFF_ROLES, USER_ROLES } from '#shared/contracts/auth.ts';
import { openTestDatabase } from '../helpers/database-template.ts';

/**
 * src/server/db/sql/ holds the one readable source of every SQL function and trigger the
 * database runs (decision 011, generalised; docs/architecture.md#sql-sources). Applied migrations
 * cannot change, so the files are not run themselves: these prove that each file's statements
 * are exactly those of the latest migration creating each object, that a migrated database runs
 * exactly them (on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set), and that the
 * database has no function or trigger of ours without a source.
 */

const SQL_DIR = path.resolve(import.meta.dirname, '../../src/server/db/sql');
const BREAKPOINT = '--> statement-breakpoint';
const CREATES = /^CREATE (?:OR REPLACE )?(?:CONSTRAINT )?(FUNCTION|TRIGGER) (\w+)/;

interface Statement {
  kind: 'FUNCTION' | 'TRIGGER';
  name: string;
  text: string;
}

/** A statement without the comment lines before and after it (the files' and migrations' notes). */
function withoutNotes(part: string): string {
  const lines = part.trim().split('\n');
  const isNote = (line: string | undefined) => line !== undefined && (line.startsWith('--') || line.trim() === '');
  while (isNote(lines[0])) lines.shift();
  while (isNote(lines.at(-1))) lines.pop();
  return lines.join('\n').trim();
}

/** The CREATE FUNCTION / CREATE TRIGGER statements of one file, in order (others are ignored). */
function statementsOf(text: string): Statement[] {
  return text.split(BREAKPOINT).flatMap((part) => {
    const statement = withoutNotes(part);
    const match = CREATES.exec(statement);
    return match ? [{ kind: match[1] as Statement['kind'], name: match[2] as string, text: statement }] : [];
  });
}

/** What PostgreSQL keeps as a function's source: the text between `AS $$` and `$$`. */
function bodyOf(statement: string): string {
  const match = /AS \$\$([\s\S]*)\$\$;?$/.exec(statement);
  if (!match?.[1]) throw new Error('no $$ body in the statement');
  return match[1];
}

/**
 * A trigger statement as pg_get_triggerdef writes it, for comparison: one space between words,
 * no schema, no semicolon, and its events in one order (PostgreSQL lists them its own way).
 */
function triggerShape(definition: string): string {
  const flat = definition.replace(/\s+/g, ' ').replace(/;$/, '').replaceAll('public.', '').trim();
  return flat.replace(/ (AFTER|BEFORE) (.+?) ON /, (_match, when: string, events: string) => {
    const sorted = events
      .split(' OR ')
      .map((event) => event.trim())
      .sort()
      .join(' OR ');
    return ` ${when} ${sorted} ON `;
  });
}

async function sourceFiles(): Promise<{ file: string; statements: Statement[] }[]> {
  const names = (await readdir(SQL_DIR)).filter((name) => name.endsWith('.sql')).sort();
  return Promise.all(
    names.map(async (file) => ({ file, statements: statementsOf(await readFile(path.join(SQL_DIR, file), 'utf8')) })),
  );
}

/** For each function and trigger, the statement of the LAST migration that creates it, with that migration's tag. */
async function latestMigrationStatements(): Promise<Map<string, { tag: string; text: string }>> {
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const latest = new Map<string, { tag: string; text: string }>();
  for (const { tag } of [...journal.entries].sort((a, b) => a.idx - b.idx)) {
    const migration = await readFile(path.join(MIGRATIONS_DIR, `${tag}.sql`), 'utf8');
    for (const statement of statementsOf(migration)) {
      latest.set(`${statement.kind} ${statement.name}`, { tag, text: statement.text });
    }
  }
  return latest;
}

describe('every SQL function and trigger has one source: src/server/db/sql/', () => {
  let files: Awaited<ReturnType<typeof sourceFiles>>;
  let statements: Statement[];
  beforeAll(async () => {
    files = await sourceFiles();
    statements = files.flatMap((file) => file.statements);
  });

  it('each file opens with a comment saying what it holds, then names each object once', () => {
    expect(files.map((file) => file.file)).toContain('place-order.sql');
    for (const file of files) expect(file.statements.length, file.file).toBeGreaterThan(0);
    const keys = statements.map((statement) => `${statement.kind} ${statement.name}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('the latest migration creating each function or trigger carries exactly its source statement', async () => {
    const latest = await latestMigrationStatements();
    for (const statement of statements) {
      const key = `${statement.kind} ${statement.name}`;
      expect(latest.get(key)?.text, `${key}: copy the source statement into a new migration`).toBe(statement.text);
    }
    // And no migration creates one that has no source.
    expect([...latest.keys()].sort()).toEqual(
      statements.map((statement) => `${statement.kind} ${statement.name}`).sort(),
    );
  });

  it('"an active admin" is the staff roles of src/shared/contracts/auth.ts, written once in SQL', () => {
    const activeAdmins = statements.find((statement) => statement.name === 'cedar_active_admin_ids');
    const roles = STAFF_ROLES.map((role) => `'${role}'`).join(', ');
    expect(activeAdmins?.text).toContain(`u.role IN (${roles}) AND u.is_active`);
  });

  describe('on a migrated database', () => {
    let database: Awaited<ReturnType<typeof openTestDatabase>>;
    beforeAll(async () => {
      database = await openTestDatabase();
    });
    afterAll(() => database.dispose());

    it('runs exactly the source of each function, and has no other function of ours', async () => {
      const result = (await database.db.execute(
        // An extension's own functions (pg_trgm's, migration 0027) are its, not ours.
        sql`select p.proname, p.prosrc from pg_proc p join pg_namespace n on n.oid = p.pronamespace
            where n.nspname = current_schema()
              and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
            order by p.proname`,
      )) as unknown as { rows: { proname: string; prosrc: string }[] };
      const expected = statements
        .filter((statement) => statement.kind === 'FUNCTION')
        .map((statement) => ({ proname: statement.name, prosrc: bodyOf(statement.text) }))
        .sort((a, b) => (a.proname < b.proname ? -1 : 1));
      expect(result.rows).toEqual(expected);
    });

    it('has exactly the source triggers, as written', async () => {
      const result = (await database.db.execute(
        sql`select t.tgname, pg_get_triggerdef(t.oid) as definition from pg_trigger t
            join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
            where not t.tgisinternal and n.nspname = current_schema() order by t.tgname`,
      )) as unknown as { rows: { tgname: string; definition: string }[] };
      const expected = statements
        .filter((statement) => statement.kind === 'TRIGGER')
        .map((statement) => ({ tgname: statement.name, definition: triggerShape(statement.text) }))
        .sort((a, b) => (a.tgname < b.tgname ? -1 : 1));
      expect(result.rows.map((row) => ({ tgname: row.tgname, definition: triggerShape(row.definition) }))).toEqual(
        expected,
      );
    });

    it('cedar_active_admin_ids picks exactly the users isActiveAdmin (TypeScript) picks', async () => {
      const people = USER_ROLES.flatMap((role) =>
        [true, false].map((isActive) => ({
          email: `${role}-${isActive ? 'on' : 'off'}@example.com`,
          name: `${role} ${isActive ? 'on' : 'off'}`,
          passwordHash: 'not-a-real-hash',
          role,
          isActive,
        })),
      );
      const rows = await database.db.insert(users).values(people).returning();
      const result = (await database.db.execute(sql`select id from cedar_active_admin_ids() as u(id)`)) as unknown as {
        rows: { id: string }[];
      };
      const bySql = result.rows.map((row) => row.id).sort();
      const byTypeScript = rows
        .filter(isActiveAdmin)
        .map((row) => row.id)
        .sort();
      expect(byTypeScript.length).toBeGreaterThan(0);
      expect(bySql).toEqual(byTypeScript);
    });
  });
});
