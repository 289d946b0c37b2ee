import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from './migrate.ts';

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
  entries: JournalEntry[];
};

/**
 * docs/architecture.md#data: drizzle's migrator applies a journal entry only when its `when` is
 * later than the newest applied migration's, so an entry merged after another must come after it
 * in the journal with a later `when` (two branches' migrations merged in either order). Otherwise a database that ran the first would skip the second without a word.
 */
describe('the migrations journal', () => {
  it('lists its entries with rising `when`s, each idx once', () => {
    const whens = journal.entries.map((entry) => entry.when);
    for (let i = 1; i < whens.length; i++) {
      expect(whens[i], journal.entries[i]?.tag).toBeGreaterThan(whens[i - 1] as number);
    }
    const indexes = journal.entries.map((entry) => entry.idx);
    expect(new Set(indexes).size).toBe(indexes.length);
  });

  it('names exactly the SQL files of the folder, each tag with its number', () => {
    const files = readdirSync(MIGRATIONS_DIR)
      .filter((name) => name.endsWith('.sql'))
      .map((name) => name.slice(0, -'.sql'.length));
    expect(journal.entries.map((entry) => entry.tag).sort()).toEqual(files.sort());
    for (const entry of journal.entries)
      expect(entry.tag.slice(0, 4), entry.tag).toBe(String(entry.idx).padStart(4, '0'));
  });
});
