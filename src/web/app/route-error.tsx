import { useNavigate } from 'react-router';
import { getSiteConfig } from '#web/lib/site-config.ts';

function reload() {
  window.location.reload();
}

/** Spec §2 page-level error: a screen failed (for example its code could not be downloaded). */
export function PageError() {
  const navigate = useNavigate();
  return (
    <div role="alert" className="px-4 py-20 text-center">
      <h1 className="text-2xl font-bold tracking-tight text-strong sm:text-3xl">Unable to load this page</h1>
      <p className="mt-3 text-muted">Check your connection and try again.</p>
      <div className="mt-8 flex justify-center gap-3">
        <button type="button" onClick={reload} className="btn-primary">
          Retry
        </button>
        <button type="button" onClick={() => navigate(-1)} className="btn-secondary">
          Go Back
        </button>
      </div>
    </div>
  );
}

/** Spec §2 app-level error: the shell itself failed, so this renders without header or footer. */
export function AppError() {
  const { supportContact, company } = getSiteConfig();
  const contact = supportContact || company.email || company.phone;
  return (
    <div role="alert" className="mx-auto max-w-md px-4 py-24 text-center">
      <h1 className="text-3xl font-bold tracking-tight text-strong">Oops! Something went wrong</h1>
      <p className="mt-3 text-muted">Please refresh the page. If the problem persists, try again in a few minutes.</p>
      <div className="mt-8 flex justify-center gap-3">
        <button type="button" onClick={reload} className="btn-primary">
          Try Again
        </button>
        <a href="/" className="btn-secondary">
          Go Home
        </a>
      </div>
      {contact && <p className="mt-8 text-sm text-muted">Need help? Contact us at {contact}.</p>}
    </div>
  );
}
