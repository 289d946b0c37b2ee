import { getSiteConfig } from '#web/lib/site-config.ts';
import { useBoundaryRetry } from './error-boundary.tsx';

function reload() {
  window.location.reload();
}

function goBack() {
  // Landed straight on the failing page: there is nothing to go back to but the shop.
  if (history.length > 1) history.back();
  else location.assign('/');
}

/**
 * The error screens of docs/product.md#error-screens, usable outside the router. App level (`app`):
 * the shell itself failed, so there is no header; 'Try Again' reloads the page and 'Go Home' goes
 * to /. Page level: a screen failed inside the layout (for example its code could not be downloaded
 * after a deploy); 'Retry' renders it again, which downloads its code again, and 'Go Back' returns
 * to the previous page.
 */
export function ErrorScreen({ app = false }: { app?: boolean }) {
  const retry = useBoundaryRetry();
  const { supportContact, company } = getSiteConfig();
  const contact = supportContact || company.email || company.phone;
  return (
    <div role="alert" className={`mx-auto max-w-md px-4 text-center ${app ? 'py-24' : 'py-20'}`}>
      <h1 className="text-3xl font-bold tracking-tight text-balance text-strong">
        {app ? 'Oops! Something went wrong' : 'Unable to load this page'}
      </h1>
      <p className="mt-3 text-muted">
        {app ? 'Please refresh the page and try again.' : 'Check your connection and try again.'}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button type="button" onClick={app ? reload : retry} className="btn-primary">
          {app ? 'Try Again' : 'Retry'}
        </button>
        {app ? (
          <a href="/" className="btn-secondary">
            Go Home
          </a>
        ) : (
          <button type="button" onClick={goBack} className="btn-secondary">
            Go Back
          </button>
        )}
      </div>
      {app && contact && (
        <p className="mt-8 text-sm text-muted">
          Need help? Contact us at <span className="inline-block">{contact}.</span>
        </p>
      )}
    </div>
  );
}
