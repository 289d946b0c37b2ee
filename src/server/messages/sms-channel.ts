import type { FastifyBaseLogger } from 'fastify';
import { OutboundError, type OutboundFetch, type OutboundResponse } from '#server/security/outbound-fetch.ts';
import { type MessageChannel, maskPhone, TextSendError } from './message-channel.ts';

export interface SmsOptions {
  /** The provider's API base, `https://api.twilio.com` unless a compatible provider (or a test) says otherwise. */
  apiUrl: string;
  /** The account's id: the path's `{AccountSid}` and the basic-auth user. */
  accountSid: string;
  /** The account's secret: the basic-auth password (never logged, never in an error). */
  authToken: string;
  /** The sending number (E.164) or alphanumeric sender id. */
  from: string;
  /** The guarded fetcher (security/outbound-fetch.ts): the URL is a merchant's setting. */
  fetch: OutboundFetch;
  /** Milliseconds before a send is given up. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * A generic HTTP SMS provider speaking Twilio's Messages API (docs/operations.md#text-messages-one-time-codes-and-order-texts):
 * `POST {apiUrl}/2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded `To`, `From` and
 * `Body`, HTTP basic auth with the account id and its token; `201 Created` means the provider took
 * the message. Anything else is a refused send, reported by its status alone: the provider's error
 * body may echo the number and the text (a one-time code), so it is never read, logged or put in
 * the error. The call goes through the guarded fetcher: the API base comes from the settings.
 *
 * Errors are TextSendErrors in the merchant's words and carry no secret: "The SMS provider refused
 * the message (HTTP 400)", "The SMS provider did not answer within 10 s", "Could not reach the SMS
 * provider".
 */
export function createSmsChannel(options: SmsOptions, log: FastifyBaseLogger): MessageChannel {
  const base = options.apiUrl.replace(/\/+$/, '');
  const endpoint = `${base}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return {
    name: 'sms',
    async send({ to, text }) {
      let response: OutboundResponse;
      try {
        response = await options.fetch(endpoint, {
          method: 'POST',
          headers: {
            authorization,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: new URLSearchParams({ To: to, From: options.from, Body: text }).toString(),
          timeoutMs,
        });
      } catch (error) {
        const reason = error instanceof OutboundError ? error.reason : 'unreachable';
        const host = error instanceof OutboundError ? error.host : undefined;
        log.warn({ channel: 'sms', to: maskPhone(to), timedOut: reason === 'timeout', reason }, 'message not sent');
        // A new error: the fetcher's own carries a cause chain nobody needs.
        if (reason === 'timeout') {
          throw new TextSendError(
            'sms',
            'timeout',
            `The SMS provider did not answer within ${formatSeconds(timeoutMs)}`,
            {
              host,
              timeoutMs,
            },
          );
        }
        if (reason === 'private-address') {
          throw new TextSendError(
            'sms',
            'private-address',
            'The SMS API address is a private or local address; the shop calls public addresses only',
            { host },
          );
        }
        throw new TextSendError('sms', 'unreachable', 'Could not reach the SMS provider', { host });
      }
      if (response.status !== 201) {
        log.warn({ channel: 'sms', status: response.status, to: maskPhone(to) }, 'message not accepted');
        throw new TextSendError('sms', 'refused', `The SMS provider refused the message (HTTP ${response.status})`, {
          status: response.status,
        });
      }
    },
  };
}

export const formatSeconds = (ms: number) => (ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`);
