import { ANALYTICS_DEFINITIONS, type AnalyticsDashboard, type OrderAnalytics } from '#shared/contracts/analytics.ts';
import { formatMoney } from '#shared/money.ts';
import { adminApi } from './promo-helpers.ts';
import { type APIRequestContext, expect, type Locator, type Page, test } from './test.ts';

/**
 * Issue 36: the Analytics page on the shop's order history (the demo's six months, and orders of
 * this test's own so today is never empty) draws non-empty charts whose figures are the API's:
 * a headline figure and a day of the revenue table against GET /admin/analytics/dashboard, the
 * status table against GET /admin/analytics/orders, fetched here with the staff token. Other
 * tests place orders meanwhile (today's figures move), so a comparison that meets a moved figure
 * reads the page and the API again. Desktop only: the 390 px layout is admin-phone.spec.ts'.
 */

/** No other spec orders it, so this test's orders change nobody's stock. */
const PRODUCT_SLUG = 'solder-wire-63-37-100g';

async function placeOrders(request: APIRequestContext, count: number) {
  const product = await request.get(`/api/products/${PRODUCT_SLUG}`);
  expect(product.ok()).toBe(true);
  const { data } = (await product.json()) as { data: { id: string } };
  for (let index = 0; index < count; index++) {
    const placed = await request.post('/api/orders', {
      data: {
        items: [{ product_id: data.id, quantity: 1, selectedVariations: { Diameter: '0.8 mm' } }],
        customer: {
          name: `Analytics Buyer ${index}`,
          phone: `03 ${100 + Math.floor(Math.random() * 900)} ${100 + Math.floor(Math.random() * 900)}`,
        },
        shipping_address: { city: 'Zahle', street: 'Brazil Street', governorate: 'bekaa' },
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
  }
}

async function apiData<T>(page: Page, path: string): Promise<T> {
  const response = await adminApi(page, 'GET', path);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

const region = (page: Page, name: string) => page.getByRole('main').getByRole('region', { name, exact: true });

/** A chart's "Show as a table" rows, as text per cell. */
async function tableRows(section: Locator): Promise<string[][]> {
  const details = section.locator('details').first();
  if (!(await details.evaluate((element) => (element as HTMLDetailsElement).open))) {
    await details.locator('summary').click();
  }
  return details
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent ?? '')));
}

/** "Nov 3": how the screen names a day key (YYYY-MM-DD, already the shop's). */
const dayLabel = (day: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

test('the analytics page draws the order history in charts whose figures match the API', async ({
  page,
  signInAsAdmin,
}) => {
  test.slow();
  await placeOrders(page.request, 2);
  await signInAsAdmin();
  // The sidebar on desktop, the menu drawer on phones.
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) {
    await menu.click();
    await page.getByRole('dialog', { name: 'Admin menu' }).getByRole('link', { name: 'Analytics' }).click();
  } else {
    await page.getByRole('complementary').getByRole('link', { name: 'Analytics' }).click();
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/analytics$/);
  await expect(page.getByRole('radio', { name: '30 days' })).toBeChecked();

  // The charts are drawn and not empty: a line that rises somewhere, bars with a length.
  const revenue = region(page, 'Revenue');
  const line = revenue.locator('.recharts-line-curve');
  await expect.poll(() => line.evaluate((path) => (path as SVGPathElement).getBBox().height)).toBeGreaterThan(20);
  const status = region(page, 'Orders by status');
  await expect
    .poll(() =>
      status
        .locator('.recharts-bar-rectangle path')
        .evaluateAll((bars) => Math.max(0, ...bars.map((bar) => (bar as SVGPathElement).getBBox().width))),
    )
    .toBeGreaterThan(20);

  // A headline figure, a day of the revenue line and the status counts, each as the API has it.
  await expect(async () => {
    const dashboard = await apiData<AnalyticsDashboard>(page, '/admin/analytics/dashboard?days=30');
    const orders = await apiData<OrderAnalytics>(page, '/admin/analytics/orders?days=30');
    const figures = page.getByRole('main').getByRole('region', { name: 'Key figures' });
    try {
      await expect(figures.getByRole('definition').first()).toHaveText(formatMoney(dashboard.overview.total_revenue), {
        timeout: 2_000,
      });
      await expect(figures).toContainText(`Orders${dashboard.overview.total_orders.toLocaleString('en-US')}`, {
        timeout: 1_000,
      });
      const days = dashboard.sales_trends.daily_sales;
      expect(days).toHaveLength(30);
      expect(days.some((day) => day.revenue > 0)).toBe(true);
      // The best day of the period: a day with sales, whichever the history is.
      const best = days.reduce((top, day) => (day.revenue > top.revenue ? day : top));
      const rows = await tableRows(revenue);
      expect(rows).toHaveLength(30);
      expect(rows.find((row) => row[0] === dayLabel(best.date))).toEqual([
        dayLabel(best.date),
        formatMoney(best.revenue),
        best.orders.toLocaleString('en-US'),
      ]);
      const statusRows = await tableRows(status);
      expect(statusRows.find((row) => row[0] === 'Pending')?.[1]).toBe(String(orders.by_status.pending ?? 0));
      expect(statusRows.find((row) => row[0] === 'Delivered')?.[1]).toBe(String(orders.by_status.delivered ?? 0));
    } catch (error) {
      // Another test's order moved today's figures between the page's answer and ours: read both again.
      await page.reload();
      throw error;
    }
  }).toPass({ timeout: 60_000 });

  // The top products and the customers have content; the definitions are there to read.
  await expect(region(page, 'Top products').getByRole('listitem').first()).toBeVisible();
  await expect(region(page, 'Customers').locator('.recharts-pie-sector').first()).toBeVisible();
  await page.getByText('How these figures are counted').click();
  await expect(page.getByText(ANALYTICS_DEFINITIONS.growth)).toBeVisible();

  // Another period: in the URL, the revenue line by month for a year.
  await page.getByRole('radio', { name: '12 months' }).check();
  await expect(page).toHaveURL(/days=365/);
  const months = await apiData<AnalyticsDashboard>(page, '/admin/analytics/dashboard?days=365');
  await expect(async () => {
    expect(await tableRows(region(page, 'Revenue'))).toHaveLength(months.sales_trends.monthly_sales.length);
  }).toPass();
  // The demo's six months are there, each with sales, and the page says they are made up.
  expect(months.sales_trends.monthly_sales.filter((month) => month.revenue > 0).length).toBeGreaterThanOrEqual(6);
  await expect(page.getByText(/^These figures include the demo shop’s [\d,]+ made-up orders\./)).toBeVisible();
  await expect(region(page, 'Promo codes')).toContainText('LAUNCH10');
});

test('the dashboard’s cards lead to the analytics of their period', async ({ page, signInAsAdmin }) => {
  await signInAsAdmin();
  await page.getByRole('main').getByRole('link', { name: 'Orders over 7 days' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/analytics\?days=7$/);
  await expect(page.getByRole('radio', { name: '7 days' })).toBeChecked();
  await expect(region(page, 'Revenue').locator('details tbody tr')).toHaveCount(7);
});
