import type { FastifyBaseLogger } from 'fastify';
import type { OutboundFetch } from '#server/security/outbound-fetch.ts';
import type { SettingsSection, SettingsValues, TextChannel } from '#shared/contracts/settings.ts';
import { type MessageChannel, TextSendError } from './message-channel.ts';
import { createOutboxChannel } from './outbox-channel.ts';
import { createSmsChannel } from './sms-channel.ts';
import { createWhatsAppChannel } from './whatsapp-channel.ts';

/** Where texts go at this moment: the email settings' text channel with its keys opened. */
export interface TextRoute {
  channel: TextChannel;
  sms: { apiUrl: string; accountSid: string; authToken: string | null; from: string };
  whatsapp: { apiUrl: string; phoneNumberId: string; token: string | null };
}

/** The route of the saved settings (`app.settings`); only the chosen provider's key is opened. */
export function textRouteOf(settings: {
  values: SettingsValues;
  secret(section: SettingsSection, field: string): string | null;
}): TextRoute {
  const email = settings.values.email;
  const channel = email.text_channel;
  return {
    channel,
    sms: {
      apiUrl: email.sms_api_url,
      accountSid: email.sms_account_sid,
      authToken: channel === 'sms' ? settings.secret('email', 'sms_auth_token') : null,
      from: email.sms_from,
    },
    whatsapp: {
      apiUrl: email.whatsapp_api_url,
      phoneNumberId: email.whatsapp_phone_number_id,
      token: channel === 'whatsapp' ? settings.secret('email', 'whatsapp_token') : null,
    },
  };
}

export interface MessageChannelOptions {
  /**
   * Read at every send, so a change in Settings → Email (saved in any process: the settings
   * notification) applies to the next text without a restart.
   */
  route: () => TextRoute;
  outboxDir: string;
  /** The guarded fetcher every provider call goes through. */
  fetch: OutboundFetch;
  log: FastifyBaseLogger;
  /** Milliseconds before a provider is given up (tests shorten it). */
  timeoutMs?: number;
}

/**
 * `app.messages`: the channel the settings name now (docs/operations.md#text-messages-one-time-codes-and-order-texts).
 * The adapter is made again when the channel or its keys change. A provider whose key does not open
 * (saved under another JWT_SECRET) refuses the text, saying so, rather than sending it elsewhere.
 */
export function createMessageChannel(options: MessageChannelOptions): MessageChannel {
  const outbox = createOutboxChannel(options.outboxDir, options.log);
  let cached: { key: string; channel: MessageChannel } | undefined;
  const adapterFor = (route: TextRoute): MessageChannel => {
    if (route.channel === 'outbox') return outbox;
    const key = JSON.stringify([route.channel, route[route.channel]]);
    if (cached?.key === key) return cached.channel;
    let channel: MessageChannel;
    if (route.channel === 'sms') {
      const { apiUrl, accountSid, authToken, from } = route.sms;
      if (!authToken || !accountSid || !from) throw notConfigured('sms');
      channel = createSmsChannel(
        { apiUrl, accountSid, authToken, from, fetch: options.fetch, timeoutMs: options.timeoutMs },
        options.log,
      );
    } else {
      const { apiUrl, phoneNumberId, token } = route.whatsapp;
      if (!token || !phoneNumberId) throw notConfigured('whatsapp');
      channel = createWhatsAppChannel(
        { apiUrl, phoneNumberId, token, fetch: options.fetch, timeoutMs: options.timeoutMs },
        options.log,
      );
    }
    cached = { key, channel };
    return channel;
  };
  return {
    get name() {
      return options.route().channel;
    },
    async send(message) {
      await adapterFor(options.route()).send(message);
    },
  };
}

const notConfigured = (provider: 'sms' | 'whatsapp') =>
  new TextSendError(
    provider,
    'not-configured',
    provider === 'sms'
      ? 'SMS is chosen but its keys are not all saved: enter them again in Settings → Email'
      : 'WhatsApp is chosen but its keys are not all saved: enter them again in Settings → Email',
  );
