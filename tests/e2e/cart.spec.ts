import { expect, type Page, test } from './test.ts';

/**
 * The cart in the browser against the seeded catalogue: Nano V3 has a Headers choice
 * (Soldered/Unsoldered); Nano Every has 3 in stock.
 */
const WITH_HEADERS = { slug: 'arduino-nano-v3-compatible', name: 'Arduino Nano V3 Compatible (ATmega328P, USB-C)' };
const LOW_STOCK = { slug: 'arduino-nano-every', name: 'Arduino Nano Every' };

const cartButton = (page: Page) => page.getByRole('button', { name: /^Cart, / });
const drawer = (page: Page) => page.getByRole('dialog', { name: /^Your cart/ });

async function addFromProductPage(page: Page, quantityClicks = 0) {
  for (let i = 0; i < quantityClicks; i += 1) await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
}

test('add, merge, limit, change and remove lines; the cart survives a reload', async ({ page }) => {
  await page.goto(`/product/${WITH_HEADERS.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(WITH_HEADERS.name);
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');

  await page.getByText('Unsoldered', { exact: true }).click();
  await addFromProductPage(page);
  await expect(page.getByText('Added to cart')).toBeVisible();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');

  // The same choice again merges into one line; another choice is a line of its own.
  await addFromProductPage(page);
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items');
  await page.getByText('Soldered', { exact: true }).click();
  await addFromProductPage(page);
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 3 items');

  // Three in stock: three fit, a fourth is refused with the spec's message.
  await page.goto(`/product/${LOW_STOCK.slug}`);
  await addFromProductPage(page, 2);
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 6 items');
  await addFromProductPage(page);
  await expect(page.getByText('Cannot add more than 3 items')).toBeVisible();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 6 items');

  await page.reload();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 6 items');
  await cartButton(page).click();
  const cart = drawer(page);
  await expect(cart.getByRole('listitem')).toHaveCount(3);
  await expect(cart).toContainText('Headers: Unsoldered');
  await expect(cart).toContainText('Headers: Soldered');
  // 2 × 6.50 + 1 × 6.50 + 3 × 15.90 = 67.20
  await expect(cart).toContainText('$67.20');

  // At its stock, the line cannot grow.
  await expect(cart.getByRole('button', { name: `Increase quantity of ${LOW_STOCK.name}` })).toBeDisabled();
  const lines = cart.getByRole('listitem');
  await cart
    .getByRole('button', { name: `Decrease quantity of ${WITH_HEADERS.name}` })
    .first()
    .click();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 5 items');
  // Below 1 removes the line.
  await cart
    .getByRole('button', { name: `Decrease quantity of ${WITH_HEADERS.name}` })
    .first()
    .click();
  await expect(lines).toHaveCount(2);
  await cart.getByRole('button', { name: `Remove ${LOW_STOCK.name}` }).click();
  await expect(lines).toHaveCount(1);
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');

  await cart.getByRole('button', { name: `Remove ${WITH_HEADERS.name}` }).click();
  await expect(cart.getByText('Your cart is empty')).toBeVisible();
  await cart.getByRole('link', { name: 'Browse the store' }).click();
  await expect(page).toHaveURL(/\/store$/);
  await expect(drawer(page)).toHaveCount(0);
});

test('the cart drawer closes with Escape and gives focus back to the cart button', async ({ page }) => {
  await page.goto('/');
  await cartButton(page).click();
  await expect(drawer(page)).toBeVisible();
  await expect(drawer(page).getByText('Your cart is empty')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer(page)).toHaveCount(0);
  await expect(cartButton(page)).toBeFocused();
});

test('"View cart" under the product page button opens the cart with the line just added', async ({ page }) => {
  await page.goto(`/product/${LOW_STOCK.slug}`);
  await addFromProductPage(page);
  await expect(page.getByText('1 in your cart')).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'View cart' }).click();
  await expect(drawer(page)).toBeVisible();
  await expect(drawer(page).getByRole('listitem')).toHaveCount(1);
  await expect(drawer(page)).toContainText(LOW_STOCK.name);
});
