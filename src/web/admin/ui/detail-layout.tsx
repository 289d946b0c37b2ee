import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { ApiError } from '#web/lib/api-client.ts';
import { InlineError } from '#web/ui/inline-error.tsx';
import { AdminPageHeader } from '../shell/admin-page-header.tsx';

/**
 * The pieces of a screen about one record (an order, a customer, a product): a header with the
 * way back to the list, titled cards, and a main column with a side column that stacks on phones.
 */

export interface BackLink {
  to: string;
  /** The list's name: "All orders". */
  label: string;
}

/**
 * The record's heading: the link back to its list above the title, then what the record is now
 * (badges, dates) and its actions, which wrap under the title on a phone.
 */
export function DetailHeader({
  title,
  back,
  meta,
  actions,
}: {
  title: string;
  back: BackLink;
  meta?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to={back.to} className="font-medium text-accent underline-offset-4 hover:underline">
          ← {back.label}
        </Link>
      </p>
      <AdminPageHeader
        title={title}
        description={meta && <span className="flex flex-wrap items-center gap-x-2 gap-y-1">{meta}</span>}
        actions={actions}
      />
    </>
  );
}

/** 404, and 400 for an id that cannot be one: either way there is no such record to show. */
function isMissing(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/** A record's page: its placeholder (loading, not found, load error) until `query` has it, then `children(record)`. */
export function DetailPage<T>({
  query,
  children,
  ...placeholder
}: {
  query: UseQueryResult<T>;
  children: (record: T) => ReactNode;
} & Omit<Parameters<typeof DetailPlaceholder>[0], 'query'>) {
  return query.isSuccess ? children(query.data) : <DetailPlaceholder query={query} {...placeholder} />;
}

/**
 * What a detail screen shows until its record is there: a skeleton while it loads, "not found"
 * when there is no such record, or the load error with a retry.
 */
export function DetailPlaceholder({
  query,
  noun,
  title,
  back,
  missingText,
}: {
  query: { isError: boolean; error: unknown; refetch: () => unknown };
  /** "order": makes "Order not found", "Loading the order", "Could not load the order". */
  noun: string;
  /** The heading while loading or after a failed load; the noun, capitalised, by default. */
  title?: string;
  back: BackLink;
  missingText: string;
}) {
  const capitalised = noun.charAt(0).toUpperCase() + noun.slice(1);
  const missing = query.isError && isMissing(query.error);
  return (
    <>
      <DetailHeader title={missing ? `${capitalised} not found` : (title ?? capitalised)} back={back} />
      {missing ? (
        <p className="text-sm text-muted">{missingText}</p>
      ) : query.isError ? (
        <InlineError title={`Could not load the ${noun}`} onRetry={() => void query.refetch()} />
      ) : (
        <div role="status" aria-label={`Loading the ${noun}`} className="card h-96 animate-pulse" />
      )}
    </>
  );
}

/**
 * One titled card (a labelled section). `action` sits beside the title (an Edit link); `flush`
 * drops the body's padding so a list or table runs edge to edge; `stack` spaces the children
 * as separate blocks (a form's fields).
 */
export function DetailCard({
  title,
  description,
  action,
  flush = false,
  stack = false,
  children,
}: {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  flush?: boolean;
  stack?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="card">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-5 pt-5 sm:px-6">
        <h2 id={id} className="text-base font-semibold text-strong">
          {title}
        </h2>
        {action}
      </div>
      {description && <p className="mt-1 px-5 text-sm text-muted sm:px-6">{description}</p>}
      <div className={`${flush ? 'mt-4' : 'px-5 pt-4 pb-5 sm:px-6'} ${stack ? 'space-y-4' : ''}`}>{children}</div>
    </section>
  );
}

/**
 * A main column (two thirds) beside a side column from `lg` up; one column on phones, main
 * first unless `sideFirst`. `after` continues the main column below the side one on phones
 * (the order's history comes after who and where), and under the main column on wide screens.
 */
export function DetailColumns({
  main,
  side,
  after,
  sideFirst = false,
}: {
  main: ReactNode;
  side: ReactNode;
  after?: ReactNode;
  sideFirst?: boolean;
}) {
  return (
    <div
      className={`grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] ${after ? 'lg:grid-rows-[auto_1fr]' : ''}`}
    >
      <div className="space-y-6 lg:col-start-1 lg:row-start-1">{main}</div>
      {/* Stretched to the row, so a sticky card inside (the new order's summary) can follow the page. */}
      <div
        className={`space-y-6 lg:col-start-2 lg:row-start-1 ${after ? 'lg:row-span-2' : ''} lg:self-stretch ${sideFirst ? 'order-first lg:order-none' : ''}`}
      >
        {side}
      </div>
      {after && <div className="space-y-6 lg:col-start-1 lg:row-start-2">{after}</div>}
    </div>
  );
}
