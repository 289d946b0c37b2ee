import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { SITE_CONFIG_ELEMENT_ID } from '#shared/constants.ts';
import { ProductCard } from '#web/storefront/catalogue-kit/product-card.tsx';
import type { ProductCardData } from '#web/storefront/catalogue-kit/product-card-data.ts';
import { ProductPrice } from '#web/storefront/catalogue-kit/product-price.tsx';
import { type Rendered, render } from '#web/test/render.tsx';
import { LbpPrice } from './lbp-price.tsx';

// The shop shows Lebanese pounds at 89,500 LBP per dollar (the site config the server embeds, read once).
const config = document.createElement('script');
config.type = 'application/json';
config.id = SITE_CONFIG_ELEMENT_ID;
config.textContent = JSON.stringify({
  shopName: 'Beirut Parts',
  lbp: { show: true, rate: 89_500 },
  reviewsEnabled: false,
});
document.head.append(config);

const product: ProductCardData = {
  id: '10000000-0000-4000-8000-000000000001',
  slug: 'arduino-uno',
  name: 'Arduino Uno',
  brand: null,
  price: 100,
  price_max: 100,
  compare_at_price: null,
  images: [],
  in_stock: true,
  rating: 4.5,
  review_count: 3,
};

let view: Rendered | undefined;
afterEach(() => view?.unmount());

describe('Lebanese-pound prices (settings: site, currency display)', () => {
  it('shows the pound price beside the dollar price, rounded to the nearest 1,000 LBP', async () => {
    view = await render(<LbpPrice amount={12.34} />);
    // 12.34 × 89,500 = 1,104,430 → 1,104,000
    expect(view.container.textContent).toBe('≈ 1,104,000 LBP');
  });

  it('the product price shows both', async () => {
    view = await render(<ProductPrice price={100} compareAtPrice={null} currency="USD" large />);
    expect(view.container.textContent).toContain('$100.00');
    expect(view.container.textContent).toContain('≈ 8,950,000 LBP');
  });

  it('a product card shows it, and no rating while reviews are off', async () => {
    view = await render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <ProductCard product={product} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(view.container.textContent).toContain('≈ 8,950,000 LBP');
    expect(view.container.textContent).not.toContain('(3');
  });
});
