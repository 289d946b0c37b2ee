import type { TextChannel } from '#shared/contracts/settings.ts';

/**
 * Short text messages to a phone (one-time codes, order texts): docs/product.md#one-time-codes-and-links.
 * The default writes them to the outbox (outbox-channel.ts; the log only says a message was
 * written) so a shop without an SMS provider can still test; providers are adapters
 * (sms-channel.ts, whatsapp-channel.ts), chosen in Settings → Email (settings-channel.ts,
 * docs/operations.md#text-messages-one-time-codes-and-order-texts).
 */
export interface OutgoingMessage {
  /** E.164, e.g. +9613555101. */
  to: string;
  text: string;
}

export interface MessageChannel {
  /** Which adapter this is (`outbox`, `sms`, `whatsapp`); never a secret. */
  readonly name: TextChannel;
  /** Resolves once the provider accepted the message; rejects when it did not. */
  send(message: OutgoingMessage): Promise<void>;
}

/** A phone number for a log line: country code and last two digits only. */
export function maskPhone(phone: string): string {
  return phone.length > 6 ? `${phone.slice(0, 4)}…${phone.slice(-2)}` : '…';
}

/** Why a provider did not take a text. */
export type TextFailure = 'refused' | 'timeout' | 'unreachable' | 'private-address' | 'not-configured';

/**
 * A text a provider did not take. The message is short and in the merchant's words (the log, the
 * order's delivery log); `explainTextError` (text-errors.ts) says what to do about it. Never the
 * number, the text, a key or the provider's answer (it may echo them): a status at most.
 */
export class TextSendError extends Error {
  constructor(
    readonly provider: 'sms' | 'whatsapp',
    readonly reason: TextFailure,
    message: string,
    readonly details: { status?: number; host?: string; timeoutMs?: number } = {},
  ) {
    super(message);
    this.name = 'TextSendError';
  }
}
