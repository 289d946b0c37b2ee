import type { FastifyBaseLogger } from 'fastify';
import { OutboundError, type OutboundFetch, type OutboundResponse } from '#server/security/outbound-fetch.ts';
import { type MessageChannel, maskPhone, TextSendError } from './message-channel.ts';
import { formatSeconds } from './sms-channel.ts';

export interface WhatsAppOptions {
  /** A permanent or system-user access token of the WhatsApp Business account (never logged). */
  token: string;
  phoneNumberId: string;
  /** The Graph API base, `https://graph.facebook.com/v20.0` unless a test points it elsewhere. */
  apiUrl: string;
  /** The guarded fetcher (security/outbound-fetch.ts): the URL is a merchant's setting. */
  fetch: OutboundFetch;
  /** Milliseconds before a send is given up. */
  timeoutMs?: number;
}

/**
 * WhatsApp Cloud API adapter: POST {apiUrl}/{phone_number_id}/messages with a text message,
 * through the guarded fetcher (the API base comes from the settings). A 2xx means Meta took it;
 * anything else is a refused send, reported by its status alone (the answer may echo the request).
 * Codes are in the body only, never logged.
 */
export function createWhatsAppChannel(options: WhatsAppOptions, log: FastifyBaseLogger): MessageChannel {
  const endpoint = `${options.apiUrl.replace(/\/+$/, '')}/${encodeURIComponent(options.phoneNumberId)}/messages`;
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    name: 'whatsapp',
    async send({ to, text }) {
      let response: OutboundResponse;
      try {
        response = await options.fetch(endpoint, {
          method: 'POST',
          headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            messaging_product: 'whatsapp',
            recipient_type: 'individual',
            // The Cloud API wants the number without the plus.
            to: to.replace(/^\+/, ''),
            type: 'text',
            text: { preview_url: false, body: text },
          }),
          timeoutMs,
        });
      } catch (error) {
        const reason = error instanceof OutboundError ? error.reason : 'unreachable';
        const host = error instanceof OutboundError ? error.host : undefined;
        log.warn(
          { channel: 'whatsapp', to: maskPhone(to), timedOut: reason === 'timeout', reason },
          'message not sent',
        );
        if (reason === 'timeout') {
          throw new TextSendError('whatsapp', 'timeout', `WhatsApp did not answer within ${formatSeconds(timeoutMs)}`, {
            host,
            timeoutMs,
          });
        }
        if (reason === 'private-address') {
          throw new TextSendError(
            'whatsapp',
            'private-address',
            'The WhatsApp API address is a private or local address; the shop calls public addresses only',
            { host },
          );
        }
        throw new TextSendError('whatsapp', 'unreachable', 'Could not reach WhatsApp', { host });
      }
      if (response.status < 200 || response.status > 299) {
        log.warn({ channel: 'whatsapp', status: response.status, to: maskPhone(to) }, 'message not accepted');
        throw new TextSendError('whatsapp', 'refused', `WhatsApp refused the message (HTTP ${response.status})`, {
          status: response.status,
        });
      }
    },
  };
}
