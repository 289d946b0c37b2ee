import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { advanceFakeTime, type Rendered, render, waitFor } from '#web/test/render.tsx';
import { SearchBox } from './search-box.tsx';
import { SUGGEST_DEBOUNCE_MS } from './search-combobox.tsx';

/**
 * The header search asks for suggestions once typing pauses, not on every key. This was an E2E
 * test that typed with real 20 ms gaps and counted the pauses a busy machine happened to make;
 * here the keys arrive on a fake clock, so the gaps are exactly what the test says.
 */
let view: Rendered | undefined;
/** The `q` of each suggestions request, in order. */
let asked: string[] = [];

beforeEach(() => {
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const address = new URL(url, 'http://shop.test');
      if (address.pathname.endsWith('/search/suggestions')) asked.push(address.searchParams.get('q') ?? '');
      return new Response(JSON.stringify({ data: [] }), { status: 200 });
    }),
  );
});
afterEach(() => {
  view?.unmount();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The header search, focused, with its combobox loaded (a lazy module: loaded before time is faked). */
async function openSearch(): Promise<HTMLInputElement> {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  view = await render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/']}>
        <SearchBox className="" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const input = view.container.querySelector<HTMLInputElement>('#site-search') as HTMLInputElement;
  await act(async () => input.focus());
  await waitFor(() => expect(input.getAttribute('role')).toBe('combobox'));
  return input;
}

/** Types `text` one key at a time, `gapMs` of fake time apart, as the input events of a keyboard. */
async function typeKeys(input: HTMLInputElement, text: string, gapMs: number): Promise<void> {
  for (const key of text) {
    await act(async () => {
      input.value += key;
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await advanceFakeTime(gapMs);
  }
}

describe('header search suggestions', () => {
  it('asks once for what was typed without a pause, after the debounce', async () => {
    const input = await openSearch();
    vi.useFakeTimers();
    await typeKeys(input, 'raspberry', 20);
    expect(asked).toEqual([]);
    await advanceFakeTime(SUGGEST_DEBOUNCE_MS);
    await waitFor(() => expect(asked).toEqual(['raspberry']));
  });

  it('asks again only after a pause at least as long as the debounce', async () => {
    const input = await openSearch();
    vi.useFakeTimers();
    await typeKeys(input, 'ras', 20);
    // A pause just under the debounce: still no request.
    await advanceFakeTime(SUGGEST_DEBOUNCE_MS - 30);
    expect(asked).toEqual([]);
    await advanceFakeTime(30);
    await waitFor(() => expect(asked).toEqual(['ras']));
    await typeKeys(input, 'pberry', 20);
    await advanceFakeTime(SUGGEST_DEBOUNCE_MS);
    await waitFor(() => expect(asked).toEqual(['ras', 'raspberry']));
  });
});
