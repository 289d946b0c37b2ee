import { describe, expect, it } from 'vitest';
import { PASSWORD_REASONS, passwordWeaknesses } from './password-strength.ts';

describe('password strength (docs/product.md#passwords)', () => {
  it('accepts a long, uncommon password', () => {
    expect(passwordWeaknesses('cedar-Shopper-2026!', { email: 'rima@example.com' })).toEqual([]);
  });

  it('gives every reason at once: too short, too common, in plain English', () => {
    const reasons = passwordWeaknesses('password1', {});
    expect(reasons).toContain('Password must be at least 10 characters');
    expect(reasons).toContain(PASSWORD_REASONS.tooCommon);
    // zxcvbn's feedback, as words rather than its keys.
    expect(reasons.some((reason) => /commonly used|frequently used|heavily used/.test(reason))).toBe(true);
    expect(reasons.every((reason) => !/^[a-z]+[A-Z]\w*$/.test(reason))).toBe(true);
  });

  it('refuses a common password even when it is long enough', () => {
    expect(passwordWeaknesses('password123456', {})).toContain(PASSWORD_REASONS.tooCommon);
  });

  it("refuses the email's local part, whatever the case", () => {
    expect(passwordWeaknesses('Zx!RimaHaddad-77q', { email: 'rimahaddad@example.com' })).toContain(
      PASSWORD_REASONS.tooCloseToContact,
    );
  });

  it("refuses the phone's digits, in full or national form", () => {
    const phone = '+96171555123';
    expect(passwordWeaknesses('Qz!96171555123-wv', { phone })).toContain(PASSWORD_REASONS.tooCloseToContact);
    expect(passwordWeaknesses('Qz!71-555-123-wvx', { phone })).toContain(PASSWORD_REASONS.tooCloseToContact);
    expect(passwordWeaknesses('Qz!81-666-204-wvx', { phone })).not.toContain(PASSWORD_REASONS.tooCloseToContact);
  });
});
