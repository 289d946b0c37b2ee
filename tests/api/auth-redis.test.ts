import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '#shared/contracts/auth.ts';
import { createUser, TEST_PASSWORD } from '../helpers/auth.ts';
import { deleteKeys, Redis, redisForTests, TEST_REDIS_URL, uniquePrefix } from '../helpers/redis.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// Skipped on a machine without Redis; under .ci/run a missing Redis fails the file (redisForTests).
const reachable = await redisForTests();

describe.skipIf(!reachable)('sign-in limits shared through Redis', () => {
  const prefix = uniquePrefix();
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    const options = {
      env: { REDIS_URL: TEST_REDIS_URL },
      rateLimitPrefix: prefix,
      authRateLimits: {
        loginFailuresPerAccount: { limit: 3, windowMs: 60_000 },
        loginFailuresPerAccountAndAddress: { limit: 3, windowMs: 60_000 },
        loginAttemptsPerIp: { limit: 100, windowMs: 60_000 },
      },
    };
    first = await createTestApp(options);
    // A second server process on the same database and the same Redis.
    second = await createTestApp({ ...options, database: first.database });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
    const redis = new Redis(TEST_REDIS_URL);
    await deleteKeys(redis, prefix);
    await redis.quit();
  });

  const login = (ctx: TestApp, email: string, password: string, ip = '127.0.0.1') =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

  it('locks an account for every instance once the failures on all of them reach the limit', async () => {
    const user = await createUser(first.database.db);
    expect((await login(first, user.email, 'wrong-password-1')).statusCode).toBe(401);
    expect((await login(second, user.email, 'wrong-password-1')).statusCode).toBe(401);
    // Each instance alone has seen fewer than 3 failures; together they have.
    expect((await login(first, user.email, 'wrong-password-1')).statusCode).toBe(401);
    for (const ctx of [first, second]) {
      const locked = await login(ctx, user.email, TEST_PASSWORD);
      expect(locked.statusCode).toBe(429);
      expect(locked.json().message.startsWith(`${AUTH_MESSAGES.tooManyAttempts} You can try again in`)).toBe(true);
    }
    const redis = new Redis(TEST_REDIS_URL);
    try {
      expect(await redis.get(`${prefix}:login-account:${user.email}`)).toBe('3');
    } finally {
      await redis.quit();
    }
  });

  it("counts failures per account and address on every instance; the owner's known address still gets in", async () => {
    const user = await createUser(first.database.db);
    const home = '10.8.0.1';
    expect((await login(first, user.email, TEST_PASSWORD, home)).statusCode).toBe(200);
    // Strangers lock the account across both instances…
    expect((await login(first, user.email, 'wrong-password-1', '10.8.0.7')).statusCode).toBe(401);
    expect((await login(second, user.email, 'wrong-password-1', '10.8.0.8')).statusCode).toBe(401);
    expect((await login(first, user.email, 'wrong-password-1', '10.8.0.9')).statusCode).toBe(401);
    expect((await login(second, user.email, TEST_PASSWORD, '10.8.0.10')).statusCode).toBe(429);
    // …but the owner's address signs in on either.
    expect((await login(second, user.email, TEST_PASSWORD, home)).statusCode).toBe(200);
    expect((await login(first, user.email, TEST_PASSWORD, home)).statusCode).toBe(200);
    // Its own failures, split over the two instances, stop it at the shared limit.
    expect((await login(first, user.email, 'wrong-password-1', home)).statusCode).toBe(401);
    expect((await login(second, user.email, 'wrong-password-1', home)).statusCode).toBe(401);
    expect((await login(first, user.email, 'wrong-password-1', home)).statusCode).toBe(401);
    const locked = await login(second, user.email, TEST_PASSWORD, home);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    const redis = new Redis(TEST_REDIS_URL);
    try {
      expect(await redis.get(`${prefix}:login-account-ip:${user.email}|${home}`)).toBe('3');
    } finally {
      await redis.quit();
    }
  });
});
