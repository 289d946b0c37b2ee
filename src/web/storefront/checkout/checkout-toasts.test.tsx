import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectToaster, type ToastOptions, toast } from '#web/lib/toast.ts';
import { ADDED_TO_CART_TOAST_ID } from '#web/storefront/cart-kit/cart-actions.ts';
import { useCartStore } from '#web/stores/cart-store.ts';
import { type Rendered, render } from '#web/test/render.tsx';
import { CheckoutPage } from './checkout-page.tsx';

/**
 * Issue 32: the add-to-cart toast followed the shopper into checkout and covered "Place order" on
 * a phone. Checkout takes it away on arrival; other toasts stay.
 */

let shown: ToastOptions[] = [];
let dismissed: string[] = [];
let disconnect = () => {};
let rendered: Rendered | undefined;

beforeEach(() => {
  shown = [];
  dismissed = [];
  disconnect = connectToaster(
    (options) => shown.push(options),
    (id) => dismissed.push(id),
  );
  useCartStore.setState({ items: [] });
});

afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  disconnect();
});

/** The empty cart's checkout: the page itself, no network. */
function renderCheckout(): Promise<Rendered> {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/checkout']}>
        <CheckoutPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('toasts on the way into checkout', () => {
  it('takes the add-to-cart toast away when checkout opens', async () => {
    toast({ id: ADDED_TO_CART_TOAST_ID, title: 'Added to cart', variant: 'success' });
    toast({ id: 'something-else', title: 'Another message' });
    expect(dismissed).toEqual([]);

    rendered = await renderCheckout();
    expect(dismissed).toEqual([ADDED_TO_CART_TOAST_ID]);
  });

  it('drops an add-to-cart toast still waiting for the toaster, and no other', async () => {
    disconnect();
    toast({ id: ADDED_TO_CART_TOAST_ID, title: 'Added to cart', variant: 'success' });
    toast({ id: 'something-else', title: 'Another message' });
    rendered = await renderCheckout();
    disconnect = connectToaster((options) => shown.push(options));
    expect(shown.map((options) => options.id)).toEqual(['something-else']);
  });
});
