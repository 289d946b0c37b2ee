import { afterEach, describe, expect, it } from 'vitest';
import { type Rendered, render } from '#web/test/render.tsx';
import { ShipmentTracking } from './shipment-tracking.tsx';

/** The shopper's "On its way" (docs/product.md#tracking), on the order page and in the account. */
describe('ShipmentTracking', () => {
  let rendered: Rendered | undefined;
  afterEach(() => rendered?.unmount());

  it('shows nothing before the parcel is shipped with a carrier', async () => {
    rendered = await render(<ShipmentTracking order={{ shipment: null }} />);
    expect(rendered.container.textContent).toBe('');
  });

  it('names the carrier and tracking number, and links to the carrier page in a new tab', async () => {
    rendered = await render(
      <ShipmentTracking
        order={{
          shipment: { carrier: 'Aramex', tracking_number: '4471 2290', tracking_url: 'https://aramex.example/t/1' },
        }}
      />,
    );
    const section = rendered.container.querySelector('section');
    expect(section?.querySelector('h2')?.textContent).toBe('On its way');
    expect(section?.textContent).toContain('Shipped with Aramex, tracking number 4471 2290.');
    const link = section?.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://aramex.example/t/1');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link?.textContent).toBe('Track your parcel (opens in a new tab)');
  });

  it('without a number or link: the carrier alone (the shop’s own driver)', async () => {
    rendered = await render(
      <ShipmentTracking
        order={{ shipment: { carrier: 'Own driver', tracking_number: null, tracking_url: null } }}
        heading="h3"
      />,
    );
    expect(rendered.container.querySelector('h3')?.textContent).toBe('On its way');
    expect(rendered.container.textContent).toContain('Shipped with Own driver.');
    expect(rendered.container.querySelector('a')).toBeNull();
  });
});
