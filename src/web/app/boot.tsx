import { useEffect, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { AppProviders } from './providers.tsx';
import { AppRouter } from './router.tsx';
import { startThemeSync } from './theme.ts';
import '../errors/install.ts';

/**
 * One way in for both: a drawn page is hydrated as it is; an empty one hydrates as empty (this
 * renders nothing at first) and then draws the app. `createRoot` beside `hydrateRoot` would cost
 * first-load bytes (decision 004) for what one extra pass does.
 */
function Root({ drawn }: { drawn: boolean }) {
  const [show, setShow] = useState(drawn);
  useEffect(() => setShow(true), []);
  return show ? (
    <AppProviders>
      <AppRouter />
    </AppProviders>
  ) : null;
}

/** Starts the app in `#root`. */
export function boot(): void {
  startThemeSync();
  const container = document.getElementById('root') as HTMLElement; // index.html always has it
  // The server draws the storefront's entry pages (decision 009); other pages arrive empty.
  hydrateRoot(container, <Root drawn={container.firstChild !== null} />);
}
