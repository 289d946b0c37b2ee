import { Link, useNavigate } from 'react-router';
import { Container } from '#web/ui/container.tsx';
import { usePageTitle } from '#web/ui/use-page-title.ts';

export const OFFLINE_UNAVAILABLE_TITLE = 'Not available offline';

/**
 * A page whose data was never saved on this device, opened offline (issue 32: it was an endless
 * skeleton or a red error). It says so and offers a way back: the previous page when there is
 * one in this tab, and the store, whose visited pages open offline. The query behind the page
 * fetches again by itself when the connection returns (TanStack Query refetches on reconnect).
 */
export function OfflineUnavailable() {
  usePageTitle(OFFLINE_UNAVAILABLE_TITLE);
  const navigate = useNavigate();
  // React Router's own history index: above 0, this tab has a page of the shop to go back to.
  const canGoBack = typeof window !== 'undefined' && (window.history.state?.idx ?? 0) > 0;
  return (
    <Container className="flex flex-col items-center py-20 text-center sm:py-28">
      <p className="text-sm font-semibold tracking-widest text-accent uppercase">Offline</p>
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-balance text-strong sm:text-4xl">
        {OFFLINE_UNAVAILABLE_TITLE}
      </h1>
      <p className="mt-4 max-w-md text-muted">
        This page was not saved on this device, and you are offline. It opens once you are back online; the pages you
        have visited can be opened now.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/store" className="btn-primary">
          Back to the store
        </Link>
        {canGoBack && (
          <button type="button" className="btn-secondary" onClick={() => navigate(-1)}>
            Go back
          </button>
        )}
      </div>
    </Container>
  );
}

/**
 * The same inside a page that stays on screen (the store's results for filters never searched
 * online): the heading and filters remain, the products say they are not on this device.
 */
export function OfflineUnavailableNotice({ what }: { what: string }) {
  const navigate = useNavigate();
  const canGoBack = typeof window !== 'undefined' && (window.history.state?.idx ?? 0) > 0;
  return (
    <div className="rounded-2xl border border-dashed border-line-strong px-6 py-14 text-center">
      <h2 className="text-lg font-semibold">{OFFLINE_UNAVAILABLE_TITLE}</h2>
      <p className="mt-2 text-muted">
        {what} were not saved on this device, and you are offline. They show once you are back online.
      </p>
      {canGoBack && (
        <button type="button" className="btn-secondary mt-6" onClick={() => navigate(-1)}>
          Go back
        </button>
      )}
    </div>
  );
}
