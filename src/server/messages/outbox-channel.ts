import type { FastifyBaseLogger } from 'fastify';
import { appendToOutbox } from '#server/mail/outbox-file.ts';
import { type MessageChannel, maskPhone } from './message-channel.ts';

/**
 * The default channel: each text is appended to the day's `DATA_DIR/outbox/texts-<date>.mbox`
 * (outbox-file.ts: a `To:` and a `Date:` line, a blank line, the text), which is where a merchant
 * without an SMS provider reads the codes. The log says only that a message was written: the
 * number masked and the file's name, never the text, since the text is a one-time code or a
 * password-reset code (docs/engineering.md#data-rules).
 */
export function createOutboxChannel(outboxDir: string, log: FastifyBaseLogger): MessageChannel {
  return {
    name: 'outbox',
    async send({ to, text }) {
      const file = appendToOutbox(outboxDir, 'text', `To: ${to}\nDate: ${new Date().toUTCString()}\n\n${text}\n`);
      log.info({ channel: 'outbox', file, to: maskPhone(to) }, 'message written to the outbox');
    },
  };
}
