import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Container } from '#web/ui/container.tsx';
import { Icon } from '#web/ui/icons.tsx';
import { usePageTitle } from '#web/ui/use-page-title.ts';

interface ComingSoonProps {
  title: string;
  heading: string;
  /** Path of the icon (ui/icons.tsx). */
  icon: string;
  children: ReactNode;
}

/** An honest placeholder for a screen a later release builds, with a way back to the store. */
export function ComingSoon({ title, heading, icon, children }: ComingSoonProps) {
  usePageTitle(title);
  return (
    <Container className="py-16 sm:py-24">
      <div className="mx-auto flex max-w-lg flex-col items-center text-center">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-accent-tint text-on-accent-tint">
          <Icon d={icon} className="size-7" />
        </span>
        <h1 className="mt-6 text-3xl font-bold tracking-tight text-strong sm:text-4xl">{heading}</h1>
        <p className="mt-4 text-muted">{children}</p>
        <Link to="/store" className="btn-primary mt-8">
          Continue shopping
        </Link>
      </div>
    </Container>
  );
}
