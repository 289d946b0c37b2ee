import { TextSendError } from './message-channel.ts';

const PROVIDER = { sms: 'The SMS provider', whatsapp: 'WhatsApp' } as const;

/**
 * A text that did not go out, in a merchant's words with what to check (the test text's verdict
 * and the order's delivery log): built from the provider's status and our own reason only, never
 * its answer, a key or the text.
 */
export function explainTextError(error: unknown): string {
  if (!(error instanceof TextSendError)) return 'The text could not be sent.';
  const { provider, reason, details } = error;
  const who = PROVIDER[provider];
  const address = provider === 'sms' ? 'SMS API address' : 'WhatsApp API address';
  switch (reason) {
    case 'not-configured':
      return error.message;
    case 'timeout':
      return `${error.message}. Try again later, or check the ${address}.`;
    case 'unreachable':
      return `Could not reach ${provider === 'sms' ? 'the SMS provider' : 'WhatsApp'}${
        details.host ? ` at ${details.host}` : ''
      }. Check the ${address}.`;
    case 'private-address':
      return `The ${address}${details.host ? ` (${details.host})` : ''} is on this server or a private network, which the shop does not call. Use the provider's public address.`;
    case 'refused':
      return refusal(provider, who, details.status ?? 0);
  }
}

function refusal(provider: 'sms' | 'whatsapp', who: string, status: number): string {
  const http = `(HTTP ${status})`;
  if (status === 401 || status === 403) {
    return provider === 'sms'
      ? `${who} refused the account SID or auth token ${http}. Check both, save, and try again.`
      : `${who} refused the access token ${http}: it is wrong or has expired. Paste a new one, save, and try again.`;
  }
  if (status === 404) {
    return provider === 'sms'
      ? `${who} does not know this account ${http}. Check the account SID and the SMS API address.`
      : `${who} does not know this phone number ID ${http}. Check it in WhatsApp Manager, and the WhatsApp API address.`;
  }
  if (status === 429) return `${who} is limiting the shop's messages ${http}. Wait a little and try again.`;
  if (status >= 500) return `${who} had a problem of its own ${http}. Try again later.`;
  if (status === 400 || status === 422) {
    return provider === 'sms'
      ? `${who} refused the message ${http}. Check the sender (a number the account owns, or a sender name allowed in that country) and the number you sent to.`
      : `${who} refused the message ${http}. Check the number you sent to, and that the phone number ID belongs to this access token.`;
  }
  return `${who} refused the message ${http}.`;
}
