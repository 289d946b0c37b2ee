import { describe, expect, it } from 'vitest';
import { ANALYTICS_DEFINITIONS } from '#shared/contracts/analytics.ts';
import { NO_DEMO_DATA } from '#shared/contracts/demo-data.ts';
import { adminTestSetup, click, where } from '#web/test/admin.tsx';
import { errorBody, json, recordedApi } from '#web/test/api.ts';
import { buttonByText } from '#web/test/queries.ts';
import { waitFor } from '#web/test/render.tsx';
import { AnalyticsPage } from './analytics-page.tsx';
import { dashboard, ORDERS_ANSWER, OVERVIEW_ANSWER, PRODUCTS_ANSWER } from './test-fixtures.ts';

const { mountRoutes } = adminTestSetup();

let demoOrders = 0;

const daysOf = (url: string) => new URL(url, 'http://x').searchParams.get('days');

const { calls, answers } = recordedApi((path, call) => {
  if (path === 'GET /api/admin/analytics/dashboard') return json({ data: dashboard(Number(daysOf(call.url))) });
  if (path === 'GET /api/admin/analytics') return json({ data: OVERVIEW_ANSWER });
  if (path === 'GET /api/admin/analytics/orders') return json({ data: ORDERS_ANSWER });
  if (path === 'GET /api/admin/analytics/products') return json({ data: PRODUCTS_ANSWER });
  if (path === 'GET /api/admin/settings/demo') return json({ data: { ...NO_DEMO_DATA, orders: demoOrders } });
  return errorBody('Not found', 404);
});

const mount = (entry = '/admin/analytics') => mountRoutes({ '/admin/analytics': <AnalyticsPage /> }, entry);

/** A section of the page by its heading. */
const section = (root: HTMLElement, title: string) => {
  const heading = [...root.querySelectorAll('h2')].find((element) => element.textContent === title);
  return heading?.closest('section') as HTMLElement;
};
/** The rows of a chart's "Show as a table", as text per cell. */
const tableRows = (container: HTMLElement) =>
  [...container.querySelectorAll('details table tbody tr')].map((row) =>
    [...row.children].map((cell) => cell.textContent),
  );

describe('AnalyticsPage', () => {
  it('says while the demo’s made-up orders are in the figures, and where to remove them', async () => {
    demoOrders = 1234;
    const root = await mount();
    await waitFor(() =>
      expect(root.textContent).toContain('These figures include the demo shop’s 1,234 made-up orders.'),
    );
    const link = [...root.querySelectorAll('a')].find((anchor) => anchor.textContent === 'Settings → System');
    expect(link?.getAttribute('href')).toBe('/admin/settings/system');
    demoOrders = 0;
  });

  it('says nothing of demo orders once they are gone', async () => {
    const root = await mount();
    await waitFor(() => expect(root.querySelector('[aria-label="Key figures"]')).not.toBeNull());
    await waitFor(() => expect(calls.some((call) => call.url.includes('/api/admin/settings/demo'))).toBe(true));
    expect(root.textContent).not.toContain('made-up orders');
  });

  it('shows the key figures with their growth in words and arrows, not colour alone', async () => {
    const root = await mount();
    await waitFor(() => expect(root.querySelector('[aria-label="Key figures"]')).not.toBeNull());
    const figures = root.querySelector('[aria-label="Key figures"]') as HTMLElement;
    expect(figures.textContent).toContain('Revenue$12,345.50Up 12.5%on the previous 30 days');
    expect(figures.textContent).toContain('Orders120Down 3.0%on the previous 30 days');
    expect(figures.textContent).toContain(
      'Customers80No earlier figuresin the previous 30 daysGrowth of new customers',
    );
    expect(figures.textContent).toContain('Average order$102.88Paid revenue $9,000.00');
    const growth = [...figures.querySelectorAll('[data-growth]')];
    expect(growth.map((element) => element.getAttribute('data-growth'))).toEqual(['up', 'down', 'none']);
    // An arrow beside the words where there is a direction.
    expect(growth.map((element) => element.querySelector('svg') !== null)).toEqual([true, true, false]);
    expect(root.textContent).toContain('Nov 1 – Nov 30, 2026, in the shop’s time zone (Asia/Beirut)');
  });

  it('draws the revenue by day with a table of the same figures, and names the best day', async () => {
    const root = await mount();
    await waitFor(() => expect(section(root, 'Revenue')?.querySelector('details')).toBeTruthy());
    const revenue = section(root, 'Revenue');
    const rows = tableRows(revenue);
    expect(rows).toHaveLength(30);
    expect(rows[0]).toEqual(['Nov 1', '$100.00', '1']);
    expect(rows[29]).toEqual(['Nov 30', '$3,000.00', '0']);
    expect(revenue.querySelector('[role="img"]')?.getAttribute('aria-label')).toBe(
      'Revenue over the last 30 days: $46,500.00 from 60 orders; the best day was Nov 30 with $3,000.00.',
    );
  });

  it('shows orders by status, the rates, customers, promo codes, top lists and low stock', async () => {
    const root = await mount();
    await waitFor(() => expect(section(root, 'Orders by status')?.querySelector('details')).toBeTruthy());
    expect(tableRows(section(root, 'Orders by status'))).toEqual([
      ['Pending', '10', '7.7%'],
      ['Confirmed', '20', '15.4%'],
      ['Processing', '5', '3.8%'],
      ['Shipped', '15', '11.5%'],
      ['Delivered', '70', '53.8%'],
      ['Cancelled', '10', '7.7%'],
    ]);
    const orders = section(root, 'Orders by status').textContent;
    expect(orders).toContain('Cancelled7.7%');
    expect(orders).toContain('Refunded4.2% · $250.00');
    expect(orders).toContain('Placed to delivered2.5 days');
    expect(orders).toContain('Entered by staff30');
    expect(orders).not.toContain('From quotations');

    await waitFor(() => expect(section(root, 'Customers')?.querySelector('details')).toBeTruthy());
    expect(tableRows(section(root, 'Customers'))).toEqual([
      ['New', '30', '37.5%'],
      ['Returning', '50', '62.5%'],
    ]);
    expect(section(root, 'Customers').textContent).toContain('Repeat rate41.2%');
    const promo = section(root, 'Promo codes').textContent;
    expect(promo).toContain('Uses14');
    expect(promo).toContain('Discount given$210.00');
    expect(promo).toContain('CEDAR10');

    const products = section(root, 'Top products');
    expect(products.querySelector('ol')?.textContent).toContain('1.Raspberry Pi 4$4,200.0060 sold');
    expect(products.querySelector('a[href="/admin/products/00000000-0000-4000-8000-0000000000b1"]')).not.toBeNull();
    await waitFor(() => expect(section(root, 'Top categories')?.textContent).toContain('Boards'));
    expect(section(root, 'Top categories').textContent).toContain('Up 5.0%');
    expect(section(root, 'Low stock').textContent).toContain('Raspberry Pi 4 (8 GB)');
    expect(section(root, 'Stock').textContent).toContain('Stock value at cost$15,000.00');
    expect(section(root, 'Stock').textContent).toContain('Soldering iron');
  });

  it('switches the period through the URL, and shows a year by month', async () => {
    const root = await mount();
    await waitFor(() => expect(section(root, 'Revenue')?.querySelector('details')).toBeTruthy());
    expect(calls.filter((call) => call.url.startsWith('/api/admin/analytics')).map((call) => daysOf(call.url))).toEqual(
      ['30', '30', '30', '30'],
    );
    const year = [...root.querySelectorAll<HTMLInputElement>('input[name="analytics-period"]')].find(
      (input) => input.value === '365',
    );
    await click(year);
    await waitFor(() => expect(where(root)).toBe('/admin/analytics?days=365'));
    await waitFor(() => expect(tableRows(section(root, 'Revenue'))[0]?.[0]).toBe('Dec 2025'));
    expect(tableRows(section(root, 'Revenue'))).toEqual([
      ['Dec 2025', '$800.00', '8'],
      ['Nov 2026', '$46,500.00', '60'],
    ]);
    expect(root.querySelector('[aria-label="Key figures"]')?.textContent).toContain('on the previous 12 months');
    expect(calls.filter((call) => daysOf(call.url) === '365')).toHaveLength(4);
  });

  it('reads a period from the URL and falls back to 30 days for one it does not offer', async () => {
    const root = await mount('/admin/analytics?days=12');
    const analyticsCalls = () => calls.filter((call) => call.url.includes('/api/admin/analytics'));
    await waitFor(() => expect(analyticsCalls().length).toBe(4));
    expect(analyticsCalls().every((call) => daysOf(call.url) === '30')).toBe(true);
    const checked = root.querySelector<HTMLInputElement>('input[name="analytics-period"]:checked');
    expect(checked?.value).toBe('30');
  });

  it('shows a failed part with Retry while the rest of the page stands', async () => {
    let failing = true;
    answers['GET /api/admin/analytics/orders'] = () =>
      failing ? errorBody('Broken', 500, 'INTERNAL_ERROR') : json({ data: ORDERS_ANSWER });
    const root = await mount();
    await waitFor(() => expect(section(root, 'Orders by status')?.textContent).toContain('Could not load the orders'));
    expect(root.querySelector('[aria-label="Key figures"]')).not.toBeNull();
    failing = false;
    await click(buttonByText(section(root, 'Orders by status'), 'Retry'));
    await waitFor(() => expect(tableRows(section(root, 'Orders by status'))).toHaveLength(6));
  });

  it('lists the definitions the figures follow', async () => {
    const root = await mount();
    const definitions = [...root.querySelectorAll('details')].find((details) =>
      details.querySelector('summary')?.textContent?.includes('How these figures are counted'),
    );
    expect(definitions?.textContent).toContain('Revenue is the total of orders not cancelled, minus refunds');
    expect(definitions?.textContent).toContain(ANALYTICS_DEFINITIONS.growth);
    expect(definitions?.textContent).toContain(ANALYTICS_DEFINITIONS.tax);
  });
});
