import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { PageSkeleton } from '#web/storefront/ui/page-skeleton.tsx';
import { ErrorBoundary } from './error-boundary.tsx';
import { ErrorScreen } from './error-screen.tsx';

/**
 * A lazily loaded screen inside its own Suspense boundary, with a page-shaped placeholder while its
 * code downloads (docs/product.md#loading-and-prefetch). `pick` names the screen's export: screens
 * use named exports.
 *
 * A screen whose code cannot be downloaded (offline, or a deploy removed the old chunk) or that
 * fails while rendering shows the page-level error screen. React's `lazy` keeps a failed load
 * for good, so its 'Retry' starts a new `lazy`, which downloads the code again.
 */
export function lazyScreen<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  fallback: ReactNode = <PageSkeleton />,
): ReactNode {
  const create = () => lazy(() => load().then((module) => ({ default: pick(module) })));
  let screen = create();
  return (
    <ErrorBoundary
      fallback={<ErrorScreen />}
      onReset={() => {
        screen = create();
      }}
    >
      <Suspense fallback={fallback}>
        <LazyScreen current={() => screen} />
      </Suspense>
    </ErrorBoundary>
  );
}

function LazyScreen({ current }: { current: () => ComponentType }) {
  const Screen = current();
  return <Screen />;
}
