import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { type Rendered, render } from '#web/test/render.tsx';
import { byLabel as byLabelOfAnyRole } from './queries.ts';

/** Shared by the admin list kit's tests: mounting in a router, reading the URL, driving fields. */

let view: Rendered | undefined;
let location = '';

function LocationProbe() {
  const current = useLocation();
  location = `${current.pathname}${current.search}`;
  return null;
}

export const currentLocation = () => location;

export async function mount(node: ReactNode, entry = '/admin/things') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  view = await render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        {node}
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return view.container;
}

export function unmount() {
  view?.unmount();
  view = undefined;
  location = '';
}

/** The screen is `wide` (a table) or not (cards), as the browser's matchMedia would say. */
export function screenIsWide(wide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

export const click = (element: Element | null | undefined) =>
  act(async () => {
    if (!(element instanceof HTMLElement)) throw new Error('nothing to click');
    element.click();
  });

export { buttonByText } from './queries.ts';

export const byLabel = <T extends Element = HTMLInputElement>(root: ParentNode, label: string) =>
  byLabelOfAnyRole<T>(root, label);

/** A select by its (visually hidden) label text: FilterSelect wraps the select in its label. */
export const selectByLabel = (root: ParentNode, label: string) =>
  [...root.querySelectorAll('label')]
    .find((element) => element.querySelector('.sr-only')?.textContent === label)
    ?.querySelector('select') ?? null;

export const type = (input: HTMLInputElement | HTMLSelectElement | null, value: string) =>
  act(async () => {
    if (!input) throw new Error('no field');
    const prototype = input instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event(input instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  });
