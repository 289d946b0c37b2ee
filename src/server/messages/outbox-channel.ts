import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { type MessageChannel, maskPhone } from './message-channel.ts';

/**
 * The default channel: each message becomes `DATA_DIR/outbox/sms-<time>-<id>.txt` (a `To:` line,
 * a blank line, the text), which is where a merchant without an SMS provider reads the codes. The
 * log says only that a message was written: the number masked and the file's name, never the
 * text, since the text is a one-time code or a password-reset code (docs/engineering.md#data-rules).
 */
export function createOutboxChannel(outboxDir: string, log: FastifyBaseLogger): MessageChannel {
  return {
    name: 'outbox',
    async send({ to, text }) {
      await mkdir(outboxDir, { recursive: true });
      const file = `sms-${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.txt`;
      await writeFile(path.join(outboxDir, file), `To: ${to}\n\n${text}\n`);
      log.info({ channel: 'outbox', file, to: maskPhone(to) }, 'message written to the outbox');
    },
  };
}
