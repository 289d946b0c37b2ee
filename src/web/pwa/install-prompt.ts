import { getSiteConfig } from '#web/lib/site-config.ts';
import { toast } from '#web/lib/toast.ts';
import { pwaSignals } from './pwa-signals.ts';
import { usePwaStore } from './pwa-store.ts';

/** sessionStorage: 'Not Now' hides the banner until the tab is closed. */
export const INSTALL_DISMISSED_KEY = 'pwa-install-dismissed';

export const INSTALL_FAILED_MESSAGE = 'Failed to install app. Please try again.';

function dismissedThisSession(): boolean {
  try {
    return sessionStorage.getItem(INSTALL_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

let installedToastShown = false;

function markInstalled() {
  usePwaStore.setState({ install: 'accepted' });
  // Both the prompt's outcome and `appinstalled` report one install: one toast.
  if (installedToastShown) return;
  installedToastShown = true;
  toast({ title: `${getSiteConfig().shopName} app installed successfully!`, variant: 'success', id: 'pwa-installed' });
}

/** Brings the install state in line with what the browser has told us (pwa-signals.ts). */
export function syncInstallState(): void {
  const { install } = usePwaStore.getState();
  if (pwaSignals.installed) {
    if (install !== 'accepted') markInstalled();
  } else if (pwaSignals.installPrompt && install === 'hidden' && !dismissedThisSession()) {
    usePwaStore.setState({ install: 'shown' });
  }
}

/** 'Not Now' (or 'Cancel' in the browser's dialog): hidden for the rest of the session. */
export function dismissInstall(): void {
  try {
    sessionStorage.setItem(INSTALL_DISMISSED_KEY, '1');
  } catch {
    // Storage blocked: the banner still hides for this page.
  }
  usePwaStore.setState({ install: 'dismissed' });
}

/** 'Install': shows the browser's install dialog and follows its outcome. */
export async function acceptInstall(): Promise<void> {
  const prompt = pwaSignals.installPrompt;
  // The browser's event can prompt only once; a later offer comes as a new event.
  pwaSignals.installPrompt = undefined;
  try {
    if (!prompt) throw new Error('The browser has withdrawn its install offer');
    await prompt.prompt();
    const { outcome } = await prompt.userChoice;
    if (outcome === 'accepted') markInstalled();
    else dismissInstall();
  } catch {
    usePwaStore.setState({ install: 'hidden' });
    toast({ title: INSTALL_FAILED_MESSAGE, variant: 'error', id: 'pwa-install-failed' });
  }
}

/** For tests: forget the toast already shown. */
export function resetInstallPrompt(): void {
  installedToastShown = false;
}
