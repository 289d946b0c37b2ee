import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCycles, readSources, type SourceFile } from '../../tests/helpers/import-graph.ts';

/**
 * The server's import rules (docs/architecture.md "Where a domain lives"), read from the sources:
 * no import cycles; a data layer (tables and their row mappers) that imports only itself and the
 * db/ helpers, so the schema follows its foreign keys one way; domains that call each other's
 * functions one way only; and services that know nothing of Fastify (they get an
 * `AuditContext`, never the request).
 */

const SERVER_DIR = path.dirname(fileURLToPath(import.meta.url));

function serverSources(): SourceFile[] {
  return readSources(SERVER_DIR, '#server/');
}

/** `accounts/accounts.tables.ts` holds several tables of one domain: a data-layer file too. */
const isTableFile = (name: string) => /\.tables?\.ts$/.test(name);
const isDataLayer = (name: string) => isTableFile(name) || name.endsWith('.mapper.ts');
const folderOf = (name: string) => path.posix.dirname(name);

/**
 * The domains' function calls as a folder graph: an edge when a module of one folder imports a
 * module of another, leaving out the data layer (any domain may read another's rows), the db/
 * helpers and the root modules (app.ts wires every domain; errors.ts and config.ts serve all).
 */
function domainCalls(files: readonly SourceFile[]): { name: string; imports: string[] }[] {
  const edges = new Map<string, Set<string>>();
  for (const file of files) {
    const from = folderOf(file.name);
    if (from === '.') continue;
    for (const target of file.imports) {
      const to = folderOf(target);
      if (to === from || to === '.' || to === 'db' || isDataLayer(target)) continue;
      edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }
  return [...edges].map(([name, targets]) => ({ name, imports: [...targets] }));
}

describe('server import boundaries', () => {
  const files = serverSources();

  it('reads the server sources', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files.find((file) => file.name === 'orders/orders.table.ts')?.imports).toContain(
      'customers/customers.table.ts',
    );
  });

  it('has no import cycles', () => {
    expect(importCycles(files).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const cycle = importCycles([
      { name: 'a.ts', imports: ['b.ts'] },
      { name: 'b.ts', imports: ['c.ts'] },
      { name: 'c.ts', imports: ['a.ts'] },
    ]);
    expect(cycle).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
  });

  it('domains call each other one way: no cycle between folders outside the data layer', () => {
    const calls = domainCalls(files);
    expect(calls.find((folder) => folder.name === 'orders')?.imports).toContain('customers');
    expect(importCycles(calls).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });

  it('row mappers import only tables, other mappers and db/ helpers', () => {
    const strays = files
      .filter((file) => file.name.endsWith('.mapper.ts'))
      .flatMap((file) =>
        file.imports
          .filter((target) => !isDataLayer(target) && folderOf(target) !== 'db')
          .map((target) => `${file.name} -> ${target}`),
      );
    expect(strays).toEqual([]);
  });

  it('tables import only other tables and the column helpers in db/', () => {
    const strays = files
      .filter((file) => isTableFile(file.name))
      .flatMap((file) =>
        file.imports
          .filter((target) => !isTableFile(target) && !/^db\/(columns|address-column)\.ts$/.test(target))
          .map((target) => `${file.name} -> ${target}`),
      );
    expect(strays).toEqual([]);
  });

  it('services never import Fastify: routes hand them an AuditContext', () => {
    const services = files.filter((file) => file.name.endsWith('.service.ts'));
    expect(services.length).toBeGreaterThan(10);
    const fastifyUsers = services
      .filter((file) =>
        file.specifiers.some((specifier) => specifier === 'fastify' || specifier.startsWith('fastify/')),
      )
      .map((file) => file.name);
    expect(fastifyUsers).toEqual([]);
  });
});
