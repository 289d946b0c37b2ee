import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './tests/helpers/chromium.ts';

const PORT = Number(process.env.E2E_PORT ?? 4317);
const chromium = await findChromium({ headlessShell: true });
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
    // Skeletons pulse and panels slide while pages load: frames the CPU-bound run paid for on
    // every test (about a fifth of a sample's time). The styles honour the setting
    // (styles.css); preferences.spec.ts checks motion with and without it.
    reducedMotion: 'reduce',
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
      // shell.spec.ts' theme switch runs on the phone (its header) only: on the desktop,
      // preferences.spec.ts' first test clicks the same switch and checks more (the first paint).
      grepInvert: [SHOP_WIDE, /the theme switch cycles to dark mode and keeps it after a reload/],
    },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], channel: undefined },
      // The phone runs what depends on the layout (axe at 390 px, the header, drawers, the sticky
      // bar, the folded checkout summary, the journeys a shopper makes on a phone); rules that do
      // not run on the desktop only: colour modes of the axe matrix, stored preferences, error
      // handling, the manifest, service-worker caching, and (issue 32) sign-in, account, admin,
      // product-page, SSR and variant rules whose screens the phone's axe scans and journeys
      // already draw at phone width. The admin catalogue flows change shared data and take a
      // minute each; their screens are checked at phone width by axe in admin-auth.spec.ts and by
      // admin-phone.spec.ts. docs/testing.md lists what runs where.
      testIgnore: [
        '**/preferences.spec.ts',
        '**/errors.spec.ts',
        '**/admin-catalogue.spec.ts',
        '**/admin-orders.spec.ts',
        '**/admin-blog.spec.ts',
        '**/admin-customer-account.spec.ts',
        '**/admin-promo-codes.spec.ts',
        '**/admin-reviews.spec.ts',
        '**/account-orders.spec.ts',
        '**/account-two-step.spec.ts',
        '**/cart-sync.spec.ts',
        '**/product.spec.ts',
        '**/ssr.spec.ts',
        '**/variants.spec.ts',
        // The editor's race, an expired session and deep-link statuses do not depend on the layout.
        '**/admin-resilience.spec.ts',
        // The security configuration is shop-wide (its two tests run one at a time, on the desktop);
        // the Security page at 390 px is admin-phone.spec.ts'.
        '**/admin-security.spec.ts',
        // Downloads and bulk status do not depend on the layout; the Reports page and the orders
        // list at 390 px are admin-phone.spec.ts'.
        '**/admin-reports.spec.ts',
      ],
      grepInvert: [
        SHOP_WIDE,
        /axe scan .* in (dark|high contrast)|admin .*screens pass an axe scan in dark|valid manifest|finds the app installable|open offline|server cannot be reached|offline pages hydrate cleanly/,
        // Rules of the account and the admin sign-in (forms whose fields are the same at any width).
        /a phone sign-up asks for the code|skips the code verifies the phone later|changing the email on the profile asks|recovers a password by the email link|without a session is the storefront.s not-found page|sign in through the hidden route|a token that expires mid-session|the users list shows staff only/,
        // Server HTML, hydration, not-found screens, retries and banners' logic.
        /hydrate without a mismatch and count one view|shows its (text, headings and pictures|content) from the HTML alone|an empty cart at checkout points back|a confirmation link with a wrong token|an unknown route renders the not-found page|shows the failure and recovers with Retry/,
        /a new version shows the update banner|'Later' hides the update banner|a failing install dialog shows|'Install' opens the browser's dialog/,
        // Rules of the store, reviews and selling blocks (same components at any width).
        /showOutOfStock off hides|a search with no match explains|the first result comes with the page|a verified buyer writes a review|a visitor is asked to sign in to write or vote|no product appears twice among hero/,
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
      // One at a time: each changes what the others see (maintenance mode, the shop's name, the
      // delivery rates, the review moderation).
      workers: 1,
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
      // …and signs staff in (and fails sign-ins on purpose) from it too.
      LOGIN_RATE_LIMIT: '1000',
      // …and places orders from it: the checkout specs, and the analytics and reports specs' order
      // history through the API (20 per window would refuse the later specs' checkouts).
      ORDER_RATE_LIMIT: '1000',
      // The shop's own address, so order mails and texts carry the order page's link (seo/link-base.ts)
      // and a test can follow it from the outbox.
      ALLOWED_HOSTS: `127.0.0.1:${PORT}`,
    },
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
  },
});
