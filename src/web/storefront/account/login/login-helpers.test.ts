import { describe, expect, it } from 'vitest';
import { contactFieldOf, loginMode, passwordChecks, safeNext, sameSiteReferrer } from './login-helpers.ts';

describe('login helpers', () => {
  it('reads the mode, signing in by default', () => {
    expect(loginMode('signup')).toBe('signup');
    expect(loginMode('forgot')).toBe('forgot');
    expect(loginMode(null)).toBe('signin');
    expect(loginMode('admin')).toBe('signin');
  });

  it("puts the server's field errors on the form's fields", () => {
    expect(contactFieldOf('email')).toBe('contact');
    expect(contactFieldOf('phone')).toBe('contact');
    expect(contactFieldOf('newPassword')).toBe('password');
    expect(contactFieldOf('code')).toBe('code');
    expect(contactFieldOf('token')).toBeNull();
  });

  it('goes back only to a path of this site, never to /login', () => {
    expect(safeNext('/checkout?step=2')).toBe('/checkout?step=2');
    expect(safeNext('https://evil.example/', '//evil.example', '/\\evil', '/login?x=1', '/store')).toBe('/store');
    expect(safeNext(null, undefined)).toBe('/account');
    expect(sameSiteReferrer('http://shop.test/product/a?x=1', 'http://shop.test')).toBe('/product/a?x=1');
    expect(sameSiteReferrer('http://other.test/', 'http://shop.test')).toBeNull();
    expect(sameSiteReferrer('', 'http://shop.test')).toBeNull();
  });

  it('checks a new password as the shopper types', () => {
    const met = (password: string, contact?: string) => passwordChecks(password, contact).map((check) => check.met);
    expect(met('')).toEqual([false, false, false]);
    expect(met('short1')).toEqual([false, true, true]);
    expect(met('onlyletterslong')).toEqual([true, false, true]);
    expect(met('cedar-grove-42', 'rima@example.com')).toEqual([true, true, true]);
    expect(met('rima-password-1', 'rima@example.com')).toEqual([true, true, false]);
    expect(met('pass-03123456', '03 123 456')).toEqual([true, true, false]);
  });
});
