import { Workbox } from 'workbox-window';
import { toast } from '#web/lib/toast.ts';
import { usePwaStore } from './pwa-store.ts';

export const UPDATE_AVAILABLE_MESSAGE = 'App update available! Refresh to get the latest version.';

/** How often an open tab asks the server whether sw.js changed (a shop tab can stay open for days). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

let workbox: Workbox | undefined;
let updating = false;

function announceUpdate() {
  if (usePwaStore.getState().updateReady) return;
  usePwaStore.setState({ updateReady: true });
  toast({ title: UPDATE_AVAILABLE_MESSAGE, variant: 'info', id: 'pwa-update' });
}

/**
 * Registers /sw.js (production builds only: `vite dev` has no worker) and reports new versions.
 * The first worker takes control of the page at once; a new one waits until the shopper chooses
 * 'Update Now', so a page never runs old code against new files under its feet.
 */
export async function registerServiceWorker(): Promise<void> {
  if (workbox || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  workbox = new Workbox('/sw.js', { scope: '/' });
  // A new version installed and waiting (also one found waiting when the page opened).
  workbox.addEventListener('waiting', announceUpdate);
  workbox.addEventListener('controlling', (event) => {
    if (updating) window.location.reload();
    // Another tab chose 'Update Now': this one runs the old version under the new worker.
    else if (event.isUpdate) announceUpdate();
  });
  try {
    // Registration fails in private modes, insecure contexts or when blocked by policy: the shop
    // then works as a plain web page, which is no error the shopper should hear about.
    const registration = await workbox.register({ immediate: true });
    if (!registration) return;
  } catch (error) {
    console.warn('Service worker registration failed; continuing without offline support', error);
    return;
  }
  setInterval(() => void workbox?.update(), UPDATE_CHECK_MS);
}

/**
 * Deletes the cached data (catalogue answers, product images): after an update the shopper sees
 * fresh data, not the old version's. The precache is left to the worker itself: the waiting worker
 * has already stored the new version's files in it and drops the old ones when it takes over;
 * deleting it would leave the new version unable to open offline until the next release.
 */
export async function clearRuntimeCaches(storage: CacheStorage): Promise<string[]> {
  const names = (await storage.keys()).filter((name) => !name.includes('precache'));
  await Promise.all(names.map((name) => storage.delete(name)));
  return names;
}

/** 'Update Now': clear the caches, let the waiting worker take over, reload into the new version. */
export async function applyUpdate(): Promise<void> {
  updating = true;
  if ('caches' in window) await clearRuntimeCaches(window.caches).catch(() => []);
  const registration = await navigator.serviceWorker?.getRegistration();
  if (workbox && registration?.waiting) {
    workbox.messageSkipWaiting();
    // The reload happens on 'controlling'; if the worker never takes over, reload anyway.
    setTimeout(() => window.location.reload(), 4000);
  } else {
    window.location.reload();
  }
}
