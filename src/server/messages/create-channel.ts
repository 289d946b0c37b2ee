import type { FastifyBaseLogger } from 'fastify';
import { type Config, ConfigError } from '#server/config.ts';
import type { MessageChannel } from './message-channel.ts';
import { createOutboxChannel } from './outbox-channel.ts';
import { createWhatsAppChannel } from './whatsapp-channel.ts';

/** The channel MESSAGE_CHANNEL names (docs/operations.md); a provider without its keys stops the start. */
export function createMessageChannel(config: Config, log: FastifyBaseLogger): MessageChannel {
  if (config.MESSAGE_CHANNEL === 'whatsapp') {
    if (!config.WHATSAPP_TOKEN || !config.WHATSAPP_PHONE_NUMBER_ID) {
      throw new ConfigError(
        'Invalid configuration: MESSAGE_CHANNEL whatsapp needs WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID',
      );
    }
    return createWhatsAppChannel(
      { token: config.WHATSAPP_TOKEN, phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID, apiUrl: config.WHATSAPP_API_URL },
      log,
    );
  }
  return createOutboxChannel(config.paths.outbox, log);
}
