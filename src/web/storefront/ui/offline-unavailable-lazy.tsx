import { lazy, Suspense } from 'react';

/**
 * The "not available offline" screens, loaded when first drawn: they show only offline (the server
 * and hydration take "online"), so they stay out of every page's first load (the 110 KB budget of
 * docs/engineering.md#budgets). The service worker has their chunk with the rest of the app.
 */
const Page = lazy(() => import('./offline-unavailable.tsx').then((module) => ({ default: module.OfflineUnavailable })));
const Notice = lazy(() =>
  import('./offline-unavailable.tsx').then((module) => ({ default: module.OfflineUnavailableNotice })),
);

export function OfflineUnavailable() {
  return (
    <Suspense fallback={null}>
      <Page />
    </Suspense>
  );
}

export function OfflineUnavailableNotice({ what }: { what: string }) {
  return (
    <Suspense fallback={null}>
      <Notice what={what} />
    </Suspense>
  );
}
