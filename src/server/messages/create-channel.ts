import type { FastifyBaseLogger } from 'fastify';
import { type Config, ConfigError } from '#server/config.ts';
import type { MessageChannel } from './message-channel.ts';
import { createOutboxChannel } from './outbox-channel.ts';
import { createSmsChannel } from './sms-channel.ts';
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
  if (config.MESSAGE_CHANNEL === 'sms') {
    const missing = (['SMS_ACCOUNT_SID', 'SMS_AUTH_TOKEN', 'SMS_FROM'] as const).filter((key) => !config[key]);
    if (!config.SMS_ACCOUNT_SID || !config.SMS_AUTH_TOKEN || !config.SMS_FROM) {
      throw new ConfigError(
        `Invalid configuration: MESSAGE_CHANNEL sms needs SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM (missing: ${missing.join(', ')})`,
      );
    }
    return createSmsChannel(
      {
        apiUrl: config.SMS_API_URL,
        accountSid: config.SMS_ACCOUNT_SID,
        authToken: config.SMS_AUTH_TOKEN,
        from: config.SMS_FROM,
      },
      log,
    );
  }
  return createOutboxChannel(config.paths.outbox, log);
}
