import { type ReactNode, useEffect, useId } from 'react';
import { getSiteConfig } from '#web/lib/site-config.ts';
import { Icon } from '#web/ui/icons.tsx';
import { acceptInstall, dismissInstall, syncInstallState } from './install-prompt.ts';
import { watchPwaEvents } from './pwa-events.ts';
import { syncOfflineState, usePwaStore } from './pwa-store.ts';
import { applyUpdate, registerServiceWorker } from './sw-update.ts';

const offlineIcon =
  'M2 2l20 20M8.5 16.5a5 5 0 0 1 7 0M5 12.9a10 10 0 0 1 5.2-2.7M19 12.9a10 10 0 0 0-2.1-1.5M2 8.8a15 15 0 0 1 4.2-2.6M22 8.8A15 15 0 0 0 10.7 5M12 20h.01';
const downloadIcon = 'M12 4v11M7 10l5 5 5-5M5 20h14';
const refreshIcon = 'M20 11a8 8 0 0 0-14.7-4.4L4 8M4 4v4h4M4 13a8 8 0 0 0 14.7 4.4L20 16M20 20v-4h-4';

export const OFFLINE_MESSAGE = 'You are offline. Showing saved pages.';

function Banner({ icon, title, text, children }: { icon: string; title: string; text: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="pointer-events-auto w-full max-w-md rounded-2xl border border-line bg-surface p-4 text-fg shadow-lg shadow-black/10"
    >
      <div className="flex gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent">
          <Icon d={icon} />
        </span>
        <div className="min-w-0">
          <h2 id={titleId} className="font-semibold text-strong">
            {title}
          </h2>
          <p className="mt-0.5 text-sm text-muted">{text}</p>
        </div>
      </div>
      <div className="mt-3 flex justify-end gap-2">{children}</div>
    </section>
  );
}

export function InstallBanner() {
  const { shopName } = getSiteConfig();
  return (
    <Banner
      icon={downloadIcon}
      title={`Install ${shopName}`}
      text="Add the shop to your home screen: it opens faster and shows the pages you visited offline."
    >
      <button type="button" className="btn-secondary" onClick={dismissInstall}>
        Not Now
      </button>
      <button type="button" className="btn-primary" onClick={() => void acceptInstall()}>
        Install
      </button>
    </Banner>
  );
}

export function UpdateBanner() {
  return (
    <Banner
      icon={refreshIcon}
      title="A new version is available"
      text="Update now to get the latest version of the shop."
    >
      <button type="button" className="btn-secondary" onClick={() => usePwaStore.setState({ updateReady: false })}>
        Later
      </button>
      <button type="button" className="btn-primary" onClick={() => void applyUpdate()}>
        Update Now
      </button>
    </Banner>
  );
}

/** Always in the page (empty when online) so screen readers announce the change politely. */
export function OfflineNotice({ offline }: { offline: boolean }) {
  return (
    <p
      role="status"
      className={
        offline
          ? 'pointer-events-auto inline-flex items-center gap-2 rounded-full bg-strong px-4 py-2 text-sm font-medium text-page shadow-lg'
          : 'sr-only'
      }
    >
      {offline && (
        <>
          <Icon d={offlineIcon} className="size-4 shrink-0" />
          {OFFLINE_MESSAGE}
        </>
      )}
    </p>
  );
}

/** The banners at the bottom of the screen, and the wiring behind them (lazily loaded by PwaRoot). */
export function PwaBanners() {
  const { install, updateReady, offline } = usePwaStore();

  useEffect(() => {
    const sync = () => {
      syncInstallState();
      syncOfflineState();
    };
    sync();
    void registerServiceWorker();
    return watchPwaEvents(sync);
  }, []);

  // Empty (only the screen-reader status), the bar has no height: a banner appearing in it is then
  // new content, not a box whose top jumps up, which Chrome would count as a layout shift.
  const showing = offline || updateReady || install === 'shown';
  return (
    <div
      className={`pointer-events-none fixed inset-x-0 bottom-0 z-40 flex flex-col items-center gap-2 sm:items-start ${
        showing ? 'p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:p-5' : ''
      }`}
    >
      <OfflineNotice offline={offline} />
      {updateReady && <UpdateBanner />}
      {install === 'shown' && <InstallBanner />}
    </div>
  );
}
