import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { type MessageChannel, maskPhone } from './message-channel.ts';

/**
 * The default channel: each message becomes `DATA_DIR/outbox/sms-<time>-<id>.txt` (a `To:` line,
 * a blank line, the text), which is where a merchant without an SMS provider reads the codes. The
 * log says only that a message was written: the number masked and the file's name, never the
 * text, since the text is a one-time code or a password-reset code (docs/engineering.md#data-rules).
 *
 * Written synchronously, as the mail outbox is (mail/mailer.ts `createOutbox`): one small file,
 * where the promise API's mkdir, open, write and close each went through the thread pool and back
 * for every text (an order's text among them).
 */
export function createOutboxChannel(outboxDir: string, log: FastifyBaseLogger): MessageChannel {
  // Made once (again when it was removed while running: the write below says ENOENT).
  let ready = false;
  return {
    name: 'outbox',
    async send({ to, text }) {
      if (!ready) {
        mkdirSync(outboxDir, { recursive: true });
        ready = true;
      }
      const file = `sms-${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.txt`;
      const target = path.join(outboxDir, file);
      const content = `To: ${to}\n\n${text}\n`;
      try {
        writeFileSync(target, content);
      } catch (error) {
        if ((error as { code?: string }).code !== 'ENOENT') throw error;
        mkdirSync(outboxDir, { recursive: true });
        writeFileSync(target, content);
      }
      log.info({ channel: 'outbox', file, to: maskPhone(to) }, 'message written to the outbox');
    },
  };
}
