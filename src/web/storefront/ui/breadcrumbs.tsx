import { Fragment } from 'react';
import { Link } from 'react-router';

/** Trail of links ending with the current page (the item without `to`). */
export function Breadcrumbs({ items }: { items: { to?: string; label: string }[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-muted">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {items.map(({ to, label }, index) => (
          <Fragment key={label}>
            {index > 0 && <li aria-hidden="true">/</li>}
            <li className="max-w-64 truncate">
              {to ? (
                <Link to={to} className="hover:text-fg hover:underline">
                  {label}
                </Link>
              ) : (
                <span aria-current="page" className="text-fg">
                  {label}
                </span>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
