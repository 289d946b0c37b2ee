import { describe, expect, it } from 'vitest';
import { createSecretBox, isSealed } from './secret-box.ts';

const SECRET = 'instance-secret-0123456789abcdefghijklmnop';

describe('secret box (AES-256-GCM, HKDF key per purpose)', () => {
  const box = createSecretBox(SECRET, 'totp-secret');

  it('seals to a v1: value that opens only for its own context, key and purpose', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'user-1');
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed, 'user-1')).toBe('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed, 'user-2')).toBeNull();
    expect(
      createSecretBox('another-instance-secret-0123456789abcdef', 'totp-secret').open(sealed, 'user-1'),
    ).toBeNull();
    expect(createSecretBox(SECRET, 'smtp-password').open(sealed, 'user-1')).toBeNull();
  });

  it('uses a fresh nonce each time, and refuses altered, cut or unsealed values', () => {
    const one = box.seal('same', 'u');
    expect(box.seal('same', 'u')).not.toBe(one);
    const body = one.slice(3);
    const flipped = `v1:${body.slice(0, 10)}${body[10] === 'A' ? 'B' : 'A'}${body.slice(11)}`;
    expect(box.open(flipped, 'u')).toBeNull();
    expect(box.open(one.slice(0, 20), 'u')).toBeNull();
    expect(box.open('v1:', 'u')).toBeNull();
    expect(box.open('JBSWY3DPEHPK3PXP', 'u')).toBeNull();
  });
});
