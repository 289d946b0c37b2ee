import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Rendered, render, waitFor } from '#web/test/render.tsx';
import { ComponentBoundary } from './component-boundary.tsx';

let view: Rendered | undefined;
beforeEach(() => {
  // React reports every error a boundary catches on the console; these are expected.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.restoreAllMocks();
});

async function clickRetry(container: HTMLElement) {
  const retry = [...container.querySelectorAll('button')].find((button) => button.textContent === 'Retry');
  if (!retry) throw new Error(`No Retry button in: ${container.textContent}`);
  await act(async () => retry.click());
}

/** A widget whose data comes from a query that throws to the boundary (as the home page's new arrivals). */
function Widget({ fetchItems }: { fetchItems: () => Promise<string[]> }) {
  const { data } = useQuery({ queryKey: ['widget'], queryFn: fetchItems, throwOnError: true });
  return <p>{data ? data.join(', ') : 'Loading'}</p>;
}

function Thrower({ failing }: { failing: { now: boolean } }) {
  if (failing.now) throw new Error('widget crashed');
  return <p>Widget works</p>;
}

describe('ComponentBoundary', () => {
  it('shows the red alert in place of a widget that crashed, leaves the rest, and Retry renders it again', async () => {
    const failing = { now: true };
    view = await render(
      <div>
        <h2>Rest of the page</h2>
        <ComponentBoundary>
          <Thrower failing={failing} />
        </ComponentBoundary>
      </div>,
    );
    const { container } = view;
    const alert = container.querySelector('[role="alert"]');
    expect(alert?.textContent).toContain('Component failed to load');
    expect(alert?.className).toContain('bg-red-50');
    expect(container.querySelector('h2')?.textContent).toBe('Rest of the page');

    failing.now = false;
    await clickRetry(container);
    expect(container.querySelector('[role="alert"]')).toBeNull();
    expect(container.textContent).toContain('Widget works');
  });

  it("Retry fetches a failed widget's data again", async () => {
    let calls = 0;
    const fetchItems = async () => {
      calls += 1;
      if (calls === 1) throw new Error('Request failed with status 500');
      return ['Galaxy S24', 'Pixel 9'];
    };
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    view = await render(
      <QueryClientProvider client={client}>
        <ComponentBoundary>
          <Widget fetchItems={fetchItems} />
        </ComponentBoundary>
      </QueryClientProvider>,
    );
    const { container } = view;
    await waitFor(() => expect(container.textContent).toContain('Component failed to load'));
    expect(calls).toBe(1);

    await clickRetry(container);
    await waitFor(() => expect(container.textContent).toBe('Galaxy S24, Pixel 9'));
    expect(calls).toBe(2);
  });
});
