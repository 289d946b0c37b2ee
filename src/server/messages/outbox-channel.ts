import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { type MessageChannel, maskPhone } from './message-channel.ts';

/**
 * The default channel: each message becomes `DATA_DIR/outbox/sms-<time>-<id>.txt` (a `To:` line,
 * a blank line, the text) and one info log line with the text (the number masked: the file has it). This is the only place a one-time
 * code is ever logged, on purpose: a merchant without an SMS provider reads codes from the log.
 */
export function createOutboxChannel(outboxDir: string, log: FastifyBaseLogger): MessageChannel {
  return {
    name: 'outbox',
    async send({ to, text }) {
      await mkdir(outboxDir, { recursive: true });
      const file = `sms-${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.txt`;
      await writeFile(path.join(outboxDir, file), `To: ${to}\n\n${text}\n`);
      log.info({ channel: 'outbox', file }, `message to ${maskPhone(to)}: ${text}`);
    },
  };
}
