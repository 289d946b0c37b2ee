import { expect, fastForwardUntilVisible, type Page, test } from './test.ts';

/**
 * The error screens (docs/product.md#error-screens) and the global error handler
 * (docs/product.md#global-error-handler), in the built app. Failures are made real with
 * `page.route`: a request that fails, a chunk that cannot be downloaded. Service workers are
 * blocked so that every request reaches the route handlers instead of a cache.
 */
test.use({ serviceWorkers: 'block' });

/** Collects Content-Security-Policy violations (the lazy toaster injects its styles at run time). */
function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/.test(message.text())) violations.push(message.text());
  });
  return violations;
}

async function openHome(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Cedar Shop' })).toBeVisible();
}

const notifications = (page: Page) => page.getByRole('region', { name: /^Notifications/ });

/**
 * Presses a toast's action button from the keyboard: another toast that arrives meanwhile stacks
 * on top of it (sonner collapses the stack until hovered), which would swallow a mouse click.
 */
async function pressToastAction(page: Page, name: string) {
  const button = notifications(page).getByRole('button', { name });
  await button.focus();
  await button.press('Enter');
}

test.describe('component-level error', () => {
  test('a widget whose data fails shows "Component failed to load", and Retry recovers it', async ({ page }) => {
    let failing = true;
    await page.route(/\/api\/products\/new-arrivals/, (route) =>
      failing
        ? route.fulfill({
            status: 500,
            json: { message: 'Internal server error', statusCode: 500, code: 'INTERNAL_ERROR', errors: [] },
          })
        : route.fallback(),
    );
    // Home arrives drawn by the server with its data (decision 009): reach it from another page,
    // so the browser asks for the data itself.
    // The page's clock, so that the retries' back-off (about 7 s) is run forward, not waited for.
    await page.clock.install();
    await page.goto('/contact');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Cedar Shop' })).toBeVisible();
    const newArrivals = page.getByRole('region', { name: 'New arrivals' });
    const alert = newArrivals.getByRole('alert');
    // A 5xx is retried 3 times first (docs/product.md#global-error-handler).
    await fastForwardUntilVisible(page, alert);
    await expect(alert).toContainText('Component failed to load');
    // Only the widget failed: the rest of the page works.
    await expect(page.getByRole('region', { name: 'Featured' }).getByRole('article').first()).toBeVisible();

    failing = false;
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(newArrivals.getByRole('article').first()).toBeVisible();
    await expect(alert).toHaveCount(0);
  });
});

test.describe('page-level error', () => {
  /** Home loads, then the store screen's code cannot be downloaded (as after a deploy or offline). */
  async function failStoreChunk(page: Page) {
    const state = { blocked: true, attempts: 0 };
    await page.route(/\/assets\/store-page-[\w-]+\.js$/, (route) => {
      if (!state.blocked) return route.fallback();
      state.attempts += 1;
      return route.abort('internetdisconnected');
    });
    await openHome(page);
    await page.getByRole('link', { name: 'Shop now' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Unable to load this page' })).toBeVisible();
    await expect(page).toHaveURL(/\/store$/);
    expect(state.attempts).toBeGreaterThan(0);
    // Only the page failed: header and footer stay.
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    return state;
  }

  test('a screen whose code fails to load shows "Unable to load this page", and Retry loads it', async ({ page }) => {
    const csp = watchCsp(page);
    const state = await failStoreChunk(page);
    state.blocked = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Unable to load this page' })).toHaveCount(0);
    expect(csp).toEqual([]);
  });

  test('Go Back on the page error returns to the previous page', async ({ page }) => {
    await failStoreChunk(page);
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Cedar Shop' })).toBeVisible();
  });
});

test.describe('global error handler', () => {
  test('an unhandled network failure shows "Connection Issue", whose Retry reloads the page', async ({ page }) => {
    const csp = watchCsp(page);
    await page.route('**/api/e2e-unreachable', (route) => route.abort('internetdisconnected'));
    await openHome(page);
    await page.evaluate(() => {
      (window as { beforeRetry?: boolean }).beforeRetry = true;
      // Nobody handles this promise: its rejection (TypeError: Failed to fetch) is unhandled.
      void fetch('/api/e2e-unreachable');
    });
    const toasts = notifications(page);
    await expect(toasts.getByText('Connection Issue', { exact: true })).toBeVisible();
    await expect(toasts.getByText('Please check your internet connection and try again.')).toBeVisible();

    await Promise.all([page.waitForEvent('domcontentloaded'), pressToastAction(page, 'Retry')]);
    expect(await page.evaluate(() => (window as { beforeRetry?: boolean }).beforeRetry)).toBeUndefined();
    expect(csp).toEqual([]);
  });

  test('an unhandled 401 shows "Authentication Required", whose Login goes to /login', async ({ page }) => {
    await page.route('**/api/e2e-session', (route) =>
      route.fulfill({
        status: 401,
        json: { message: 'Authentication required', statusCode: 401, code: 'UNAUTHORIZED', errors: [] },
      }),
    );
    await openHome(page);
    await page.evaluate(() => {
      // What the app's API client throws for this answer: an ApiError with the status and code.
      void fetch('/api/e2e-session').then(async (response) => {
        const body = (await response.json()) as { message: string; code: string };
        throw Object.assign(new Error(body.message), { name: 'ApiError', status: response.status, code: body.code });
      });
    });
    const toasts = notifications(page);
    await expect(toasts.getByText('Authentication Required', { exact: true })).toBeVisible();
    await expect(toasts.getByText('Please log in to continue.')).toBeVisible();
    await pressToastAction(page, 'Login');
    await expect(page).toHaveURL(/\/login$/);
  });

  // The log on the device (sessionStorage, nothing sent) is the handler's rule:
  // src/web/errors/global-handler.test.ts checks it with the same assertions.
});
