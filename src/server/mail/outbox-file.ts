import { appendFileSync, mkdirSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The outbox folder (DATA_DIR/outbox), where a shop without an SMTP server or an SMS provider
 * finds its mails and texts (docs/operations.md#the-outbox-folder): one file per kind and day,
 * each message appended to it in the mbox format (RFC 4155, the "mboxrd" variant), which mail
 * clients import (Thunderbird, Apple Mail, `mutt -f`) and which a text editor reads:
 *   DATA_DIR/outbox/mail-2026-11-29.mbox    the mails, each a whole RFC 5322 message
 *   DATA_DIR/outbox/texts-2026-11-29.mbox   the texts, as `To:` and `Date:` lines and the text
 *
 * Appended, not a file per message: creating a file cost this server ~0.1–0.4 ms of the kernel's
 * time (more on a busy disk) against ~0.01 ms to append, and a new order writes two (the shop's
 * mail and the shopper's text), which was a fifth of the order path's main thread under load
 * (decision 033). The day is UTC's. One append is one `write` on a file opened with O_APPEND, so
 * two processes writing at once never interleave their messages.
 *
 * The format is a few lines, written here rather than taken from a package: a message is preceded
 * by a `From ` line and followed by a blank line, and inside it every line that starts with `From `
 * after any number of `>` gets one more `>` (undone by `readOutbox`).
 */
export type OutboxKind = 'mail' | 'text';

const FILE_PREFIX: Record<OutboxKind, string> = { mail: 'mail-', text: 'texts-' };
const FROM_LINE = /^(>*From )/gm;
const QUOTED_FROM_LINE = /^>(>*From )/gm;

/** The file of `kind` for the UTC day of `at`. */
export function outboxFileName(kind: OutboxKind, at: Date): string {
  return `${FILE_PREFIX[kind]}${at.toISOString().slice(0, 10)}.mbox`;
}

/** `Sun Nov 29 16:40:00 2026`: the date of an mbox `From ` line (asctime, UTC). */
function asctime(at: Date): string {
  const [weekday, day, month, year, time] = at.toUTCString().replace(',', '').split(' ');
  return `${weekday} ${month} ${String(Number(day)).padStart(2, ' ')} ${time} ${year}`;
}

/**
 * Appends one message (its text as it would be a file of its own; LF line ends) to today's file
 * of `kind`; returns the file's name. Synchronous: a few microseconds, fewer than a hand-over to
 * the thread pool. Makes the folder when it is missing (a fresh install, or removed while running).
 */
export function appendToOutbox(outboxDir: string, kind: OutboxKind, message: string, at = new Date()): string {
  const file = outboxFileName(kind, at);
  const body = message.replace(FROM_LINE, '>$1');
  const entry = `From cedar-shop ${asctime(at)}\n${body}${body.endsWith('\n') ? '' : '\n'}\n`;
  const target = path.join(outboxDir, file);
  try {
    appendFileSync(target, entry);
  } catch (error) {
    if ((error as { code?: string }).code !== 'ENOENT') throw error;
    mkdirSync(outboxDir, { recursive: true });
    appendFileSync(target, entry);
  }
  return file;
}

/** Every message of `kind` in the outbox, oldest first, each as it was appended. */
export async function readOutbox(outboxDir: string, kind: OutboxKind): Promise<string[]> {
  const names = (await readdir(outboxDir).catch(() => [] as string[]))
    .filter((name) => name.startsWith(FILE_PREFIX[kind]) && name.endsWith('.mbox'))
    .sort();
  const messages: string[] = [];
  for (const name of names) messages.push(...splitMbox(await readFile(path.join(outboxDir, name), 'utf8')));
  return messages;
}

/** The messages of one mbox file's text. */
export function splitMbox(text: string): string[] {
  return text
    .split(/^From [^\n]*\n/m)
    .slice(1)
    .map((entry) => entry.replace(/\n$/, '').replace(QUOTED_FROM_LINE, '$1'));
}
