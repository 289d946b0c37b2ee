import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '#web/lib/api-client.ts';
import { click, renderAdmin } from '#web/test/admin.tsx';
import { type Rendered, waitFor } from '#web/test/render.tsx';
import { DetailCard, DetailColumns, DetailHeader, DetailPlaceholder } from './detail-layout.tsx';

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

const BACK = { to: '/admin/orders', label: 'All orders' };

describe('DetailHeader', () => {
  it('links back to the list, titles the page and the tab, and shows the badges and actions', async () => {
    view = await renderAdmin(
      <DetailHeader
        title="Order CS-1"
        back={BACK}
        meta={<span>Pending</span>}
        actions={<button type="button">Refund</button>}
      />,
    );
    const root = view.container;
    const back = root.querySelector('a');
    expect(back?.getAttribute('href')).toBe('/admin/orders');
    expect(back?.textContent).toBe('← All orders');
    expect(root.querySelector('h1')?.textContent).toBe('Order CS-1');
    expect(document.title).toMatch(/^Order CS-1 · Admin/);
    expect(root.textContent).toContain('Pending');
    expect(root.querySelector('button')?.textContent).toBe('Refund');
  });
});

describe('DetailPlaceholder', () => {
  /** The placeholder of an order screen whose query is in this state. */
  async function placeholder(state: { isError: boolean; error?: unknown; refetch?: () => unknown }, title?: string) {
    view = await renderAdmin(
      <DetailPlaceholder
        query={{ error: null, refetch: () => undefined, ...state }}
        noun="order"
        title={title}
        back={BACK}
        missingText="Check the link."
      />,
    );
    return view.container;
  }
  const heading = (root: HTMLElement) => root.querySelector('h1')?.textContent;

  it('shows a loading skeleton under the page title while the record loads', async () => {
    const root = await placeholder({ isError: false }, 'Edit order');
    expect(heading(root)).toBe('Edit order');
    expect(root.querySelector('[role="status"]')?.getAttribute('aria-label')).toBe('Loading the order');
  });

  it('says "not found" for a 404 and for an id that cannot be one (400)', async () => {
    for (const status of [404, 400]) {
      const root = await placeholder({ isError: true, error: new ApiError('Nope', status, 'NOT_FOUND') });
      expect(heading(root)).toBe('Order not found');
      expect(root.textContent).toContain('Check the link.');
      view?.unmount();
    }
    view = undefined;
  });

  it('offers a retry when the load failed for another reason', async () => {
    let retries = 0;
    const root = await placeholder({ isError: true, error: new Error('offline'), refetch: () => (retries += 1) });
    expect(heading(root)).toBe('Order');
    expect(root.textContent).toContain('Could not load the order');
    await click([...root.querySelectorAll('button')].find((button) => button.textContent === 'Retry'));
    await waitFor(() => expect(retries).toBe(1));
  });
});

describe('DetailCard and DetailColumns', () => {
  it('labels each card by its title, with its action beside it', async () => {
    view = await renderAdmin(
      <DetailColumns
        main={
          <DetailCard title="Items" description="What was bought">
            <p>Arduino</p>
          </DetailCard>
        }
        side={
          <DetailCard title="Customer" action={<a href="/c">View customer</a>}>
            <p>Rami</p>
          </DetailCard>
        }
        after={<p>History</p>}
      />,
    );
    const sections = [...view.container.querySelectorAll('section')];
    expect(
      sections.map((section) => document.getElementById(section.getAttribute('aria-labelledby') ?? '')?.textContent),
    ).toEqual(['Items', 'Customer']);
    expect(sections[0]?.textContent).toContain('What was bought');
    expect(sections[1]?.querySelector('a')?.textContent).toBe('View customer');
    // One column on a phone in reading order: main, side, then what comes after.
    expect(view.container.textContent).toMatch(/Arduino.*Rami.*History/);
  });
});
