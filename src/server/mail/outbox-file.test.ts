import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendToOutbox, outboxFileName, readOutbox, splitMbox } from './outbox-file.ts';

describe('the outbox folder (mbox files, one per kind and day)', () => {
  let dir: string;
  beforeEach(async () => {
    dir = path.join(await mkdtemp(path.join(os.tmpdir(), 'cedar-outbox-')), 'outbox');
  });
  afterEach(() => rm(path.dirname(dir), { recursive: true, force: true }));

  it('appends messages in order to the day’s file, making the folder, and reads them back unchanged', async () => {
    const at = new Date('2026-11-29T16:40:05Z');
    const tricky =
      'To: a@example.com\n\nFrom here on, a line that starts with From.\n>From quoted once\n>>From twice\n';
    expect(appendToOutbox(dir, 'mail', 'To: first@example.com\n\nHello\n', at)).toBe('mail-2026-11-29.mbox');
    appendToOutbox(dir, 'mail', tricky, at);
    appendToOutbox(dir, 'text', 'To: +96170123456\n\nYour code is 123456', at);
    expect((await readdir(dir)).sort()).toEqual(['mail-2026-11-29.mbox', 'texts-2026-11-29.mbox']);
    expect(await readOutbox(dir, 'mail')).toEqual(['To: first@example.com\n\nHello\n', tricky]);
    expect(await readOutbox(dir, 'text')).toEqual(['To: +96170123456\n\nYour code is 123456\n']);
    const raw = await readFile(path.join(dir, 'mail-2026-11-29.mbox'), 'utf8');
    // mboxrd: a separator line per message, and every From line inside it quoted once more.
    expect(raw.match(/^From cedar-shop /gm)).toHaveLength(2);
    expect(raw).toContain('From cedar-shop Sun Nov 29 16:40:05 2026\n');
    expect(raw).toContain('\n>From here on');
    expect(raw).toContain('\n>>From quoted once');
    expect(raw).toContain('\n>>>From twice');
  });

  it('starts a new file each UTC day and reads the days in order', async () => {
    appendToOutbox(dir, 'text', 'To: +1\n\nlate\n', new Date('2026-11-30T00:00:01Z'));
    appendToOutbox(dir, 'text', 'To: +1\n\nearly\n', new Date('2026-11-29T23:59:59Z'));
    expect(outboxFileName('text', new Date('2026-11-29T23:59:59Z'))).toBe('texts-2026-11-29.mbox');
    expect(await readOutbox(dir, 'text')).toEqual(['To: +1\n\nearly\n', 'To: +1\n\nlate\n']);
  });

  it('reads nothing from a missing folder, and an empty file as no message', async () => {
    expect(await readOutbox(dir, 'mail')).toEqual([]);
    expect(splitMbox('')).toEqual([]);
  });
});
