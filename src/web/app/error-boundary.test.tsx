import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SITE_CONFIG_ELEMENT_ID } from '#shared/constants.ts';
import { readErrorLog } from '#web/errors/error-log.ts';
import { loadErrorHandler } from '#web/errors/global-handler.ts';
import { advanceFakeTime, type Rendered, render, waitFor } from '#web/test/render.tsx';
import { ErrorBoundary } from './error-boundary.tsx';
import { ErrorScreen } from './error-screen.tsx';
import { lazyScreen } from './lazy-screen.tsx';

let view: Rendered | undefined;

beforeAll(() => {
  // The site config the server embeds; read once, on first use.
  const tag = document.createElement('script');
  tag.type = 'application/json';
  tag.id = SITE_CONFIG_ELEMENT_ID;
  tag.textContent = JSON.stringify({ supportContact: 'help@cedar.test · +961 1 234 567' });
  document.head.append(tag);
});
beforeEach(() => {
  // React reports every error a boundary catches on the console; these are expected.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function button(container: HTMLElement, name: string): HTMLButtonElement {
  const found = [...container.querySelectorAll('button')].find((element) => element.textContent === name);
  if (!found) throw new Error(`No button "${name}" in: ${container.textContent}`);
  return found;
}

async function click(element: HTMLElement) {
  await act(async () => element.click());
}

/** A child that throws while `failing.now` is true, as a screen with a bug would. */
function Flaky({ failing }: { failing: { now: boolean } }) {
  if (failing.now) throw new Error('render failed');
  return <p>Recovered content</p>;
}

describe('app-level error screen', () => {
  it('has the texts of docs/product.md#error-screens, reloads on Try Again, goes home and shows the support contact', async () => {
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => {});
    view = await render(
      <ErrorBoundary fallback={<ErrorScreen app />}>
        <Flaky failing={{ now: true }} />
      </ErrorBoundary>,
    );
    const { container } = view;
    expect(container.querySelector('[role="alert"] h1')?.textContent).toBe('Oops! Something went wrong');
    expect(container.textContent).toContain('Please refresh the page');
    expect(container.querySelector('a')?.textContent).toBe('Go Home');
    expect(container.querySelector('a')?.getAttribute('href')).toBe('/');
    expect(container.textContent).toContain('Need help? Contact us at help@cedar.test · +961 1 234 567.');
    await click(button(container, 'Try Again'));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('page-level error screen', () => {
  it('Retry renders the failed screen again, and the failure is logged without a toast', async () => {
    const failing = { now: true };
    view = await render(
      <ErrorBoundary fallback={<ErrorScreen />}>
        <Flaky failing={failing} />
      </ErrorBoundary>,
    );
    const { container } = view;
    expect(container.querySelector('h1')?.textContent).toBe('Unable to load this page');
    expect(button(container, 'Go Back')).toBeDefined();
    await loadErrorHandler();
    expect(readErrorLog().at(-1)).toMatchObject({ source: 'boundary', message: 'render failed' });

    failing.now = false;
    await click(button(container, 'Retry'));
    expect(container.textContent).toBe('Recovered content');
  });

  it('Go Back returns to the previous page', async () => {
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
    window.history.pushState({}, '', '/first');
    window.history.pushState({}, '', '/broken');
    view = await render(
      <ErrorBoundary fallback={<ErrorScreen />}>
        <Flaky failing={{ now: true }} />
      </ErrorBoundary>,
    );
    await click(button(view.container, 'Go Back'));
    expect(back).toHaveBeenCalledTimes(1);
  });
});

const StorePage = () => <h1>Store</h1>;
const BlogPage = () => <h1>Blog</h1>;

describe('lazyScreen', () => {
  it('shows the page-level error when the code fails to download, and Retry downloads it again', async () => {
    let attempts = 0;
    const load = async () => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module: /assets/store.js');
      return { StorePage };
    };
    view = await render(<main>{lazyScreen(load, (module) => module.StorePage)}</main>);
    const { container } = view;
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Unable to load this page'));
    expect(attempts).toBe(1);

    await click(button(container, 'Retry'));
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Store'));
    expect(attempts).toBe(2);
    expect(container.querySelector('[role="alert"]')).toBeNull();
  });

  it('keeps showing the error while the download keeps failing, and loads once it works', async () => {
    let online = false;
    let attempts = 0;
    const load = async () => {
      attempts += 1;
      if (!online) throw new TypeError('Failed to fetch dynamically imported module: /assets/blog.js');
      return { BlogPage };
    };
    // Fake time from the start, so that a retry timer of its own would be one the test can run.
    vi.useFakeTimers();
    view = await render(lazyScreen(load, (module) => module.BlogPage));
    const { container } = view;
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Unable to load this page'));
    await click(button(container, 'Retry'));
    await waitFor(() => expect(attempts).toBe(2));
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Unable to load this page'));
    // No retry loop of its own: a minute later it still waits for the shopper.
    await advanceFakeTime(60_000);
    expect(attempts).toBe(2);

    online = true;
    await click(button(container, 'Retry'));
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Blog'));
  });
});
