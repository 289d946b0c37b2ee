import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Container } from './container.tsx';
import { usePageTitle } from './use-page-title.ts';

interface NotFoundPageProps {
  title?: string;
  children?: ReactNode;
}

/** The `*` screen, also shown for a missing product and, without a session, for /admin. */
export function NotFoundPage({ title = 'Page not found', children }: NotFoundPageProps) {
  usePageTitle(title);
  return (
    <Container className="flex flex-col items-center py-20 text-center sm:py-28">
      <p className="text-sm font-semibold tracking-widest text-accent">404</p>
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-balance text-strong sm:text-4xl">{title}</h1>
      <p className="mt-4 max-w-md text-muted">
        {children ?? 'The page you are looking for does not exist or has moved.'}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn-primary">
          Back to the shop
        </Link>
        <Link to="/store" className="btn-secondary">
          Browse all products
        </Link>
      </div>
    </Container>
  );
}
