import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { advanceFakeTime, type Rendered, render, waitFor } from '#web/test/render.tsx';
import { ProductReviews } from './reviews-loader.tsx';
import { PRODUCT, page, review, summary } from './test-fixtures.ts';

/**
 * The Reviews frame of the product page: its section's code and data come only once it scrolls
 * into view (or at once at #reviews). The browser's IntersectionObserver is the boundary stubbed
 * here, with the network.
 */

let observers: FakeObserver[] = [];
class FakeObserver {
  readonly targets: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    observers.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  disconnect() {
    this.disconnected = true;
  }
  /** The browser saying the target came into (or near) the screen. */
  enter() {
    const entries = this.targets.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

let paths: string[] = [];
let view: Rendered | undefined;

beforeEach(() => {
  observers = [];
  paths = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  vi.stubGlobal('fetch', async (input: string) => {
    const path = new URL(String(input), 'http://shop.test').pathname;
    paths.push(path);
    const body = path.endsWith('/summary') ? { data: summary() } : path.endsWith('/reviews') ? page([review(1)]) : {};
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
});

afterEach(() => {
  view?.unmount();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function renderFrame(url: string) {
  view = await render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <ProductReviews product={PRODUCT} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return view.container;
}

describe('the Reviews frame', () => {
  it('draws the heading and a placeholder, and loads the section only when it comes into view', async () => {
    vi.useFakeTimers();
    const frame = await renderFrame(`/product/${PRODUCT.slug}`);
    const section = frame.querySelector('section#reviews');
    expect(section?.querySelector('h2')?.textContent).toBe('Reviews');
    expect(section?.getAttribute('aria-labelledby')).toBe('reviews-title');
    expect(frame.querySelector('[role="status"]')?.textContent).toBe('Loading reviews');
    expect(observers).toHaveLength(1);
    expect(observers[0]?.targets).toEqual([section]);
    // Out of view, nothing is fetched however long the page stays open.
    await advanceFakeTime(10_000);
    expect(paths).toEqual([]);
    // Real time again: the section's module loads from disk.
    vi.useRealTimers();

    await act(async () => observers[0]?.enter());
    await waitFor(() => expect(frame.textContent).toContain('Based on 12 reviews'));
    expect(observers[0]?.disconnected).toBe(true);
    expect(paths).toContain(`/api/reviews/products/${PRODUCT.id}/reviews/summary`);
  });

  it('at #reviews loads at once and scrolls the section into view once drawn', async () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => {});
    const frame = await renderFrame(`/product/${PRODUCT.slug}#reviews`);
    await waitFor(() => expect(frame.textContent).toContain('Based on 12 reviews'));
    expect(observers).toEqual([]);
    expect(scrolled.mock.contexts).toContain(frame.querySelector('section#reviews'));
  });
});
