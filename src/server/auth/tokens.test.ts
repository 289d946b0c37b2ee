import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { hashToken, newRefreshToken, signAccessToken, verifyAccessToken } from './tokens.ts';

const SECRET = 'unit-test-secret-that-is-long-enough-0123456789';
const claims = { sub: 'user-1', role: 'admin' as const, sid: 'family-1' };
const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('access tokens', () => {
  it('marks shopper tokens with their audience and reads it back (decision 013)', async () => {
    const token = await signAccessToken({ ...claims, role: 'customer', audience: 'shopper' }, SECRET, 60_000);
    const [, payload] = token.split('.');
    expect(JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()).aud).toBe('cedar-shopper');
    expect(await verifyAccessToken(token, SECRET)).toEqual({
      ok: true,
      claims: { ...claims, role: 'customer', audience: 'shopper' },
    });
  });

  it('round-trips the claims', async () => {
    const token = await signAccessToken(claims, SECRET, 15 * 60_000);
    expect(await verifyAccessToken(token, SECRET)).toEqual({ ok: true, claims: { ...claims, audience: 'staff' } });
    const [, payload] = token.split('.');
    const decoded = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    expect(decoded).toMatchObject({ iss: 'cedar-shop', sub: 'user-1', role: 'admin', sid: 'family-1' });
    expect(decoded.exp - decoded.iat).toBe(900);
  });

  it('says "expired" only for a genuine token past its expiry', async () => {
    const expired = await signAccessToken(claims, SECRET, 1000, Date.now() - 10_000);
    expect(await verifyAccessToken(expired, SECRET)).toEqual({ ok: false, reason: 'expired' });
    expect(await verifyAccessToken(expired, `${SECRET}x`)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses alg none, another secret, another issuer, missing claims and garbage', async () => {
    const now = Math.floor(Date.now() / 1000);
    const none = `${base64url({ alg: 'none' })}.${base64url({ ...claims, iss: 'cedar-shop', exp: now + 60 })}.`;
    const otherIssuer = await new SignJWT({ role: 'admin', sid: 's' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u')
      .setIssuer('elsewhere')
      .setExpirationTime('1m')
      .sign(new TextEncoder().encode(SECRET));
    const noSid = await new SignJWT({ role: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u')
      .setIssuer('cedar-shop')
      .setExpirationTime('1m')
      .sign(new TextEncoder().encode(SECRET));
    const hs512 = await new SignJWT({ role: 'admin', sid: 's' })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject('u')
      .setIssuer('cedar-shop')
      .setExpirationTime('1m')
      .sign(new TextEncoder().encode(SECRET));
    for (const token of [none, otherIssuer, noSid, hs512, 'garbage', '', 'a.b.c']) {
      expect(await verifyAccessToken(token, SECRET), token).toEqual({ ok: false, reason: 'invalid' });
    }
    const other = await signAccessToken(claims, `${SECRET}-other`, 60_000);
    expect(await verifyAccessToken(other, SECRET)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses a token signed with the server key but without exp (or iat): it would never expire', async () => {
    const key = new TextEncoder().encode(SECRET);
    const noExp = await new SignJWT({ role: 'admin', sid: 's' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u')
      .setIssuer('cedar-shop')
      .setIssuedAt()
      .sign(key);
    const noIat = await new SignJWT({ role: 'admin', sid: 's' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u')
      .setIssuer('cedar-shop')
      .setExpirationTime('1m')
      .sign(key);
    expect(await verifyAccessToken(noExp, SECRET)).toEqual({ ok: false, reason: 'invalid' });
    expect(await verifyAccessToken(noIat, SECRET)).toEqual({ ok: false, reason: 'invalid' });
  });
});

describe('refresh tokens', () => {
  it('are 32 random bytes in base64url, stored as a sha256 hex digest', () => {
    const token = newRefreshToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newRefreshToken()).not.toBe(token);
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).toBe(hashToken(token));
    expect(hashToken(token)).not.toContain(token);
  });
});
