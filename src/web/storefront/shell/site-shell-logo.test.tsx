import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { SITE_CONFIG_ELEMENT_ID } from '#shared/constants.ts';
import { shopDate } from '#web/lib/shop-dates.ts';
import { type Rendered, render } from '#web/test/render.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

// The site config the server embeds (read once): a logo, two social links and one left blank.
const config = document.createElement('script');
config.type = 'application/json';
config.id = SITE_CONFIG_ELEMENT_ID;
config.textContent = JSON.stringify({
  shopName: 'Byblos Gadgets',
  logoUrl: '/uploads/settings/logo-abc-800.webp',
  timeZone: 'Asia/Beirut',
  socialLinks: {
    facebook: '',
    instagram: 'https://instagram.com/byblosgadgets',
    tiktok: '',
    x: '',
    youtube: 'https://youtube.com/@byblosgadgets',
  },
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

describe("the shop's logo and social links (settings: site)", () => {
  it('the header shows the logo named by the shop, in a fixed box, instead of the name', async () => {
    view = await mount(<SiteHeader />);
    const home = view.container.querySelector('header a[href="/"]') as HTMLAnchorElement;
    const logo = home.querySelector('img') as HTMLImageElement;
    expect(logo.getAttribute('src')).toBe('/uploads/settings/logo-abc-800.webp');
    expect(logo.alt).toBe('Byblos Gadgets');
    expect(logo.getAttribute('srcset')).toBe(
      '/uploads/settings/logo-abc-400.webp 400w, /uploads/settings/logo-abc-800.webp 800w',
    );
    expect([logo.getAttribute('width'), logo.getAttribute('height')]).toEqual(['160', '40']);
    // At the top of every page: loaded at once, not lazily.
    expect(logo.hasAttribute('loading')).toBe(false);
    expect(home.textContent).toBe('');
    expect(home.querySelector('svg')).toBeNull();
  });

  it('the footer links each network given, in a new tab as the shop’s own, and none left blank', async () => {
    view = await mount(<SiteFooter />);
    const list = view.container.querySelector('ul[aria-label="Byblos Gadgets on social media"]') as HTMLElement;
    const links = [...list.querySelectorAll('a')];
    expect(links.map((link) => [link.getAttribute('aria-label'), link.href])).toEqual([
      ['Instagram (opens in a new tab)', 'https://instagram.com/byblosgadgets'],
      ['YouTube (opens in a new tab)', 'https://youtube.com/@byblosgadgets'],
    ]);
    for (const link of links) {
      expect(link.target).toBe('_blank');
      expect(link.rel).toBe('noopener noreferrer me');
      expect(link.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    }
    // The same logo in the same box as the header's, loaded lazily (far below the fold).
    const logo = view.container.querySelector('footer img') as HTMLImageElement;
    expect(logo.alt).toBe('Byblos Gadgets');
    expect([logo.getAttribute('src'), logo.getAttribute('width'), logo.getAttribute('height')]).toEqual([
      '/uploads/settings/logo-abc-800.webp',
      '160',
      '40',
    ]);
    expect(logo.getAttribute('loading')).toBe('lazy');
  });

  it("dates read in the shop's time zone, whatever the browser's: 23:30 UTC is the next day in Beirut", () => {
    expect(shopDate('2026-11-25T23:30:00Z')).toBe('Nov 26, 2026');
    expect(shopDate('2026-11-25T23:30:00Z', { dateStyle: 'medium', timeStyle: 'short' })).toBe('Nov 26, 2026, 1:30 AM');
    expect(shopDate('2026-11-25T21:30:00Z')).toBe('Nov 25, 2026');
  });
});
