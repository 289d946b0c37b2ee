import type { FastifyBaseLogger } from 'fastify';
import { type MessageChannel, maskPhone } from './message-channel.ts';

export interface SmsOptions {
  /** The provider's API base, `https://api.twilio.com` unless a test (or a compatible provider) points it elsewhere. */
  apiUrl: string;
  /** The account's id: the path's `{AccountSid}` and the basic-auth user. */
  accountSid: string;
  /** The account's secret: the basic-auth password (never logged, never in an error). */
  authToken: string;
  /** The sending number (E.164) or alphanumeric sender id. */
  from: string;
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
 * the error. The project has no guarded outbound fetcher yet (docs/engineering.md#stack lists one
 * as chosen, not built), and the URL comes from configuration only, never from a request, so plain
 * fetch with a timeout is used, as in whatsapp-channel.ts.
 *
 * Errors are in the merchant's words and carry no secret: "The SMS provider refused the message
 * (HTTP 400)", "The SMS provider did not answer within 10 s", "Could not reach the SMS provider".
 */
export function createSmsChannel(options: SmsOptions, log: FastifyBaseLogger): MessageChannel {
  const base = options.apiUrl.replace(/\/+$/, '');
  const endpoint = `${base}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return {
    name: 'sms',
    async send({ to, text }) {
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: {
            authorization,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: new URLSearchParams({ To: to, From: options.from, Body: text }).toString(),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        log.warn({ channel: 'sms', to: maskPhone(to), timedOut }, 'message not sent');
        // A new error: fetch's own may name the address and carries a cause chain nobody needs.
        throw new Error(
          timedOut
            ? `The SMS provider did not answer within ${formatSeconds(timeoutMs)}`
            : 'Could not reach the SMS provider',
        );
      }
      // Only the status is kept: the body may echo the number and the code.
      await response.body?.cancel();
      if (response.status !== 201) {
        log.warn({ channel: 'sms', status: response.status, to: maskPhone(to) }, 'message not accepted');
        throw new Error(`The SMS provider refused the message (HTTP ${response.status})`);
      }
    },
  };
}

const formatSeconds = (ms: number) => (ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`);
