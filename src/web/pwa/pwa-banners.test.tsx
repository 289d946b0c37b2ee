import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, waitFor } from '#web/test/render.tsx';
import { OFFLINE_MESSAGE, PwaBanners } from './pwa-banners.tsx';
import { type InstallPromptEvent, pwaSignals } from './pwa-signals.ts';
import { INITIAL_PWA_STATE, usePwaStore } from './pwa-store.ts';
import { clearRuntimeCaches, registerServiceWorker } from './sw-update.ts';

let online = true;
Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });

function button(container: HTMLElement, name: string) {
  return [...container.querySelectorAll('button')].find((item) => item.textContent === name);
}

function banner(container: HTMLElement, name: string) {
  return [...container.querySelectorAll('section')].find(
    (section) => document.getElementById(section.getAttribute('aria-labelledby') ?? '')?.textContent === name,
  );
}

function offerInstall() {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as InstallPromptEvent;
  Object.assign(event, {
    prompt: async () => undefined,
    userChoice: Promise.resolve({ outcome: 'accepted', platform: 'web' }),
  });
  window.dispatchEvent(event);
}

beforeEach(() => {
  usePwaStore.setState(INITIAL_PWA_STATE);
  Object.assign(pwaSignals, { installPrompt: undefined, installed: false, servedFromCache: false });
  sessionStorage.clear();
  online = true;
});

let unmount: (() => void) | undefined;
afterEach(() => {
  unmount?.();
  unmount = undefined;
});

async function mount() {
  const rendered = await render(<PwaBanners />);
  unmount = rendered.unmount;
  return rendered.container;
}

describe('offline notice', () => {
  it('is a polite status that says when the browser goes offline and clears when it is back', async () => {
    const container = await mount();
    const status = container.querySelector('[role="status"]');
    expect(status?.textContent).toBe('');

    online = false;
    await act(async () => void window.dispatchEvent(new Event('offline')));
    expect(status?.textContent).toBe(OFFLINE_MESSAGE);
    expect(OFFLINE_MESSAGE).toBe('You are offline. Showing saved pages.');

    online = true;
    await act(async () => void window.dispatchEvent(new Event('online')));
    expect(status?.textContent).toBe('');
  });

  it('shows when the page opens offline', async () => {
    online = false;
    const container = await mount();
    expect(container.querySelector('[role="status"]')?.textContent).toBe(OFFLINE_MESSAGE);
  });

  it('shows when catalogue data came from the cache, until the connection is back', async () => {
    pwaSignals.servedFromCache = true;
    const container = await mount();
    expect(container.querySelector('[role="status"]')?.textContent).toBe(OFFLINE_MESSAGE);
    await act(async () => void window.dispatchEvent(new Event('online')));
    expect(container.querySelector('[role="status"]')?.textContent).toBe('');
    expect(pwaSignals.servedFromCache).toBe(false);
  });
});

describe('install banner', () => {
  it("appears when the browser offers to install, with 'Install' and 'Not Now'", async () => {
    const container = await mount();
    expect(banner(container, 'Install Cedar Shop')).toBeUndefined();
    await act(async () => offerInstall());
    const section = banner(container, 'Install Cedar Shop');
    expect(section).toBeDefined();
    expect(button(container, 'Install')).toBeDefined();

    await act(async () => button(container, 'Not Now')?.click());
    expect(banner(container, 'Install Cedar Shop')).toBeUndefined();
    expect(usePwaStore.getState().install).toBe('dismissed');
  });

  it("'Install' hands over to the browser's dialog and hides the banner when accepted", async () => {
    const container = await mount();
    await act(async () => offerInstall());
    await act(async () => button(container, 'Install')?.click());
    await waitFor(() => expect(usePwaStore.getState().install).toBe('accepted'));
    expect(banner(container, 'Install Cedar Shop')).toBeUndefined();
  });
});

describe('update banner', () => {
  it("shows 'Update Now' and 'Later' when a new version is ready; 'Later' hides it", async () => {
    const container = await mount();
    expect(banner(container, 'A new version is available')).toBeUndefined();
    await act(async () => usePwaStore.setState({ updateReady: true }));
    expect(banner(container, 'A new version is available')).toBeDefined();
    expect(button(container, 'Update Now')).toBeDefined();
    await act(async () => button(container, 'Later')?.click());
    expect(banner(container, 'A new version is available')).toBeUndefined();
  });
});

describe('service worker', () => {
  it('is never registered outside a production build', async () => {
    const registered: string[] = [];
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: Object.assign(new EventTarget(), {
        register: async (url: string) => void registered.push(url),
        getRegistration: async () => undefined,
      }),
    });
    try {
      await registerServiceWorker();
      await mount();
      expect(registered).toEqual([]);
    } finally {
      Reflect.deleteProperty(navigator, 'serviceWorker');
    }
  });

  it("'Update Now' clears the cached data but leaves the new version's precache to the worker", async () => {
    const names = new Set(['workbox-precache-v2-https://shop.example/', 'cedar-catalogue', 'cedar-images', 'misc']);
    const storage = {
      keys: async () => [...names],
      delete: async (name: string) => names.delete(name),
    } as unknown as CacheStorage;
    expect((await clearRuntimeCaches(storage)).sort()).toEqual(['cedar-catalogue', 'cedar-images', 'misc']);
    expect([...names]).toEqual(['workbox-precache-v2-https://shop.example/']);
  });
});
