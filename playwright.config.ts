import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './tests/helpers/chromium.ts';

const PORT = Number(process.env.E2E_PORT ?? 4317);
const chromium = await findChromium();
/** The tag of tests that change shop-wide settings (the shop-wide project below). */
const SHOP_WIDE = /@shop-wide/;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: '.tmp/test-results',
  fullyParallel: true,
  // Three on the 2-core CI machine: a test spends most of its time waiting (page loads, the
  // server, animations, retries), and the run used a third of the CPU with two. Measured with the
  // full suite: 470 s with 2 workers, 347 s with 3 on a busier machine (docs/testing.md).
  workers: 3,
  retries: process.env.CI ? 1 : 0,
  // 90 s: long journeys (checkout, header search) took 45–55 s on this 2-core machine when it was busy
  // (issue 24's full run); a passing test is no slower for it, only a stuck one is noticed later.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // The service worker precaches the whole app on every first visit, which only the PWA tests
    // need (they allow it): blocking it elsewhere keeps each test's page load light.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromium.executablePath, args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      // The admin at phone width (390 px) is the phone project's.
      testIgnore: ['**/admin-phone.spec.ts'],
      grepInvert: SHOP_WIDE,
    },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], channel: undefined },
      // The phone runs what depends on the layout; rules that do not (colour modes of the axe
      // matrix, stored preferences, error handling, the manifest, service-worker caching) run on
      // the desktop only. About 5 minutes less of a CI run on a 2-core machine.
      // The admin catalogue flows (admin-catalogue.spec.ts) change shared data and take a minute
      // each; their screens are checked at phone width by axe in admin-auth.spec.ts instead.
      testIgnore: [
        '**/preferences.spec.ts',
        '**/errors.spec.ts',
        '**/admin-catalogue.spec.ts',
        '**/admin-orders.spec.ts',
      ],
      grepInvert: [
        SHOP_WIDE,
        /axe scan .* in (dark|high contrast)|admin .*screens pass an axe scan in dark|valid manifest|finds the app installable|open offline|server cannot be reached|offline pages hydrate cleanly/,
      ],
    },
    {
      // Tests tagged @shop-wide change a setting every other test relies on (the review moderation
      // mode): in `npm test` (E2E_SHOP_WIDE_LAST) they run alone, on the desktop, after both
      // projects have finished. Only there: Playwright runs a project's dependencies in full,
      // whatever the filter, so `npx playwright test -g …` would otherwise run every test.
      name: 'shop-wide',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      grep: SHOP_WIDE,
      dependencies: process.env.E2E_SHOP_WIDE_LAST ? ['desktop', 'phone'] : [],
    },
  ],
  webServer: {
    command: 'node --import tsx tests/helpers/e2e-server.ts',
    url: `http://127.0.0.1:${PORT}/api/health`,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: 'e2e-admin-password-123',
      // Fixed so tests/e2e/admin-auth.spec.ts can reach the hidden route and forge an expired token.
      ADMIN_LOGIN_PATH: 'e2e-admin-sign-in',
      JWT_SECRET: 'e2e-jwt-secret-that-is-at-least-32-characters',
      // Every test signs its shoppers up from the one address 127.0.0.1.
      SIGNUP_RATE_LIMIT: '1000',
    },
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
  },
});
