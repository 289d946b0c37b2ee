import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets the server must read back (authenticator secrets today; SMTP passwords and API keys
 * later) are stored sealed with AES-256-GCM under a key derived from the instance secret
 * (docs/engineering.md#data-rules): a copy of the table alone reveals none of them.
 *
 * Stored form: `v1:` + base64url(iv ‖ ciphertext ‖ tag). The version prefix lets a later key or
 * algorithm live beside this one, and tells a sealed value from a legacy clear one. Each value is
 * bound to what it belongs to (`context`, e.g. the user's id, as GCM's additional data), so a
 * sealed value copied onto another row does not open there.
 */
const VERSION = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface SecretBox {
  seal(plain: string, context: string): string;
  /** The clear value, or null when the value is not sealed, was altered, or belongs elsewhere. */
  open(sealed: string, context: string): string | null;
}

export const isSealed = (stored: string): boolean => stored.startsWith(VERSION);

/**
 * One key per purpose (HKDF-SHA256 of the instance secret with the purpose as `info`), so the
 * key that seals authenticator secrets is never the one that signs tokens or seals anything else.
 */
export function createSecretBox(instanceSecret: string, purpose: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', instanceSecret, 'cedar-secret-box', purpose, 32));
  return {
    seal(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return VERSION + Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
    },
    open(sealed, context) {
      if (!isSealed(sealed)) return null;
      const raw = Buffer.from(sealed.slice(VERSION.length), 'base64url');
      if (raw.length < IV_BYTES + TAG_BYTES) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
        const body = raw.subarray(IV_BYTES, raw.length - TAG_BYTES);
        return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
      } catch {
        // A wrong tag (altered bytes, another key or another row): fail closed.
        return null;
      }
    },
  };
}
