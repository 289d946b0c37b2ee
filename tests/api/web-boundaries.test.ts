import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, readSources } from '../helpers/import-graph.ts';

/**
 * The web app's modules import each other one way (docs/engineering.md, the import rules): a cycle
 * makes the order modules run in depend on which one a page loads first, and ties lazily loaded
 * chunks to the eager ones. Type-only and lazy `import()`s count too: they tie the files together
 * as much for the next engineer.
 */
const WEB_DIR = path.resolve(import.meta.dirname, '../../src/web');

describe('web import boundaries', () => {
  const files = readSources(WEB_DIR, '#web/');

  it('reads the web sources', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.find((file) => file.name === 'errors/handle-error.ts')?.imports).toContain('errors/error-log.ts');
  });

  it('has no import cycles between files', () => {
    expect(importCycles(files).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });
});
