import { type ComponentType, useEffect, useState } from 'react';
import { loadErrorHandler } from '#web/errors/global-handler.ts';
import { onToastRequested } from '#web/lib/toast.ts';

/**
 * Mounts the toaster (sonner, about 10 KB gzip) once a toast is requested or the page is idle,
 * never during the first paint. The idle load also warms the error handler, so both are cached
 * before the connection can drop. Toasts asked for earlier wait in lib/toast.ts's queue.
 */
export function ToasterHost() {
  const [Toaster, setToaster] = useState<ComponentType>();
  useEffect(() => {
    // import() is cheap to repeat (the browser loads a module once), and after a failure (offline
    // before it was cached) the next toast simply tries again.
    const load = () => {
      import('#web/errors/sonner-toaster.tsx').then(
        (module) => setToaster(() => module.SonnerToaster),
        () => {},
      );
    };
    const whenIdle = () => {
      load();
      void loadErrorHandler();
    };
    // Not cancelled on unmount: loading early does no harm, and the host lives as long as the page.
    const idle = window.requestIdleCallback;
    if (idle) idle(whenIdle, { timeout: 5000 });
    else setTimeout(whenIdle, 3000);
    return onToastRequested(load);
  }, []);
  return Toaster ? <Toaster /> : null;
}
