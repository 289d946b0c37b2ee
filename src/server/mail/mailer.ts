import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
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
 * Mail for the shop and its customers (DESIGN.md: nodemailer; without `SMTP_URL`, `.eml` files in
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
  // Builds the complete message (headers, encoding) without sending it anywhere.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await composer.sendMail({ from, ...mail });
      await mkdir(outboxDir, { recursive: true });
      const file = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
      await writeFile(path.join(outboxDir, file), info.message as Buffer);
      return { transport: 'outbox', id: file };
    },
  };
}
