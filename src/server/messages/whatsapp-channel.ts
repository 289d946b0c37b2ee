import type { FastifyBaseLogger } from 'fastify';
import { type MessageChannel, maskPhone } from './message-channel.ts';

export interface WhatsAppOptions {
  /** A permanent or system-user access token of the WhatsApp Business account (never logged). */
  token: string;
  phoneNumberId: string;
  /** The Graph API base, `https://graph.facebook.com/v20.0` unless a test points it elsewhere. */
  apiUrl: string;
  /** Milliseconds before a send is given up. */
  timeoutMs?: number;
}

/**
 * WhatsApp Cloud API adapter: POST {apiUrl}/{phone_number_id}/messages with a text message. The
 * project has no guarded outbound fetcher, and the URL comes from configuration only (never from
 * a request), so plain fetch with a timeout is used. Codes are in the body only, never logged.
 */
export function createWhatsAppChannel(options: WhatsAppOptions, log: FastifyBaseLogger): MessageChannel {
  const endpoint = `${options.apiUrl.replace(/\/+$/, '')}/${encodeURIComponent(options.phoneNumberId)}/messages`;
  return {
    name: 'whatsapp',
    async send({ to, text }) {
      const response = await fetch(endpoint, {
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
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      if (!response.ok) {
        // The error body may echo the request; only the status is kept.
        await response.body?.cancel();
        log.warn({ channel: 'whatsapp', status: response.status, to: maskPhone(to) }, 'message not accepted');
        throw new Error(`WhatsApp Cloud API answered ${response.status}`);
      }
      await response.body?.cancel();
    },
  };
}
