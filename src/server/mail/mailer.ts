import { randomUUID } from 'node:crypto';
import { writeFile as writeFileWithCallback } from 'node:fs';
import { mkdir } from 'node:fs/promises';
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
  /** The From address (the shop's own), or how to read it at each send (it is a shop setting). */
  from: string | (() => string);
}

/**
 * Mail for the shop and its customers (docs/engineering.md#stack: nodemailer; without `SMTP_URL`, `.eml` files in
 * `DATA_DIR/outbox`, which any mail client opens, so a fresh install shows what it would send).
 */
export function createMailer({ smtpUrl, outboxDir, from: fromOption }: MailerOptions): Mailer {
  const fromNow = typeof fromOption === 'function' ? fromOption : () => fromOption;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(mail) {
        const info = await transport.sendMail({ from: fromNow(), ...mail });
        return { transport: 'smtp', id: String(info.messageId) };
      },
    };
  }
  // The outbox is written by hand: nodemailer's MIME composer costs about 1 ms of event-loop time
  // per message, which order placement (budget p95 ≤ 50 ms on one thread) cannot afford. Plain
  // UTF-8 text needs no more than these headers.
  const domainOf = (from: string) => from.match(/@([^>\s]+)/)?.[1] ?? 'localhost';
  // Made once (again after a failure, e.g. the directory was removed).
  let ready: Promise<unknown> | undefined;
  return {
    async send(mail) {
      ready ??= mkdir(outboxDir, { recursive: true }).catch((error: unknown) => {
        ready = undefined;
        throw error;
      });
      await ready;
      const id = randomUUID();
      const file = `${new Date().toISOString().replace(/[:.]/g, '-')}-${id.slice(0, 8)}.eml`;
      const target = path.join(outboxDir, file);
      const from = fromNow();
      const message = composePlainMessage({ from, ...mail }, `<${id}@${domainOf(from)}>`);
      await writeFile(target, message).catch(async (error: { code?: string }) => {
        if (error.code !== 'ENOENT') throw error;
        // The outbox was removed while running: make it again.
        await mkdir(outboxDir, { recursive: true });
        await writeFile(target, message);
      });
      return { transport: 'outbox', id: file };
    },
  };
}

/**
 * fs.writeFile with a callback, as a promise: the promise API's FileHandle (open, write, close as
 * three promise round trips) cost ~0.3 ms of event loop per message in the order bench.
 */
function writeFile(target: string, data: string): Promise<void> {
  return new Promise((resolve, reject) => {
    writeFileWithCallback(target, data, (error) => (error ? reject(error) : resolve()));
  });
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
