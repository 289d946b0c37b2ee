import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '#web/lib/toast.ts';
import { type Rendered, render, waitFor } from '#web/test/render.tsx';
import { ToasterHost } from './toaster-host.tsx';

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
  document.documentElement.classList.remove('dark');
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const toaster = () => document.querySelector('[data-sonner-toaster]');
/** sonner keeps toasts across mounts, so each test looks for titles of its own. */
const toastTitles = () =>
  [...document.querySelectorAll('[data-sonner-toast] [data-title]')].map((node) => node.textContent);

describe('ToasterHost', () => {
  it('loads sonner when a toast is requested and shows the toasts asked for before it loaded', async () => {
    toast({ title: 'Saved for later', description: 'Shown once the toaster is ready.', variant: 'success' });
    view = await render(<ToasterHost />);
    await waitFor(() => expect(toastTitles()).toEqual(['Saved for later']));
    expect(document.body.textContent).toContain('Shown once the toaster is ready.');
    // Accessible: a labelled live region.
    expect(document.querySelector('section[aria-live]')?.getAttribute('aria-label')).toMatch(/^Notifications/);
  });

  it('mounts nothing for the first paint, then loads the toaster once the browser is idle', async () => {
    const idleCallbacks: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idleCallbacks.push(callback));
    view = await render(<ToasterHost />);
    expect(idleCallbacks).toHaveLength(1);
    expect(document.querySelector('section[aria-live]')).toBeNull();
    await act(async () => idleCallbacks[0]?.());
    await waitFor(() => expect(document.querySelector('section[aria-live]')).not.toBeNull());
  });

  it('shows at most 3 toasts at a time and an action button that works', async () => {
    view = await render(<ToasterHost />);
    let clicked = 0;
    toast({ title: 'With action', action: { label: 'Undo', onClick: () => clicked++ } });
    await waitFor(() => expect(toastTitles()).toContain('With action'));
    for (const title of ['Two', 'Three', 'Four', 'Five']) toast({ title });
    await waitFor(() => expect(toastTitles()).toEqual(expect.arrayContaining(['Two', 'Three', 'Four', 'Five'])));
    const visible = [...document.querySelectorAll('[data-sonner-toast][data-visible="true"] [data-title]')];
    expect(visible.map((node) => node.textContent)).toEqual(['Five', 'Four', 'Three']);
    const undo = [...document.querySelectorAll('button')].find((button) => button.textContent === 'Undo');
    await act(async () => undo?.click());
    expect(clicked).toBe(1);
  });

  it('replaces a toast that has the same id instead of stacking it', async () => {
    view = await render(<ToasterHost />);
    toast({ title: 'Connection Issue', id: 'error-network' });
    toast({ title: 'Connection Issue', id: 'error-network' });
    await waitFor(() => expect(toastTitles()).toContain('Connection Issue'));
    expect(toastTitles().filter((title) => title === 'Connection Issue')).toHaveLength(1);
  });

  it('follows the dark class that the theme puts on <html>', async () => {
    view = await render(<ToasterHost />);
    toast({ title: 'Themed' });
    await waitFor(() => expect(toaster()?.getAttribute('data-sonner-theme')).toBe('light'));
    await act(async () => document.documentElement.classList.add('dark'));
    await waitFor(() => expect(toaster()?.getAttribute('data-sonner-theme')).toBe('dark'));
  });

  it('hides a toast after 4 seconds', async () => {
    view = await render(<ToasterHost />);
    toast({ title: 'Loads the toaster' });
    await waitFor(() => expect(toaster()).not.toBeNull());
    // The toaster is loaded and mounted (real timers: a dynamic import), so the clock can be
    // faked from here: the 4 s pass at once instead of in real time.
    vi.useFakeTimers();
    toast({ title: 'Brief' });
    await act(async () => vi.advanceTimersByTimeAsync(0));
    expect(toastTitles()).toContain('Brief');
    await act(async () => vi.advanceTimersByTimeAsync(3_900));
    expect(toastTitles()).toContain('Brief');
    // Its time is up at 4 s; it leaves the page once its exit animation (200 ms) is over.
    await act(async () => vi.advanceTimersByTimeAsync(600));
    expect(toastTitles()).not.toContain('Brief');
  });
});
