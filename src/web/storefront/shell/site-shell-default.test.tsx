import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { SITE_CONFIG_ELEMENT_ID } from '#shared/constants.ts';
import { shopDate } from '#web/lib/shop-dates.ts';
import { type Rendered, render } from '#web/test/render.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

// A shop with no logo and no social links, in another time zone (the site config, read once).
const config = document.createElement('script');
config.type = 'application/json';
config.id = SITE_CONFIG_ELEMENT_ID;
config.textContent = JSON.stringify({
  shopName: 'Tyre Tools',
  logoUrl: null,
  timeZone: 'America/New_York',
  socialLinks: { facebook: '', instagram: '', tiktok: '', x: '', youtube: '' },
});
document.head.append(config);

let view: Rendered | undefined;
afterEach(() => view?.unmount());

const mount = (node: React.ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );

describe('a shop without a logo or social links', () => {
  it('the header shows the cedar mark and the shop’s name', async () => {
    view = await mount(<SiteHeader />);
    const home = view.container.querySelector('header a[href="/"]') as HTMLAnchorElement;
    expect(home.querySelector('img')).toBeNull();
    expect(home.querySelector('svg')).not.toBeNull();
    expect(home.textContent).toBe('Tyre Tools');
  });

  it('the footer shows the name and no social links', async () => {
    view = await mount(<SiteFooter />);
    expect(view.container.querySelector('footer img')).toBeNull();
    expect(view.container.querySelector('footer')?.textContent).toContain('Tyre Tools');
    expect(view.container.querySelector('[aria-label$="on social media"]')).toBeNull();
    expect(view.container.querySelector('a[target="_blank"][rel~="me"]')).toBeNull();
  });

  it('dates follow the zone of the settings (23:30 UTC is still the same day in New York)', () => {
    expect(shopDate('2026-11-25T23:30:00Z')).toBe('Nov 25, 2026');
    expect(shopDate('2026-11-26T03:30:00Z')).toBe('Nov 25, 2026');
  });
});
