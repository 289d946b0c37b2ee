import { describe, expect, it } from 'vitest';
import { type DemoDataPresent, type DemoRemoval, NO_DEMO_DATA } from '#shared/contracts/demo-data.ts';
import { adminTestSetup, click } from '#web/test/admin.tsx';
import { errorBody, json, recordedApi, route } from '#web/test/api.ts';
import { buttonByText } from '#web/test/queries.ts';
import { waitFor } from '#web/test/render.tsx';
import { DemoDataPanel } from './demo-data-panel.tsx';

const SEEDED: DemoDataPresent = {
  products: 91,
  categories: 16,
  reviews: 264,
  blog_posts: 6,
  blog_categories: 3,
  accounts: 12,
  orders: 520,
  customers: 310,
  promo_codes: 1,
};
const REMOVAL: DemoRemoval = { ...SEEDED, products: 90, categories: 15, pictures: 180 };

const { toasts, mount } = adminTestSetup();
let present: DemoDataPresent = SEEDED;
const { calls, answers } = recordedApi((path) => {
  if (path === 'GET /api/admin/settings/demo') return json({ data: present });
  return errorBody('Not found', 404);
});
const removals = () => calls.filter((call) => route(call) === 'POST /api/admin/settings/demo/remove').length;

describe('DemoDataPanel', () => {
  it('says what demo data is left; removing it asks first, naming what goes and what stays', async () => {
    present = SEEDED;
    answers['POST /api/admin/settings/demo/remove'] = () => {
      present = { ...NO_DEMO_DATA, products: 1, categories: 1 };
      return json({ data: REMOVAL });
    };
    const root = await mount(<DemoDataPanel />);
    await waitFor(() =>
      expect(root.textContent).toContain(
        '91 products, 16 categories, 264 reviews, 6 blog posts, 3 blog categories, 12 demo accounts, 520 demo orders, 310 demo customers and 1 demo promo code.',
      ),
    );
    await click(buttonByText(root, 'Remove demo data…'));
    await waitFor(() => expect(document.body.textContent).toContain('Remove the demo data?'));
    const dialog = document.body.textContent ?? '';
    expect(dialog).toContain('Removes the demo content nobody has changed: 91 products, 16 categories');
    expect(dialog).toContain('Kept: everything you created or changed');
    expect(dialog).toContain('made-up order history goes whole');
    expect(removals()).toBe(0);

    await click(buttonByText(document.body, 'Remove demo data'));
    await waitFor(() => expect(toasts.at(-1)).toMatchObject({ variant: 'success', title: 'Demo data removed' }));
    expect(removals()).toBe(1);
    expect(toasts.at(-1)?.description).toBe(
      'Removed 90 products, 15 categories, 264 reviews, 6 blog posts, 3 blog categories, 12 demo accounts, 520 demo orders, 310 demo customers, 1 demo promo code and 180 pictures.',
    );
    // The counts are read again: what an order kept is still there.
    await waitFor(() => expect(root.textContent).toContain('1 product and 1 category.'));
  });

  it('offers nothing to remove once the demo data is gone', async () => {
    present = NO_DEMO_DATA;
    const root = await mount(<DemoDataPanel />);
    await waitFor(() => expect(root.textContent).toContain('No demo data left: everything in the shop is yours.'));
    expect(buttonByText(root, 'Remove demo data…')).toBeFalsy();
  });

  it("shows the server's refusal as an error toast and keeps the counts", async () => {
    present = SEEDED;
    answers['POST /api/admin/settings/demo/remove'] = () => errorBody('The database is busy', 503, 'UNAVAILABLE');
    const root = await mount(<DemoDataPanel />);
    await waitFor(() => expect(root.textContent).toContain('91 products'));
    await click(buttonByText(root, 'Remove demo data…'));
    await click(buttonByText(document.body, 'Remove demo data'));
    await waitFor(() => expect(toasts.at(-1)).toMatchObject({ variant: 'error', title: 'The database is busy' }));
    expect(root.textContent).toContain('91 products');
  });
});
