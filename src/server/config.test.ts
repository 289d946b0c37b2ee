import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('applies the defaults of docs/engineering.md#configuration', () => {
    const config = loadConfig({}, '/srv/shop');
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe('./data');
    expect(config.paths.database).toBe(path.resolve('/srv/shop/data/db'));
    expect(config.paths.uploads).toBe(path.resolve('/srv/shop/data/uploads'));
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SHOP_NAME).toBe('Cedar Shop');
    expect(config.JWT_EXPIRES_IN).toBe('7d');
    expect(config.ACCESS_TOKEN_TTL).toBe('15m');
    expect(config.FEATURE_ADMIN_PANEL).toBe(true);
    expect(config.FEATURE_MOCK_DATA).toBe(false);
  });

  it('reads valid values', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://shop@db:5432/shop',
      FEATURE_WHATSAPP: 'false',
      ADMIN_LOGIN_PATH: 'back-office-7f3a',
      DATABASE_URL_UNUSED: 'x',
    });
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBe('postgres://shop@db:5432/shop');
    expect(config.FEATURE_WHATSAPP).toBe(false);
    expect(config.ADMIN_LOGIN_PATH).toBe('back-office-7f3a');
  });

  it('treats empty values as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', ADMIN_PASSWORD: '', REDIS_URL: '' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.ADMIN_PASSWORD).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid configuration: PORT must be a port number \(got "abc"\)$/],
    [{ PORT: '70000' }, /^Invalid configuration: PORT must be between 0 and 65535 \(got "70000"\)$/],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid configuration: DATABASE_URL must be a URL starting with postgres:\/\//],
    [{ FEATURE_SEARCH: 'maybe' }, /^Invalid configuration: FEATURE_SEARCH must be true or false/],
    [
      { ACCESS_TOKEN_TTL: '15 minutes' },
      /^Invalid configuration: ACCESS_TOKEN_TTL must be a number followed by d, h, m or s/,
    ],
    [{ ADMIN_LOGIN_PATH: '/admin' }, /^Invalid configuration: ADMIN_LOGIN_PATH must be 6-63 lowercase/],
    [
      { ADMIN_PASSWORD: 'short' },
      /^Invalid configuration: ADMIN_PASSWORD must be at least 12 characters \(got "\*\*\*"\)$/,
    ],
  ])('stops with one clear line naming the variable for %o', (env, expected) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message.split('\n')).toHaveLength(1);
    expect(message).toMatch(expected);
  });

  it('reads ALLOWED_HOSTS as a lowercase list and refuses what is not a host', () => {
    expect(loadConfig({}).ALLOWED_HOSTS).toEqual([]);
    expect(loadConfig({ ALLOWED_HOSTS: ' Shop.Example.com, localhost:3000,,' }).ALLOWED_HOSTS).toEqual([
      'shop.example.com',
      'localhost:3000',
    ]);
    expect(() => loadConfig({ ALLOWED_HOSTS: 'https://shop.example.com' })).toThrow(
      /^Invalid configuration: ALLOWED_HOSTS must be host names/,
    );
  });

  it('reads TRUST_PROXY as off, a hop count or proxy addresses, and never as "trust everyone"', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'off' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: ' 127.0.0.1, 10.0.0.0/8 ,loopback,::1' }).TRUST_PROXY).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      'loopback',
      '::1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /^Invalid configuration: TRUST_PROXY must be a hop count/,
    );
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.lan,10.0.0.0/40' })).toThrow(
      /TRUST_PROXY must be off, a hop count, or IP addresses and CIDR ranges separated by commas \(not proxy.lan, 10.0.0.0\/40\)/,
    );
    expect(loadConfig({}).ADMIN_IP_ALLOWLIST_BYPASS).toBe(false);
    expect(loadConfig({ ADMIN_IP_ALLOWLIST_BYPASS: 'true' }).ADMIN_IP_ALLOWLIST_BYPASS).toBe(true);
  });

  it('never echoes a secret value', () => {
    expect(() => loadConfig({ JWT_SECRET: 'too-short-secret' })).toThrow(/JWT_SECRET .*\(got "\*\*\*"\)/);
  });
});
