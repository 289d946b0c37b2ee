import { type APIRequestContext, test as base, expect, type Locator, type Page } from '@playwright/test';
import type { LoginResponse } from '#shared/contracts/auth.ts';
import { parseExpiryDuration } from '#shared/duration.ts';
// biome-ignore lint/style/noRestrictedImports: the admin's storage key names are what this fixture fills in; one source for both. A plain constant, no browser code runs here.
import { TOKEN_KEYS } from '#web/admin/auth/token-store.ts';

export * from '@playwright/test';

/** The admin of the E2E server: matches playwright.config.ts's server environment. */
export const E2E_ADMIN = {
  signInPath: '/e2e-admin-sign-in',
  email: 'admin@cedar.shop',
  password: 'e2e-admin-password-123',
} as const;

/**
 * `/`, `/store` and product pages arrive drawn by the server (decision 009): their buttons are on
 * screen before the app has taken the page over, and a click in that moment does nothing. Every
 * `page.goto` here therefore also waits until React owns the page's main content, as a shopper's
 * first tap usually does without noticing.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const main = document.querySelector('main');
    // No main (the admin, a blank page): nothing drawn by the server to wait for.
    if (!main) return true;
    const content = main.firstElementChild ?? main;
    return Object.keys(content).some((key) => key.startsWith('__reactFiber$'));
  });
}

/**
 * Moves the running app to `path` the way one of its own links does (history.pushState, then the
 * router's popstate listener), without loading the page again. A screen-by-screen walk (the admin
 * axe scans, the 390 px checks) otherwise reloads and compiles the whole admin bundle per screen,
 * 1–3 s of a worker each on this 2-core machine; what a fresh load does is covered by the tests
 * that `goto` a screen.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname + url.search === path);
}

/** An admin session as the admin app keeps it in localStorage (src/web/admin/auth/token-store.ts). */
interface StoredAdminSession {
  entries: [key: string, value: string][];
  expiresAt: number;
}

/**
 * The app refreshes a token that has 5 minutes or less to live (token-store.ts EXPIRING_SOON_MS),
 * and a refresh rotates the refresh token: a later test starting from the stored, now used, one
 * would be taken for a thief and lose the session. A shared session is therefore handed out only
 * while it has more than this left: the 5 minutes plus the longest admin test (the axe scan, 3).
 */
const SHARED_SESSION_MIN_LIFE_MS = 9 * 60_000;

async function signInThroughApi(request: APIRequestContext): Promise<StoredAdminSession> {
  const response = await request.post('/api/auth/login', {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  const session = ((await response.json()) as { data: LoginResponse }).data;
  // What saveSession() and saveSignInPath() store after the sign-in form.
  const expiresAt = Date.now() + parseExpiryDuration(session.expiresIn);
  return {
    expiresAt,
    entries: [
      [TOKEN_KEYS.accessToken, session.token],
      [TOKEN_KEYS.refreshToken, session.refreshToken],
      [TOKEN_KEYS.expiresAt, String(expiresAt)],
      [TOKEN_KEYS.user, JSON.stringify(session.user)],
      [TOKEN_KEYS.signInPath, E2E_ADMIN.signInPath],
    ],
  };
}

/**
 * Resolves after the page has drawn two more frames: by then an event dispatched before it (an
 * IntersectionObserver entry, a window event) has been handled and React has drawn what it set.
 * For "it must not appear": wait for the page's frames, never for a number of milliseconds.
 */
export async function afterNextFrames(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve)))),
  );
}

/**
 * Runs the page's clock forward (the test called `page.clock.install()` before loading the page)
 * until `target` shows: a retry's back-off passes at once instead of in real seconds. Each step
 * fires the timer that is due; the next retry's timer exists only after its request failed, so
 * it steps again until the target is there (bounded).
 */
export async function fastForwardUntilVisible(page: Page, target: Locator, stepMs = 5_000): Promise<void> {
  await expect(async () => {
    await page.clock.fastForward(stepMs);
    await expect(target).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

export interface SignInAsAdminOptions {
  /**
   * A session of the test's own instead of the worker's shared one: for a test that refreshes the
   * token or signs out, either of which would end the session for the worker's later tests.
   */
  ownSession?: boolean;
}

export const test = base.extend<
  {
    /**
     * Opens the admin dashboard already signed in, as the sign-in form would leave it: the session
     * comes from the API (one sign-in per worker, `adminSession`), not from typing into the form,
     * which admin-auth.spec.ts tests once.
     */
    signInAsAdmin: (options?: SignInAsAdminOptions) => Promise<void>;
  },
  { adminSession: (request: APIRequestContext) => Promise<StoredAdminSession> }
>({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        await waitForHydration(page);
        return response;
      };
    }
    await use(page);
  },
  adminSession: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture uses from this pattern.
    async ({}, use) => {
      let shared: StoredAdminSession | undefined;
      await use(async (request) => {
        if (!shared || shared.expiresAt - Date.now() < SHARED_SESSION_MIN_LIFE_MS) {
          shared = await signInThroughApi(request);
        }
        return shared;
      });
    },
    { scope: 'worker' },
  ],
  signInAsAdmin: async ({ page, adminSession }, use) => {
    await use(async ({ ownSession = false } = {}) => {
      const session = ownSession ? await signInThroughApi(page.request) : await adminSession(page.request);
      // localStorage belongs to the origin: write it from a light page of the shop, then open the admin.
      await page.goto('/robots.txt');
      await page.evaluate((entries) => {
        for (const [key, value] of entries) localStorage.setItem(key, value);
      }, session.entries);
      await page.goto('/admin');
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    });
  },
});
