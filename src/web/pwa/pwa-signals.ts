/**
 * What the browser has told the page about installing and connectivity, shared by the PWA modules.
 * Two listeners run with the first load, because what they catch happens before the banners load
 * (when the page is idle): Chrome fires `beforeinstallprompt` once, early, and the service worker
 * reports a catalogue answer served from its cache while the first screen loads.
 */
import { SW_MESSAGES } from './sw-messages.ts';

/** Chrome's `beforeinstallprompt` event (not in the DOM typings). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

export const pwaSignals: {
  /** The browser's offer to install; usable once. */
  installPrompt?: InstallPromptEvent;
  /** `appinstalled` fired: the app was installed (by our banner or the browser's menu). */
  installed: boolean;
  /** The service worker answered a catalogue request from its cache (network down or too slow). */
  servedFromCache: boolean;
} = { installed: false, servedFromCache: false };

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Our banner offers the install instead of the browser's mini-infobar.
    event.preventDefault();
    pwaSignals.installPrompt = event as InstallPromptEvent;
  });
  navigator.serviceWorker?.addEventListener('message', ({ data }) => {
    const type = (data as { type?: unknown } | null)?.type;
    if (type === SW_MESSAGES.servedFromCache || type === SW_MESSAGES.networkOk) {
      pwaSignals.servedFromCache = type === SW_MESSAGES.servedFromCache;
    }
  });
}
