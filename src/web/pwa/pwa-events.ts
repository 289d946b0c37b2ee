import { pwaSignals } from './pwa-signals.ts';

/**
 * Follows the install offer, the install itself, the service worker's cache notices and the
 * browser's online/offline events; calls `onChange` after each. Returns the cleanup.
 */
export function watchPwaEvents(onChange: () => void): () => void {
  const onInstalled = () => {
    pwaSignals.installed = true;
    pwaSignals.installPrompt = undefined;
    onChange();
  };
  const onOnline = () => {
    // Back online: what is on screen gets refetched, so the cache notice no longer holds.
    pwaSignals.servedFromCache = false;
    onChange();
  };
  // pwa-signals.ts has stored the event or message by now (its listeners were added first).
  window.addEventListener('beforeinstallprompt', onChange);
  window.addEventListener('appinstalled', onInstalled);
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onChange);
  navigator.serviceWorker?.addEventListener('message', onChange);
  return () => {
    window.removeEventListener('beforeinstallprompt', onChange);
    window.removeEventListener('appinstalled', onInstalled);
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onChange);
    navigator.serviceWorker?.removeEventListener('message', onChange);
  };
}
