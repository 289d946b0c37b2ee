import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '#web/lib/api-client.ts';
import { type Rendered, waitFor } from '#web/test/render.tsx';
import { click, renderAdmin } from '../test-support.tsx';
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
  const query = (error: unknown, isError = true) => ({ isError, error, refetch: () => undefined });

  it('shows a loading skeleton under the page title while the record loads', async () => {
    view = await renderAdmin(
      <DetailPlaceholder query={query(null, false)} noun="product" title="Edit product" back={BACK} missingText="" />,
    );
    expect(view.container.querySelector('h1')?.textContent).toBe('Edit product');
    expect(view.container.querySelector('[role="status"]')?.getAttribute('aria-label')).toBe('Loading the product');
  });

  it('says "not found" for a 404 and for an id that cannot be one (400)', async () => {
    for (const status of [404, 400]) {
      view = await renderAdmin(
        <DetailPlaceholder
          query={query(new ApiError('Nope', status, 'NOT_FOUND'))}
          noun="order"
          back={BACK}
          missingText="Check the link."
        />,
      );
      expect(view.container.querySelector('h1')?.textContent).toBe('Order not found');
      expect(view.container.textContent).toContain('Check the link.');
      view.unmount();
      view = undefined;
    }
  });

  it('offers a retry when the load failed for another reason', async () => {
    let retries = 0;
    view = await renderAdmin(
      <DetailPlaceholder
        query={{ isError: true, error: new Error('offline'), refetch: () => (retries += 1) }}
        noun="customer"
        back={BACK}
        missingText=""
      />,
    );
    expect(view.container.querySelector('h1')?.textContent).toBe('Customer');
    expect(view.container.textContent).toContain('Could not load the customer');
    await click([...view.container.querySelectorAll('button')].find((button) => button.textContent === 'Retry'));
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
