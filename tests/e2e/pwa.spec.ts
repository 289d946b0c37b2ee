import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { storeCards } from './store-helpers.ts';
import { afterNextFrames, expect, type Page, test } from './test.ts';

/**
 * Installable and updatable (issue 3): the manifest and icons, the service worker's offline
 * copy of visited catalogue pages, the update banner and the install banner.
 */
test.use({ serviceWorkers: 'allow' });

const OFFLINE_MESSAGE = 'You are offline. Showing saved pages.';

/** Waits until the service worker has installed and controls the page (it registers when idle). */
async function waitForServiceWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
}

/** The URLs stored in Cache Storage, by cache name, as paths. */
async function cachedUrls(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const result: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      result[name] = (await cache.keys()).map((request) => request.url.replace(location.origin, ''));
    }
    return result;
  });
}

/** The worker holds a copy of the store's search (made by the background search after the page's own result). */
async function waitForSearchCopy(page: Page) {
  await expect
    .poll(async () => ((await cachedUrls(page))['cedar-catalogue'] ?? []).some((url) => url.includes('offline-copy=')))
    .toBe(true);
}

/** The PWA banners are mounted (their status region is always in the page once loaded). */
async function waitForBanners(page: Page) {
  await expect(page.locator('p[role="status"]')).toBeAttached({ timeout: 15_000 });
}

async function shopName(page: Page): Promise<string> {
  return page.evaluate(() => JSON.parse(document.getElementById('cedar-site-config')?.textContent ?? '{}').shopName);
}

/** Page errors and React's hydration failures (minified #418 and friends) in the console. */
function collectPageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|Minified React error|react\.dev\/errors/i.test(message.text())) {
      problems.push(message.text());
    }
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/** Width and height of a PNG, read from its IHDR chunk. */
function pngSize(png: Buffer): [number, number] {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
}

test.describe('installable app', () => {
  test('the page links a valid manifest whose icons load', async ({ page, request }) => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const response = await request.get(href as string);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/manifest+json');
    const manifest = await response.json();
    expect(manifest).toMatchObject({
      name: await shopName(page),
      short_name: await shopName(page),
      start_url: '/',
      scope: '/',
      display: 'standalone',
    });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);

    const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of icons) {
      const image = await request.get(icon.src);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
      expect(pngSize(await image.body()).join('x')).toBe(icon.sizes);
    }

    // The worker script is revalidated on every check, so a release reaches shoppers at once.
    const worker = await request.get('/sw.js');
    expect(worker.status()).toBe(200);
    expect(worker.headers()['content-type']).toContain('application/javascript');
    expect(worker.headers()['cache-control']).toBe('no-cache');
  });

  test('the service worker takes control and Chromium finds the app installable', async ({
    playwright,
    launchOptions,
    baseURL,
  }) => {
    // A persistent profile: Chromium never offers to install from an incognito-like context.
    const profile = mkdtempSync(path.join(tmpdir(), 'cedar-pwa-'));
    const context = await playwright.chromium.launchPersistentContext(profile, {
      ...launchOptions,
      baseURL,
      serviceWorkers: 'allow',
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/');
      await waitForServiceWorker(page);
      const state = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return { scope: registration?.scope, script: navigator.serviceWorker.controller?.scriptURL };
      });
      expect(state.scope).toBe(`${baseURL}/`);
      expect(state.script).toBe(`${baseURL}/sw.js`);

      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
      const manifest = await cdp.send('Page.getAppManifest');
      expect(manifest.url).toBe(`${baseURL}/manifest.webmanifest`);
      expect(manifest.errors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});

test.describe('offline', () => {
  test('visited store and product pages open offline, marked as offline', async ({ page, context }) => {
    await page.goto('/store');
    await waitForServiceWorker(page);
    // Now every request goes through the worker: visit the store and a product.
    await page.reload();
    await expect(page.getByRole('article').first()).toBeVisible();
    await waitForSearchCopy(page);
    const cards = await storeCards(page).count();
    const card = page.getByRole('article').first();
    const productName = (await card.getByRole('heading').textContent())?.trim() ?? '';
    await card.getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(productName);
    const productUrl = page.url();

    // A catalogue read carrying credentials is never stored.
    const authorised = await page.evaluate(async () => {
      const response = await fetch('/api/products?limit=3', { headers: { Authorization: 'Bearer not-a-token' } });
      return response.status;
    });
    expect(authorised).toBe(200);

    const cached = await cachedUrls(page);
    const everything = Object.values(cached).flat();
    expect(cached['cedar-catalogue']?.some((url) => url.startsWith('/api/products'))).toBe(true);
    expect(cached['cedar-images']?.some((url) => url.startsWith('/uploads/'))).toBe(true);
    expect(everything.filter((url) => /^\/api\/(admin|auth|orders)/.test(url))).toEqual([]);
    expect(everything).not.toContain('/api/products?limit=3');

    await context.setOffline(true);
    await page.goto('/store');
    await expect(storeCards(page)).toHaveCount(cards);
    await expect(page.getByRole('status').filter({ hasText: OFFLINE_MESSAGE })).toBeVisible();

    await page.goto(productUrl);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(productName);
    await expect(page.getByRole('status').filter({ hasText: OFFLINE_MESSAGE })).toBeVisible();

    // Back online: the notice goes away.
    await context.setOffline(false);
    await expect(page.getByRole('status').filter({ hasText: OFFLINE_MESSAGE })).toHaveCount(0);
  });

  test('when the server cannot be reached, the saved catalogue is shown and marked as offline', async ({
    page,
    context,
  }) => {
    await page.goto('/store');
    await waitForServiceWorker(page);
    await page.reload();
    await expect(page.getByRole('article').first()).toBeVisible();
    await waitForSearchCopy(page);
    const cards = await storeCards(page).count();

    // The device still says it is online, but the shop's API does not answer.
    await context.route(/\/api\//, (route) => route.abort('connectionrefused'));
    await page.reload();
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    await expect(storeCards(page)).toHaveCount(cards);
    await expect(page.getByRole('status').filter({ hasText: OFFLINE_MESSAGE })).toBeVisible();
  });
});

test.describe('offline pages hydrate cleanly (issue 32)', () => {
  test('a saved store page opens offline without a page error or an error toast', async ({ page, context }) => {
    const problems = collectPageProblems(page);
    await page.goto('/store');
    await waitForServiceWorker(page);
    await page.reload();
    await expect(storeCards(page).first()).toBeVisible();
    await waitForSearchCopy(page);
    const cards = await storeCards(page).count();

    await context.setOffline(true);
    await page.goto('/store');
    await expect(storeCards(page)).toHaveCount(cards);
    await expect(page.getByRole('status').filter({ hasText: OFFLINE_MESSAGE })).toBeVisible();
    // The error handler's toasts load lazily: wait until the page is settled with them loaded.
    await waitForBanners(page);
    await page.waitForLoadState('load');
    await expect(page.getByText('Something went wrong')).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test('a product never visited says it is not available offline, with a way back to the store', async ({
    page,
    context,
  }) => {
    const problems = collectPageProblems(page);
    await page.goto('/store');
    await waitForServiceWorker(page);
    await page.reload();
    await expect(storeCards(page).first()).toBeVisible();
    await waitForSearchCopy(page);
    // A product among the cards, never opened: its page and its data were never fetched.
    const href = (await storeCards(page).last().getByRole('link').first().getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/product\//);

    await context.setOffline(true);
    await page.goto(href);
    await expect(page.getByRole('heading', { level: 1, name: 'Not available offline' })).toBeVisible();
    await expect(page.getByText('This page was not saved on this device')).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Back to the store' }).click();
    await expect(page).toHaveURL(/\/store$/);
    await expect(storeCards(page).first()).toBeVisible();
    expect(problems).toEqual([]);
  });
});

test.describe('updates', () => {
  /**
   * A new release as the browser sees it: a worker script it has not installed yet. (Playwright's
   * routing does not see the browser's own fetch of the worker script, so a byte-different sw.js
   * cannot be injected; a new script URL makes Chromium install a new worker all the same.)
   */
  async function releaseNewVersion(page: Page) {
    await page.evaluate(() => navigator.serviceWorker.register('/sw.js?release=next', { scope: '/' }));
  }

  test("a new version shows the update banner; 'Update Now' clears the caches and reloads into it", async ({
    page,
  }) => {
    await page.goto('/');
    await waitForServiceWorker(page);
    await page.reload();
    await waitForBanners(page);
    // Data cached by the old version, which the update must clear.
    await page.evaluate(async () => {
      const cache = await caches.open('cedar-catalogue');
      await cache.put('/api/products?old-release=1', new Response('{"data":[]}'));
      (window as { beforeUpdate?: boolean }).beforeUpdate = true;
    });

    await releaseNewVersion(page);
    const banner = page.getByRole('region', { name: 'A new version is available' });
    await expect(banner).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('App update available! Refresh to get the latest version.')).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Later' })).toBeVisible();

    await banner.getByRole('button', { name: 'Update Now' }).click();
    await page.waitForFunction(() => !(window as { beforeUpdate?: boolean }).beforeUpdate, null, { timeout: 15_000 });
    await waitForServiceWorker(page);
    const after = await page.evaluate(async () => ({
      script: navigator.serviceWorker.controller?.scriptURL,
      oldData: (await caches.match('/api/products?old-release=1')) !== undefined,
      precache: (await caches.keys()).some((name) => name.includes('precache')),
    }));
    expect(after.script).toMatch(/\/sw\.js\?release=next$/);
    expect(after.oldData).toBe(false);
    // The new version's own files stay, so it still opens offline.
    expect(after.precache).toBe(true);
  });

  test("'Later' hides the update banner and keeps the page", async ({ page }) => {
    await page.goto('/');
    await waitForServiceWorker(page);
    await waitForBanners(page);
    await page.evaluate(() => {
      (window as { samePage?: boolean }).samePage = true;
    });
    await releaseNewVersion(page);
    const banner = page.getByRole('region', { name: 'A new version is available' });
    await expect(banner).toBeVisible({ timeout: 15_000 });
    await banner.getByRole('button', { name: 'Later' }).click();
    await expect(banner).toHaveCount(0);
    expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
  });
});

test.describe('install banner', () => {
  /**
   * Chromium fires `beforeinstallprompt` on its own schedule (engagement heuristics); the test
   * dispatches one with the same shape, whose dialog answers `outcome` (or fails).
   */
  async function offerInstall(page: Page, outcome: 'accepted' | 'dismissed' | 'fails') {
    await page.evaluate((answer) => {
      const target = window as { promptCalls?: number };
      const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
        prompt: () => Promise<void>;
        userChoice: Promise<{ outcome: string; platform: string }>;
      };
      target.promptCalls = 0;
      event.prompt = async () => {
        target.promptCalls = (target.promptCalls ?? 0) + 1;
        if (answer === 'fails') throw new DOMException('The prompt was blocked', 'NotAllowedError');
      };
      event.userChoice = Promise.resolve({ outcome: answer === 'fails' ? 'dismissed' : answer, platform: 'web' });
      window.dispatchEvent(event);
    }, outcome);
  }

  test("the banner appears when the browser offers install; 'Not Now' keeps it hidden for the session", async ({
    page,
  }) => {
    await page.goto('/');
    await waitForBanners(page);
    await offerInstall(page, 'accepted');
    const banner = page.getByRole('region', { name: `Install ${await shopName(page)}` });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Install' })).toBeVisible();
    await banner.getByRole('button', { name: 'Not Now' }).click();
    await expect(banner).toHaveCount(0);

    await page.reload();
    await waitForBanners(page);
    await offerInstall(page, 'accepted');
    // The offer has been handled and drawn by the next frames: the banner must not be there.
    await afterNextFrames(page);
    await expect(banner).toHaveCount(0);
    expect(await page.evaluate(() => sessionStorage.getItem('pwa-install-dismissed'))).toBe('1');
  });

  test("'Install' opens the browser's dialog; accepting it says the app is installed, once", async ({ page }) => {
    await page.goto('/');
    await waitForBanners(page);
    await offerInstall(page, 'accepted');
    const name = await shopName(page);
    const banner = page.getByRole('region', { name: `Install ${name}` });
    await banner.getByRole('button', { name: 'Install' }).click();
    await expect(banner).toHaveCount(0);
    expect(await page.evaluate(() => (window as { promptCalls?: number }).promptCalls)).toBe(1);
    const installed = page.getByText(`${name} app installed successfully!`);
    await expect(installed).toBeVisible();
    // The browser then fires `appinstalled`: still one toast.
    await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
    await afterNextFrames(page);
    await expect(installed).toHaveCount(1);
  });

  test('a failing install dialog shows the failure toast', async ({ page }) => {
    await page.goto('/');
    await waitForBanners(page);
    await offerInstall(page, 'fails');
    const banner = page.getByRole('region', { name: `Install ${await shopName(page)}` });
    await banner.getByRole('button', { name: 'Install' }).click();
    await expect(page.getByText('Failed to install app. Please try again.')).toBeVisible();
    await expect(banner).toHaveCount(0);
  });
});
