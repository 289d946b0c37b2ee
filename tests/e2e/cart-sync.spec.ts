import { randomUUID } from 'node:crypto';
import { type BrowserContext, expect, type Page, test, waitForHydration } from './test.ts';

/**
 * docs/product.md#cart-sync in two browser contexts signed in as one shopper: a line added on one
 * shows up on the other within a read (5 s), a quantity changed there comes back, and signing out
 * leaves an empty cart. Arduino Nano Every (seeded) has 3 in stock.
 */
const PRODUCT = { slug: 'arduino-nano-every', name: 'Arduino Nano Every' };
const SESSION_KEY = 'cedar-shopper-session';

const cartButton = (page: Page) => page.getByRole('button', { name: /^Cart, / });
const drawer = (page: Page) => page.getByRole('dialog', { name: /^Your cart/ });

async function signedInPage(context: BrowserContext, session: unknown): Promise<Page> {
  await context.addInitScript(
    ([key, value]) => {
      // Only on the first load: a later sign-out must stay signed out after a reload.
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem(key as string, value as string);
        sessionStorage.setItem('seeded', '1');
      }
    },
    [SESSION_KEY, JSON.stringify(session)],
  );
  const page = await context.newPage();
  await page.goto('/');
  await waitForHydration(page);
  return page;
}

test('a signed-in cart follows the shopper across browsers, and signing out empties it', async ({
  browser,
  request,
}, testInfo) => {
  // Two browsers, five page loads and up to two 5 s reads on a shared 2-core machine.
  test.setTimeout(240_000);
  const signup = await request.post('/api/account/signup', {
    data: { email: `sync-${randomUUID().slice(0, 8)}@example.com`, password: 'cedar-Shopper-2026!' },
  });
  expect(signup.status()).toBe(201);
  const session = (await signup.json()).data.session;
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL } = testInfo.project.use;
  const options = { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL };
  const contextA = await browser.newContext(options);
  const contextB = await browser.newContext(options);
  try {
    const a = await signedInPage(contextA, session);
    const b = await signedInPage(contextB, session);

    await a.goto(`/product/${PRODUCT.slug}`);
    await expect(a.getByRole('heading', { level: 1 })).toHaveText(PRODUCT.name);
    await a.getByRole('button', { name: 'Add to cart' }).click();
    await expect(cartButton(a)).toHaveAccessibleName('Cart, 1 item');

    // B reads the server cart every 5 s.
    await expect(cartButton(b)).toHaveAccessibleName('Cart, 1 item', { timeout: 8_000 });
    await cartButton(b).click();
    await expect(drawer(b)).toContainText(PRODUCT.name);
    await drawer(b)
      .getByRole('button', { name: `Increase quantity of ${PRODUCT.name}` })
      .click();
    await expect(cartButton(b)).toHaveAccessibleName('Cart, 2 items');

    await expect(cartButton(a)).toHaveAccessibleName('Cart, 2 items', { timeout: 8_000 });

    // Signing out in another tab of A signs this tab out too; the local cart empties. The other
    // tab is a page without the shop's code (a tab of the app would keep its own session in
    // memory and go on syncing), so it stands for a tab that signed out and left.
    const other = await contextA.newPage();
    await other.goto('/robots.txt');
    await other.evaluate((key) => localStorage.removeItem(key), SESSION_KEY);
    await expect(cartButton(a)).toHaveAccessibleName('Cart, 0 items');
    await a.reload();
    await expect(cartButton(a)).toHaveAccessibleName('Cart, 0 items');
    // The account keeps its cart on the server, and B keeps showing it.
    const saved = await request.get('/api/cart', { headers: { authorization: `Bearer ${session.access_token}` } });
    expect((await saved.json()).data).toMatchObject([{ quantity: 2 }]);
    await expect(cartButton(b)).toHaveAccessibleName('Cart, 2 items');
  } finally {
    await contextA.close();
    await contextB.close();
  }
});
