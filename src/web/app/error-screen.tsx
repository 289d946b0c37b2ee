import { getSiteConfig } from '#web/lib/site-config.ts';

function reload() {
  window.location.reload();
}

/**
 * Spec §2 error screens, usable outside the router. App level (`app`): the shell itself failed, so there is no header; the
 * buttons reload or go home. Page level: a screen failed inside the layout (for example its code
 * could not be downloaded); the buttons retry or go back.
 */
export function ErrorScreen({ app = false }: { app?: boolean }) {
  const { supportContact, company } = getSiteConfig();
  const contact = supportContact || company.email || company.phone;
  return (
    <div role="alert" className={`mx-auto max-w-md px-4 text-center ${app ? 'py-24' : 'py-20'}`}>
      <h1 className="text-3xl font-bold tracking-tight text-strong">
        {app ? 'Oops! Something went wrong' : 'Unable to load this page'}
      </h1>
      <p className="mt-3 text-muted">
        {app
          ? 'Please refresh the page. If the problem persists, try again in a few minutes.'
          : 'Check your connection and try again.'}
      </p>
      <div className="mt-8 flex justify-center gap-3">
        <button type="button" onClick={reload} className="btn-primary">
          {app ? 'Try Again' : 'Retry'}
        </button>
        {app ? (
          <a href="/" className="btn-secondary">
            Go Home
          </a>
        ) : (
          <button type="button" onClick={() => history.back()} className="btn-secondary">
            Go Back
          </button>
        )}
      </div>
      {app && contact && <p className="mt-8 text-sm text-muted">Need help? Contact us at {contact}.</p>}
    </div>
  );
}
