import { create } from 'zustand';
import { pwaSignals } from './pwa-signals.ts';

/** docs/product.md#app-install-and-update: hidden, shown, dismissed for the session, or accepted. */
export type InstallState = 'hidden' | 'shown' | 'dismissed' | 'accepted';

export interface PwaState {
  install: InstallState;
  /** A new version of the app is waiting (or has taken control) and the page runs the old one. */
  updateReady: boolean;
  /** The browser is offline, or catalogue data on screen came from the service worker's cache. */
  offline: boolean;
}

export const INITIAL_PWA_STATE: PwaState = { install: 'hidden', updateReady: false, offline: false };

export const usePwaStore = create<PwaState>(() => INITIAL_PWA_STATE);

/** Offline: the browser says so, or the service worker had to answer from its cache. */
export function syncOfflineState(): void {
  const offline = !navigator.onLine || pwaSignals.servedFromCache;
  if (usePwaStore.getState().offline !== offline) usePwaStore.setState({ offline });
}
