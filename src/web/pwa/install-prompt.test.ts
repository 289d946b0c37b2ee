import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { SITE_CONFIG_ELEMENT_ID } from '#shared/constants.ts';
import { connectToaster, type ToastOptions } from '#web/lib/toast.ts';
import {
  acceptInstall,
  dismissInstall,
  INSTALL_DISMISSED_KEY,
  INSTALL_FAILED_MESSAGE,
  resetInstallPrompt,
  syncInstallState,
} from './install-prompt.ts';
import { type InstallPromptEvent, pwaSignals } from './pwa-signals.ts';
import { INITIAL_PWA_STATE, usePwaStore } from './pwa-store.ts';

// The shop's name comes from the site config the server embeds in the page (read once).
const config = document.createElement('script');
config.type = 'application/json';
config.id = SITE_CONFIG_ELEMENT_ID;
config.textContent = JSON.stringify({ shopName: 'Beirut Parts' });
document.head.append(config);

const toasts: ToastOptions[] = [];
const disconnect = connectToaster((options) => toasts.push(options));
afterAll(disconnect);

/** What Chrome dispatches when it offers to install; its dialog answers `outcome` (or fails). */
function offerInstall(outcome: 'accepted' | 'dismissed' | 'fails') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as InstallPromptEvent & { prompted: number };
  event.prompted = 0;
  Object.assign(event, {
    prompt: async () => {
      event.prompted += 1;
      if (outcome === 'fails') throw new DOMException('blocked', 'NotAllowedError');
    },
    userChoice: Promise.resolve({ outcome: outcome === 'fails' ? 'dismissed' : outcome, platform: 'web' }),
  });
  window.dispatchEvent(event);
  syncInstallState();
  return event;
}

const installState = () => usePwaStore.getState().install;

beforeEach(() => {
  usePwaStore.setState(INITIAL_PWA_STATE);
  pwaSignals.installPrompt = undefined;
  pwaSignals.installed = false;
  sessionStorage.clear();
  toasts.length = 0;
  resetInstallPrompt();
});

describe('install prompt', () => {
  it('is hidden until the browser offers to install, then shown', () => {
    syncInstallState();
    expect(installState()).toBe('hidden');
    const event = offerInstall('accepted');
    // The browser's own mini-infobar is suppressed in favour of the banner.
    expect(event.defaultPrevented).toBe(true);
    expect(pwaSignals.installPrompt).toBe(event);
    expect(installState()).toBe('shown');
  });

  it("'Not Now' dismisses it for the rest of the session", () => {
    offerInstall('accepted');
    dismissInstall();
    expect(installState()).toBe('dismissed');
    expect(sessionStorage.getItem(INSTALL_DISMISSED_KEY)).toBe('1');

    // Same session, a new page (fresh state) and a new offer: still hidden.
    usePwaStore.setState(INITIAL_PWA_STATE);
    offerInstall('accepted');
    expect(installState()).toBe('hidden');
  });

  it("accepting the browser's dialog installs the app and says so once, with the shop's name", async () => {
    const event = offerInstall('accepted');
    await acceptInstall();
    expect(event.prompted).toBe(1);
    expect(installState()).toBe('accepted');
    expect(toasts).toEqual([
      { title: 'Beirut Parts app installed successfully!', variant: 'success', id: 'pwa-installed' },
    ]);

    // The browser then reports `appinstalled`: no second toast.
    window.dispatchEvent(new Event('appinstalled'));
    pwaSignals.installed = true;
    syncInstallState();
    expect(installState()).toBe('accepted');
    expect(toasts).toHaveLength(1);
  });

  it('an install from the browser menu (appinstalled alone) is reported too', () => {
    pwaSignals.installed = true;
    syncInstallState();
    expect(installState()).toBe('accepted');
    expect(toasts.map((toast) => toast.title)).toEqual(['Beirut Parts app installed successfully!']);
  });

  it("cancelling the browser's dialog counts as 'Not Now'", async () => {
    offerInstall('dismissed');
    await acceptInstall();
    expect(installState()).toBe('dismissed');
    expect(sessionStorage.getItem(INSTALL_DISMISSED_KEY)).toBe('1');
    expect(toasts).toEqual([]);
  });

  it('a dialog that fails shows the failure toast and hides the banner until the next offer', async () => {
    offerInstall('fails');
    await acceptInstall();
    expect(installState()).toBe('hidden');
    expect(toasts).toEqual([{ title: INSTALL_FAILED_MESSAGE, variant: 'error', id: 'pwa-install-failed' }]);
    expect(INSTALL_FAILED_MESSAGE).toBe('Failed to install app. Please try again.');
    // The used event is gone; the browser's next offer shows the banner again.
    expect(pwaSignals.installPrompt).toBeUndefined();
    offerInstall('accepted');
    expect(installState()).toBe('shown');
  });

  it('an offer that has already been used fails cleanly', async () => {
    await acceptInstall();
    expect(toasts.map((toast) => toast.title)).toEqual([INSTALL_FAILED_MESSAGE]);
  });
});
