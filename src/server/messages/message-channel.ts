/**
 * Short text messages to a phone (one-time codes): docs/product.md#one-time-codes-and-links.
 * The default writes them to the outbox (outbox-channel.ts; the log only says a message was
 * written) so a shop without an SMS provider can still test; providers are adapters (whatsapp-channel.ts), chosen by MESSAGE_CHANNEL
 * (docs/operations.md).
 */
export interface OutgoingMessage {
  /** E.164, e.g. +9613555101. */
  to: string;
  text: string;
}

export interface MessageChannel {
  /** Which adapter this is (`outbox`, `whatsapp`); never a secret. */
  readonly name: string;
  /** Resolves once the provider accepted the message; rejects when it did not. */
  send(message: OutgoingMessage): Promise<void>;
}

/** A phone number for a log line: country code and last two digits only. */
export function maskPhone(phone: string): string {
  return phone.length > 6 ? `${phone.slice(0, 4)}…${phone.slice(-2)}` : '…';
}
