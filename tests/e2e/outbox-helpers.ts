import path from 'node:path';
import { type OutboxKind, readOutbox } from '#server/mail/outbox-file.ts';
import { readableMail } from '../helpers/mail-parts.ts';
import { expect } from './test.ts';

/**
 * The e2e server's outbox (the day's mail and texts files, server/mail/outbox-file.ts), where
 * tests read the codes and links a shopper would receive. Several workers share it, so every test
 * looks for its own email or phone number.
 */
const OUTBOX = path.resolve('.tmp/e2e-data/outbox');

/** Every message of this kind so far, oldest first. */
export function outboxMessages(kind: OutboxKind): Promise<string[]> {
  return readOutbox(OUTBOX, kind);
}

/** The text of the newest outbox message of this kind mentioning `recipient`, not in `seen`. */
export async function waitForMessage(
  kind: OutboxKind,
  recipient: string,
  seen: Set<string> = new Set(),
): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        for (const message of (await outboxMessages(kind)).reverse()) {
          if (seen.has(message)) continue;
          if (message.includes(recipient)) {
            found = message;
            return true;
          }
        }
        return false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found;
}

/**
 * The mail as a reader sees it: an HTML mail (multipart/alternative, the order mails) as its
 * headers and text part (tests/helpers/mail-parts.ts); otherwise undoes quoted-printable soft
 * breaks and escapes when the mail is quoted-printable: an 8-bit mail is left alone (a link token
 * may hold "=" followed by hex).
 */
export const decodeMail = (raw: string) =>
  /^Content-Type: multipart\/alternative/im.test(raw)
    ? readableMail(raw)
    : /^Content-Transfer-Encoding: quoted-printable/im.test(raw)
      ? raw
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
      : raw;
