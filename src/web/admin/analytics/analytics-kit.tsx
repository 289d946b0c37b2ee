import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { ANALYTICS_DAY_CHOICES, ANALYTICS_DEFINITIONS } from '#shared/contracts/analytics.ts';
import { InlineError } from '#web/ui/inline-error.tsx';
import { type AnalyticsDays, PERIOD_LABELS } from './analytics-api.ts';

/**
 * The Analytics page's frame (analytics-page.tsx): the period switcher, the definitions, a panel
 * and the loading, error and Retry state each answer's part of the page has.
 */

/** 7 days, 30 days, 90 days, 12 months: radio buttons drawn as one segmented control. */
export function PeriodSwitcher({ days, onChange }: { days: AnalyticsDays; onChange: (days: AnalyticsDays) => void }) {
  return (
    <fieldset className="mb-4">
      <legend className="sr-only">Period</legend>
      <div className="inline-flex max-w-full flex-wrap rounded-xl border border-line-strong bg-surface p-1">
        {ANALYTICS_DAY_CHOICES.map((choice) => (
          <label
            key={choice}
            className="relative cursor-pointer rounded-lg px-3 py-1.5 text-sm font-medium text-muted has-checked:bg-accent-solid has-checked:text-on-accent has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-accent hover:text-fg has-checked:hover:text-on-accent"
          >
            {/* The real radio covers its label, unseen: a tap anywhere on it is a tap on the radio. */}
            <input
              type="radio"
              name="analytics-period"
              value={choice}
              defaultChecked={days === choice}
              onChange={() => onChange(choice)}
              className="absolute inset-0 cursor-pointer appearance-none opacity-0"
            />
            {PERIOD_LABELS[choice]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The definitions behind every figure (the contract's words), folded under the switcher. */
export function Definitions() {
  return (
    <details className="mb-6 text-sm">
      <summary className="cursor-pointer font-medium text-accent">How these figures are counted</summary>
      <ul className="mt-2 max-w-3xl list-disc space-y-1 pl-5 text-muted">
        {Object.entries(ANALYTICS_DEFINITIONS).map(([key, text]) => (
          <li key={key}>{text}</li>
        ))}
      </ul>
    </details>
  );
}

/** A card with a heading (an `h2` naming the region), an optional line under it and a corner for a total or a link. */
export function Panel({
  title,
  description,
  aside,
  className = '',
  children,
}: {
  title: string;
  description?: string;
  aside?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`card min-w-0 p-4 sm:p-5 ${className}`}>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={id} className="text-base font-semibold text-strong">
          {title}
        </h2>
        {aside && <div className="text-sm text-muted tabular-nums">{aside}</div>}
      </div>
      {description && <p className="-mt-2 mb-3 text-xs text-muted">{description}</p>}
      {children}
    </section>
  );
}

/** One answer's part of the page: grey while it loads, its own error with Retry, else `children(data)`. */
export function Loaded<T>({
  query,
  what,
  skeleton,
  children,
}: {
  query: UseQueryResult<T>;
  what: string;
  /** The placeholder's height (a Tailwind class), close to what it stands for. */
  skeleton: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <div role="status" aria-label={`Loading ${what}`} className={`bone animate-pulse rounded-2xl ${skeleton}`} />
    );
  }
  if (query.isError) return <InlineError title={`Could not load ${what}`} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}

/** Labelled figures in a grid: small ones under a chart, `large` ones as a panel's headline (a card's own tiles would nest cards). */
export function Figures({
  items,
  large = false,
  className = 'mt-4 grid-cols-2',
}: {
  items: ReadonlyArray<readonly [string, ReactNode]>;
  large?: boolean;
  className?: string;
}) {
  return (
    <dl className={`grid gap-x-4 gap-y-3 text-sm ${className}`}>
      {items.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs text-muted">{label}</dt>
          <dd
            className={`font-semibold break-words text-strong tabular-nums ${large ? 'mt-0.5 text-xl font-bold tracking-tight' : ''}`}
          >
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
