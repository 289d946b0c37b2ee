import { lazy, Suspense, useEffect, useState } from 'react';
import './pwa-signals.ts';

const PwaBanners = lazy(() => import('./pwa-banners.tsx').then((module) => ({ default: module.PwaBanners })));

/**
 * The offline notice, the install banner and the update banner, with the service worker behind
 * them: all loaded once the page has loaded and the browser is idle, so the first load pays only
 * for this component. Without service workers (old browsers, happy-dom) there is nothing to show.
 */
export function PwaRoot() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const start = () => (window.requestIdleCallback ?? setTimeout)(() => setReady(true));
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
  }, []);
  return ready ? (
    <Suspense fallback={null}>
      <PwaBanners />
    </Suspense>
  ) : null;
}
