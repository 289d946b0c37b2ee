import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Sends (or, without SMTP, writes to the outbox); resolves with where it went. */
  send(mail: Mail): Promise<{ transport: 'smtp' | 'outbox'; id: string }>;
}

export interface MailerOptions {
  /** SMTP_URL; without it every message is written to `outboxDir` as an .eml file. */
  smtpUrl?: string;
  outboxDir: string;
  /** The From address (the shop's own). */
  from: string;
}

/**
 * Mail for the shop and its customers (docs/engineering.md#stack: nodemailer; without `SMTP_URL`, `.eml` files in
 * `DATA_DIR/outbox`, which any mail client opens, so a fresh install shows what it would send).
 */
export function createMailer({ smtpUrl, outboxDir, from }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(mail) {
        const info = await transport.sendMail({ from, ...mail });
        return { transport: 'smtp', id: String(info.messageId) };
      },
    };
  }
  // The outbox is written by hand: nodemailer's MIME composer costs about 1 ms of event-loop time
  // per message, which order placement (budget p95 ≤ 50 ms on one thread) cannot afford. Plain
  // UTF-8 text needs no more than these headers.
  const domain = from.match(/@([^>\s]+)/)?.[1] ?? 'localhost';
  // Made once (again after a failure, e.g. the directory was removed).
  let ready = false;
  return {
    async send(mail) {
      // After the request that handed the mail over has answered (sendLater is called just before
      // the reply is sent): the write below holds the event loop.
      await new Promise((resolve) => setImmediate(resolve));
      const id = randomUUID();
      const file = `${new Date().toISOString().replace(/[:.]/g, '-')}-${id.slice(0, 8)}.eml`;
      const message = composePlainMessage({ from, ...mail }, `<${id}@${domain}>`);
      writeOutboxFile(file, message);
      return { transport: 'outbox', id: file };
    },
  };

  /**
   * One synchronous write of a small file (open, write, close on this thread): the asynchronous
   * fs.writeFile hands each of those three calls to libuv's thread pool and back, which cost
   * ~1.2 ms of CPU per order on the 2-core bench machine (an order mails the shop), 10 % of an
   * order's whole cost, against a few tens of microseconds here. The embedded database already
   * writes its files synchronously on this thread, so this adds no new kind of wait.
   */
  function writeOutboxFile(file: string, message: string): void {
    const target = path.join(outboxDir, file);
    if (!ready) {
      mkdirSync(outboxDir, { recursive: true });
      ready = true;
    }
    try {
      writeFileSync(target, message);
    } catch (error) {
      if ((error as { code?: string }).code !== 'ENOENT') throw error;
      // The outbox was removed while running: make it again.
      mkdirSync(outboxDir, { recursive: true });
      writeFileSync(target, message);
    }
  }
}

/** RFC 2047 encoded-word for header text that is not plain ASCII (subjects with —, names with é). */
function encodeHeader(value: string): string {
  const clean = value.replace(/[\r\n]+/g, ' ');
  return /^[\x20-\x7e]*$/.test(clean) ? clean : `=?UTF-8?B?${Buffer.from(clean, 'utf8').toString('base64')}?=`;
}

/** A complete single-part text/plain message (8bit UTF-8 body, LF line ends like the rest of the outbox). */
export function composePlainMessage(mail: Mail & { from: string }, messageId: string): string {
  return [
    `From: ${encodeHeader(mail.from)}`,
    `To: ${encodeHeader(mail.to)}`,
    `Subject: ${encodeHeader(mail.subject)}`,
    `Message-ID: ${messageId}`,
    `Date: ${new Date().toUTCString().replace('GMT', '+0000')}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    mail.text.replace(/\r\n/g, '\n'),
  ].join('\n');
}
