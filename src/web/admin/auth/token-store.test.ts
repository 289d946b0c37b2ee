import { afterEach, describe, expect, it } from 'vitest';
import type { LoginResponse } from '#shared/contracts/auth.ts';
import { OWNER } from '#web/test/admin.tsx';
import {
  clearSession,
  EXPIRING_SOON_MS,
  hasStoredSession,
  isExpiringSoon,
  isIdleTooLong,
  readAccessToken,
  readExpiresAt,
  readLastActivity,
  readRefreshToken,
  readSignInPath,
  recordActivity,
  saveSession,
  saveSignInPath,
  TOKEN_KEYS,
} from './token-store.ts';

const login: LoginResponse = { token: 'access-1', refreshToken: 'refresh-1', expiresIn: '15m', user: OWNER };
const NOW = 1_800_000_000_000;

afterEach(() => localStorage.clear());

describe('token store (docs/product.md#admin-session-in-the-browser)', () => {
  it('stores the access token, refresh token, expiry (issue time + duration) and user', () => {
    saveSession(login, NOW);
    expect(localStorage.getItem(TOKEN_KEYS.accessToken)).toBe('access-1');
    expect(readRefreshToken()).toBe('refresh-1');
    expect(readExpiresAt()).toBe(NOW + 900_000);
    expect(JSON.parse(localStorage.getItem(TOKEN_KEYS.user) ?? 'null')).toEqual(OWNER);
    expect(hasStoredSession()).toBe(true);
  });

  it('reads expiresIn in the docs/product.md#expiry-durations format, and takes 7 days for a value it cannot read (docs/product.md#limits-and-constants)', () => {
    for (const [expiresIn, ms] of [
      ['45s', 45_000],
      ['30m', 1_800_000],
      ['12h', 43_200_000],
      ['7d', 604_800_000],
    ] as const) {
      saveSession({ ...login, expiresIn }, NOW);
      expect(readExpiresAt(), expiresIn).toBe(NOW + ms);
    }
    for (const expiresIn of ['', '15 minutes', '1.5h', '0m', 900 as unknown as string]) {
      saveSession({ ...login, expiresIn }, NOW);
      expect(readExpiresAt(), String(expiresIn)).toBe(NOW + 7 * 86_400_000);
    }
  });

  it('counts a token as expiring soon within 5 minutes of its expiry', () => {
    saveSession(login, NOW);
    expect(isExpiringSoon(NOW)).toBe(false);
    expect(isExpiringSoon(NOW + 900_000 - EXPIRING_SOON_MS - 1)).toBe(false);
    expect(isExpiringSoon(NOW + 900_000 - EXPIRING_SOON_MS)).toBe(true);
    expect(EXPIRING_SOON_MS).toBe(300_000);
  });

  it('clears an expired access token when it is read, keeping the refresh token', () => {
    saveSession(login, NOW);
    expect(readAccessToken(NOW + 899_999)).toBe('access-1');
    expect(readAccessToken(NOW + 900_000)).toBeNull();
    expect(localStorage.getItem(TOKEN_KEYS.accessToken)).toBeNull();
    expect(localStorage.getItem(TOKEN_KEYS.expiresAt)).toBeNull();
    expect(readRefreshToken()).toBe('refresh-1');
  });

  it('treats a token without a readable expiry as expired', () => {
    localStorage.setItem(TOKEN_KEYS.accessToken, 'access-1');
    localStorage.setItem(TOKEN_KEYS.expiresAt, 'tomorrow');
    expect(readAccessToken(NOW)).toBeNull();
    expect(isExpiringSoon(NOW)).toBe(true);
  });

  it('sign-out clears everything except where to sign in again', () => {
    saveSession(login, NOW);
    saveSignInPath('/admin-1a2b3c');
    clearSession();
    for (const key of [TOKEN_KEYS.accessToken, TOKEN_KEYS.refreshToken, TOKEN_KEYS.expiresAt, TOKEN_KEYS.user]) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(hasStoredSession()).toBe(false);
    expect(readSignInPath()).toBe('/admin-1a2b3c');
  });

  it('sends a browser that never signed in here to the shop, and ignores a tampered path', () => {
    expect(readSignInPath()).toBe('/');
    saveSignInPath('//evil.example/x');
    expect(readSignInPath()).toBe('/');
  });
});

describe('idle timeout (docs/product.md#staff-sessions)', () => {
  it('keeps the timeout the server sent and says when the admin has been away longer', () => {
    saveSession({ ...login, idleTimeout: '30m' }, NOW);
    expect(isIdleTooLong(NOW)).toBe(false); // no activity known yet: the server's rule alone
    recordActivity(NOW);
    expect(readLastActivity()).toBe(NOW);
    expect(isIdleTooLong(NOW + 30 * 60_000)).toBe(false);
    expect(isIdleTooLong(NOW + 30 * 60_000 + 1)).toBe(true);
    clearSession();
    expect(localStorage.getItem(TOKEN_KEYS.idleTimeout)).toBeNull();
    expect(readLastActivity()).toBeNull();
  });

  it('a session without a timeout (from before the rule) is never idle here', () => {
    saveSession(login, NOW);
    recordActivity(NOW);
    expect(isIdleTooLong(NOW + 365 * 86_400_000)).toBe(false);
  });
});
