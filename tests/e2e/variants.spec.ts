import { type APIRequestContext, expect, type Page, test } from './test.ts';

/**
 * Products with their own variants (decision 012), as a shopper meets them: choosing an option
 * changes the price, the photo and the URL; two variants of one product are two cart lines; the
 * order takes the stock of each variant it holds.
 *
 * Desktop and phone run at once against one server, so each uses its own seeded product
 * (docs/testing.md) and reads every price and stock from the API first.
 */
const PRODUCTS = {
  desktop: { slug: 'raspberry-pi-4-model-b', variation: 'Memory', first: '8 GB', second: '2 GB' },
  phone: { slug: 'baseus-usb-c-cable-60w', variation: 'Length', first: '2 m', second: '1 m' },
} as const;

interface VariantFacts {
  id: string;
  sku: string;
  options: Record<string, string>;
  price: number;
  stock_quantity: number;
  image: string | null;
}
interface ProductFacts {
  id: string;
  name: string;
  images: string[];
  variants: VariantFacts[];
}

async function productFacts(request: APIRequestContext, slug: string): Promise<ProductFacts> {
  const response = await request.get(`/api/products/${slug}`);
  expect(response.ok()).toBe(true);
  return (await response.json()).data;
}

/** The variant a set of choices names (every variation of these products has its own variants). */
function variantWith(product: ProductFacts, name: string, value: string, rest: Record<string, string> = {}) {
  const found = product.variants.find(
    (variant) =>
      variant.options[name] === value && Object.entries(rest).every(([key, other]) => variant.options[key] === other),
  );
  if (!found) throw new Error(`no variant with ${name} ${value}`);
  return found;
}

const money = (amount: number) => `$${amount.toFixed(2)}`;
const cartButton = (page: Page) => page.getByRole('button', { name: /^Cart, / });

async function choose(page: Page, variation: string, value: string) {
  await page.getByRole('group', { name: variation }).getByText(value, { exact: true }).click();
}

test('an option changes price, photo and URL; two variants are two lines; each variant’s stock drops', async ({
  page,
  request,
}, testInfo) => {
  const chosen = PRODUCTS[testInfo.project.name === 'phone' ? 'phone' : 'desktop'];
  const before = await productFacts(request, chosen.slug);
  expect(before.variants.length, 'the seeded product has its own variants').toBeGreaterThan(1);

  await page.goto(`/product/${chosen.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(before.name);

  // The first choice: price, main photo and URL follow the variant.
  await choose(page, chosen.variation, chosen.first);
  const first = variantWith(before, chosen.variation, chosen.first);
  await expect(page).toHaveURL(new RegExp(`[?&]variant=${first.id}`));
  const main = page.getByRole('main');
  await expect(main.getByText(money(first.price)).first()).toBeVisible();
  await expect(main.getByText(`SKU ${first.sku}`)).toBeVisible();
  if (first.image) {
    await expect(main.locator('img').first()).toHaveAttribute('src', new RegExp(first.image.replace(/\W/g, '.')));
  }
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');

  // A second variant of the same product: its own price, its own line.
  await choose(page, chosen.variation, chosen.second);
  const second = variantWith(before, chosen.variation, chosen.second, {
    ...first.options,
    [chosen.variation]: chosen.second,
  });
  await expect(page).toHaveURL(new RegExp(`[?&]variant=${second.id}`));
  await expect(main.getByText(money(second.price)).first()).toBeVisible();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items');

  await cartButton(page).click();
  const drawer = page.getByRole('dialog', { name: /^Your cart/ });
  await expect(drawer.getByText(`${chosen.variation}: ${chosen.first}`)).toBeVisible();
  await expect(drawer.getByText(`${chosen.variation}: ${chosen.second}`)).toBeVisible();
  await drawer.getByRole('link', { name: 'Checkout' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();

  // The server prices each line at its variant's price (11 % VAT on the sum).
  const subtotal = first.price + second.price;
  const total = Math.round(subtotal * 111) / 100;
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary.getByRole('definition').last()).toHaveText(money(total));

  await page.getByRole('textbox', { name: 'Full name' }).fill('Maya Khoury');
  await page.getByRole('textbox', { name: 'Phone' }).fill('71 123 456');
  await page.getByRole('textbox', { name: 'City or area' }).fill('Jounieh');
  await page.getByRole('textbox', { name: 'Street' }).fill('Main Road');
  await page.getByRole('textbox', { name: 'Building' }).fill('Cedar Bldg');
  await page.getByRole('textbox', { name: 'Floor' }).fill('2');
  await page.getByLabel('Governorate').selectOption('mount_lebanon');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your order is placed' })).toBeVisible();

  // Each variant gave one unit; the product's stock is their sum.
  const after = await productFacts(request, chosen.slug);
  const stockOf = (product: ProductFacts, id: string) =>
    product.variants.find((variant) => variant.id === id)?.stock_quantity;
  expect(stockOf(after, first.id)).toBe(first.stock_quantity - 1);
  expect(stockOf(after, second.id)).toBe(second.stock_quantity - 1);
});

test('a combination that is not sold is shown as such, and a link opens the variant it names', async ({
  page,
  request,
}) => {
  const cable = await productFacts(request, PRODUCTS.phone.slug);
  const twoMetres = variantWith(cable, 'Length', '2 m');
  await page.goto(`/product/${PRODUCTS.phone.slug}?variant=${twoMetres.id}`);
  // Drawn for that variant (server and browser alike): 2 m is chosen, and 2 m comes in black only.
  await expect(page.getByRole('group', { name: 'Length' }).getByRole('radio', { name: '2 m' })).toBeChecked();
  const white = page.getByRole('group', { name: 'Color' }).getByRole('radio', { name: 'White' });
  await expect(white).toHaveAttribute('data-state', 'unavailable');
  await expect(white).toHaveAttribute('aria-description', 'Not available with 2 m');
  await expect(page.getByRole('main').getByText(money(twoMetres.price)).first()).toBeVisible();
});
