import { type ReactNode, useId } from 'react';

/** One card of the Security section: a title (with an optional status badge), a line of context, its controls. */
export function SecurityCard({
  title,
  badge,
  description,
  children,
}: {
  title: string;
  badge?: ReactNode;
  description: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="card p-4 sm:p-6">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={id} className="text-lg font-semibold text-strong">
          {title}
        </h2>
        {badge}
      </div>
      <p className="mt-1 max-w-prose text-sm text-muted">{description}</p>
      {children}
    </section>
  );
}
