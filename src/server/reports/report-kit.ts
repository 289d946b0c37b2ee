import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import type { ReportColumn, ReportType } from '#shared/contracts/analytics.ts';
import { fromCents } from '#shared/money.ts';

/**
 * What every report definition (report-definitions.ts) is made of: its period, its columns, a
 * preview (the JSON answer) and its rows a page at a time (the CSV and the PDF).
 * docs/product.md#reports.
 */

/** A report's days in the shop's time zone, inclusive, and the instants they start and end at. */
export interface ReportPeriod {
  from: string;
  to: string;
  timeZone: string;
  /** The first instant of `from` in the zone, as SQL (the database does the zone's arithmetic). */
  start: SQL;
  /** The first instant after `to`. */
  end: SQL;
  /** The shop's today (the inventory is as of now). */
  today: string;
}

/** The period `from`..`to` of the shop's days in `timeZone`. */
export function reportPeriod(from: string, to: string, timeZone: string, today: string): ReportPeriod {
  return {
    from,
    to,
    timeZone,
    // A day the clock skips into (DST at midnight) starts when the skip happens, as PostgreSQL reads it.
    start: sql`(${from}::date::timestamp at time zone ${timeZone})`,
    end: sql`((${to}::date + 1)::timestamp at time zone ${timeZone})`,
    today,
  };
}

export type ReportRecord = Record<string, string | number | null>;

export interface ReportColumnDefinition extends ReportColumn {
  /** Its share of the PDF table's width; 0 leaves it out of the PDF (the CSV has every column). */
  pdf: number;
  /** Whether the column's values add up (a totals row); money and counts do, dates and rates do not. */
  sums?: boolean;
  /** What the PDF shows for a code the rows carry (`partially_refunded` → "Partially refunded"). */
  display?: Readonly<Record<string, string>>;
}

/** `yes` and `no` as the PDF writes them. */
export const YES_NO: Readonly<Record<string, string>> = { yes: 'Yes', no: 'No' };

export interface ReportPreview {
  rows: ReportRecord[];
  totalRows: number;
  totals: Record<string, number> | null;
  /** A line under the title, when the report needs one (the inventory's date). */
  note: string | null;
}

export interface ReportDefinition {
  type: ReportType;
  columns: readonly ReportColumnDefinition[];
  /** The first `limit` rows (0: none), how many rows there are and the totals: cheap queries only. */
  preview(db: Db, period: ReportPeriod, limit: number): Promise<ReportPreview>;
  /** Every row, in the preview's order, a bounded page at a time. */
  pages(db: Db, period: ReportPeriod): AsyncGenerator<ReportRecord[]>;
}

type Rows<T> = { rows: T[] };

/** The rows of a raw statement (both drivers answer `{rows}`). */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

/** A count or sum as the drivers return it (number, numeric text or bigint) as a number. */
export const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

/** Integer cents (a sum from the database) as dollars. */
export const dollars = (cents: unknown): number => fromCents(Math.round(num(cents)));

/** Revenue ÷ orders in dollars, 0 without orders. */
export const average = (cents: number, count: number): number => (count > 0 ? fromCents(Math.round(cents / count)) : 0);

/** Sums of the columns marked `sums` over `rows`, in cents for money (no binary noise). */
export function columnTotals(
  columns: readonly ReportColumnDefinition[],
  rows: readonly ReportRecord[],
): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const column of columns) {
    if (!column.sums) continue;
    const values = rows.map((row) => num(row[column.key]));
    totals[column.key] =
      column.kind === 'money'
        ? fromCents(values.reduce((sum, value) => sum + Math.round(value * 100), 0))
        : values.reduce((sum, value) => sum + value, 0);
  }
  return totals;
}

/** "8 GB / Black": a variant's values in the product's variation order ('' for a default variant). */
export function variantLabel(
  options: Readonly<Record<string, string>> | null,
  variations: readonly { name: string }[] | null,
): string {
  if (!options) return '';
  const named = (variations ?? []).map((variation) => variation.name);
  const keys = [
    ...named.filter((name) => name in options),
    ...Object.keys(options).filter((key) => !named.includes(key)),
  ];
  return keys.map((key) => options[key]).join(' / ');
}

/** Every day from `from` to `to` (YYYY-MM-DD), both included. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += 86_400_000) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}
