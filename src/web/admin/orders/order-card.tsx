import { type ReactNode, useId } from 'react';

/** One titled card of the order screen (a labelled section). */
export function Card({
  title,
  action,
  flush,
  children,
}: {
  title: string;
  action?: ReactNode;
  /** No padding around the body (tables run edge to edge). */
  flush?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="card">
      <div className="flex items-center justify-between gap-3 px-5 pt-4 sm:px-6">
        <h2 id={id} className="text-base font-semibold text-strong">
          {title}
        </h2>
        {action}
      </div>
      <div className={flush ? 'mt-3' : 'px-5 pt-3 pb-5 sm:px-6'}>{children}</div>
    </section>
  );
}
