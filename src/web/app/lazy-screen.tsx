import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { PageSkeleton } from '#web/ui/page-skeleton.tsx';

/**
 * A lazily loaded screen inside its own Suspense boundary, with a page-shaped placeholder while
 * its code downloads (spec §2). `pick` names the screen's export: screens use named exports.
 */
export function lazyScreen<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  fallback: ReactNode = <PageSkeleton />,
): ReactNode {
  const Screen = lazy(() => load().then((module) => ({ default: pick(module) })));
  return (
    <Suspense fallback={fallback}>
      <Screen />
    </Suspense>
  );
}
