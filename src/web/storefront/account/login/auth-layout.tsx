import type { ReactNode, Ref } from 'react';
import { Link } from 'react-router';
import { Container } from '#web/ui/container.tsx';
import { CedarLogo } from '#web/ui/icons.tsx';

const BENEFITS = [
  ['Your orders in one place', 'Follow every order from confirmation to your door.'],
  ['Faster checkout', 'Your details and delivery address are filled in for you.'],
  ['One cart everywhere', 'Add on your phone, check out on your laptop.'],
] as const;

/** The frame of every sign-in screen: a card with the form, and on wide screens why an account helps. */
export function AuthLayout({
  title,
  intro,
  headingRef,
  children,
}: {
  title: string;
  intro: string;
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  return (
    <Container className="py-8 sm:py-14">
      <div className="mx-auto grid max-w-5xl items-start gap-10 lg:grid-cols-[minmax(0,28rem)_minmax(0,1fr)] lg:gap-16">
        <div className="w-full max-w-md justify-self-center lg:justify-self-start">
          <div className="text-center lg:text-left">
            <CedarLogo className="mx-auto size-10 lg:mx-0" />
            <h1
              ref={headingRef}
              tabIndex={-1}
              className="mt-4 text-3xl font-bold tracking-tight text-strong outline-none sm:text-4xl"
            >
              {title}
            </h1>
            <p className="mt-2 text-muted">{intro}</p>
          </div>
          <div className="card mt-6 p-5 sm:p-7">{children}</div>
          <p className="mt-6 text-center text-sm text-muted lg:text-left">
            No account needed to shop:{' '}
            <Link to="/store" className="text-link">
              guest checkout
            </Link>{' '}
            always works.
          </p>
        </div>
        <aside aria-label="Why create an account" className="hidden rounded-3xl bg-accent-soft p-10 lg:mt-24 lg:block">
          <h2 className="text-xl font-semibold text-strong">Why create an account</h2>
          <ul className="mt-6 space-y-6">
            {BENEFITS.map(([heading, text]) => (
              <li key={heading} className="flex gap-4">
                <span
                  aria-hidden="true"
                  className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-accent-solid text-sm font-bold text-on-accent"
                >
                  ✓
                </span>
                <span>
                  <span className="block font-semibold text-strong">{heading}</span>
                  <span className="mt-1 block text-sm text-muted">{text}</span>
                </span>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </Container>
  );
}
