import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A list row's link to its record (the product, order or customer page): strong text, underlined on hover. */
export function RecordLink({ to, className = '', children }: { to: string; className?: string; children: ReactNode }) {
  return (
    <Link to={to} className={`font-medium text-strong underline-offset-4 hover:underline ${className}`}>
      {children}
    </Link>
  );
}
