import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode, useState } from 'react';
import { PAGE_QUERIES_ELEMENT_ID } from '#shared/constants.ts';
import { createQueryClient } from '#web/lib/query-client.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { ErrorScreen } from './error-screen.tsx';

/**
 * A query client started with the answers a server-drawn page embedded (decision 009). With a
 * service worker they count as stale, so they are fetched again once in the background: the worker
 * keeps that copy for offline visits (it never sees the one inside the page).
 */
function createPageQueryClient(): QueryClient {
  const client = createQueryClient();
  const element = document.getElementById(PAGE_QUERIES_ELEMENT_ID);
  if (element) {
    // The server wrote this JSON itself (web-app.ts), so it is not checked again here.
    for (const [key, data] of JSON.parse(element.textContent as string) as [unknown[], unknown][]) {
      client.setQueryData(key, data, { updatedAt: navigator.serviceWorker?.controller ? 1 : undefined });
    }
    element.remove();
  }
  return client;
}

/**
 * Everything around the router: strict mode, the app-level error screen and the query client.
 * The same in the browser (boot.tsx) and on the server (ssr/render-page.tsx), since hydration
 * needs both trees to match.
 */
export function AppProviders({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createPageQueryClient());
  return (
    <StrictMode>
      <ErrorBoundary fallback={<ErrorScreen app />}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </ErrorBoundary>
    </StrictMode>
  );
}
