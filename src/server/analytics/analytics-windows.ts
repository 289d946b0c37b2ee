import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { addDays, daysIn, lastDays, previousPeriod } from '#shared/analytics-periods.ts';
import { ANALYTICS_DAY_CHOICES } from '#shared/contracts/analytics.ts';
import { productSalesRows, rowsOf } from './analytics-queries.ts';

/**
 * The product windows (docs/decisions/036-analytics-rollups.md): each variant's and each
 * product's units, line totals and lines in the last 7, 30, 90 and 365 days, and in the N days
 * before them, kept in analytics_variant_windows and analytics_product_windows as of
 * analytics_state.windows_day. At those period choices the products answer and the dashboard's top
 * performers read ~1 row per product sold, and their top lists the first rows of an index: added
 * up from the monthly roll-up, a year was ~60,000 rows and its previous year as many again (~150
 * ms of the products answer's ~200 ms at 100,000 orders).
 *
 * The windows are derived from analytics_product_days and brought up to date when read, in one
 * statement (one snapshot on PostgreSQL, so a change is counted once): the changes the order triggers appended
 * to analytics_product_changes since the last refresh are added where their day falls, then the
 * windows move from their day to today by the day rows that enter and leave them. A window over
 * (T − N, T] differs from one over (A − N, A] by the days (A, T] less (A − N, T − N], which holds
 * whichever way the clock moved, so a move reads a few days' rows, not the period's. Built from
 * scratch instead when never built, after a recount (which clears windows_day), when the clock
 * moved more than MOST_DAYS_MOVED, or when more than MOST_CHANGES changes are waiting.
 */

/** The periods kept as windows: the Analytics page's choices. Other periods add up the roll-ups. */
export const WINDOW_DAYS: readonly number[] = ANALYTICS_DAY_CHOICES;
/** Further than this the windows are built again (a move reads 12 × days moved of day rows). */
const MOST_DAYS_MOVED = 7;
/** More changes waiting than this (nobody looked for a long while) and the windows are built again. */
const MOST_CHANGES = 20_000;

function hasWindow(days: number): boolean {
  return WINDOW_DAYS.includes(days);
}

const FIGURES = 'quantity, revenue_cents, lines, previous_revenue_cents, previous_lines';
/** FIGURES added up, each under its own name. */
const SUMS = FIGURES.split(', ')
  .map((column) => `sum(${column}) as ${column}`)
  .join(', ');

/**
 * The same figures added up from the roll-ups for any period (the definition the windows keep
 * to): per variant, the period's rows and the previous period's grouped in one pass (float8:
 * exact whole numbers, a JS number on both drivers).
 */
export function periodSales(days: number, today: string): SQL {
  const range = lastDays(today, days);
  return sql`select product_id, variant_id,
      coalesce(sum(quantity) filter (where current), 0) as quantity,
      coalesce(sum(revenue_cents) filter (where current), 0) as revenue_cents,
      coalesce(sum(lines) filter (where current), 0) as lines,
      coalesce(sum(revenue_cents) filter (where not current), 0) as previous_revenue_cents,
      coalesce(sum(lines) filter (where not current), 0) as previous_lines
    from (select true as current, rows.* from (${productSalesRows(range)}) as rows
          union all
          select false, rows.* from (${productSalesRows(previousPeriod(range))}) as rows) as both_periods
    group by product_id, variant_id`;
}

/** One window's rows of `table`, its figures as stored (so its indexes order them). */
function windowRows(table: 'analytics_variant_windows' | 'analytics_product_windows', days: number): SQL {
  const keys = table === 'analytics_variant_windows' ? 'product_id, variant_id' : 'product_id';
  return sql.raw(`select ${keys}, ${FIGURES} from ${table} where days = ${Math.trunc(days)}`);
}

/**
 * Two CTEs for a statement's `with`: `variant_sales` (product_id, variant_id) and `product_sales`
 * (product_id), each with quantity, revenue_cents, lines, previous_revenue_cents and
 * previous_lines over the last `days` days and the `days` before them; a row has lines in either.
 * At the period choices they are the windows (brought up to date first), read where used so a
 * top list walks an index; else the roll-ups added up, once.
 */
export async function periodSalesTables(db: Db, today: string, days: number): Promise<SQL> {
  if (!hasWindow(days)) {
    return sql`variant_sales as materialized (${periodSales(days, today)}),
      product_sales as materialized (select product_id, ${sql.raw(SUMS)} from variant_sales group by product_id)`;
  }
  await refreshProductWindows(db, today);
  return sql`variant_sales as not materialized (${windowRows('analytics_variant_windows', days)}),
    product_sales as not materialized (${windowRows('analytics_product_windows', days)})`;
}

/** Brings the windows to `today` (the shop's day on the app's clock). Cheap when nothing changed. */
export async function refreshProductWindows(db: Db, today: string): Promise<void> {
  const [state] = await rowsOf<{ day: string | null; changed: boolean }>(
    db,
    sql`select windows_day::text as day, exists (select 1 from analytics_product_changes) as changed from analytics_state`,
  );
  if (state?.day === today && !state.changed) return;
  await db.transaction(async (tx) => {
    // One refresh at a time on PostgreSQL: the next one waits here, then reads what this one wrote.
    const [locked] = await rowsOf<{ day: string | null; many: boolean }>(
      tx,
      sql`select windows_day::text as day,
          exists (select 1 from analytics_product_changes offset ${sql.raw(String(MOST_CHANGES))}) as many
        from analytics_state for update`,
    );
    const from = locked?.day ?? null;
    if (from === null || locked?.many || daysApart(from, today) > MOST_DAYS_MOVED) {
      await buildWindows(tx, today);
    } else {
      await moveWindows(tx, from, today);
    }
    await tx.execute(
      sql`insert into analytics_state (id, windows_day) values (true, ${today}::date)
        on conflict (id) do update set windows_day = excluded.windows_day`,
    );
  });
}

const ADDED = (table: string) =>
  sql.raw(
    FIGURES.split(', ')
      .map((column) => `${column} = ${table}.${column} + excluded.${column}`)
      .join(', '),
  );
const NOT_ALL_ZERO =
  'quantity <> 0 or revenue_cents <> 0 or lines <> 0 or previous_revenue_cents <> 0 or previous_lines <> 0';

async function buildWindows(tx: Db, today: string): Promise<void> {
  await tx.execute(sql`delete from analytics_variant_windows`);
  await tx.execute(sql`delete from analytics_product_windows`);
  const perWindow = WINDOW_DAYS.map(
    (days) => sql`select ${sql.raw(String(days))}, sales.* from (${periodSales(days, today)}) as sales`,
  );
  // The changes waiting are in the day rows recounted: taken away in the same statement (one
  // snapshot on PostgreSQL), so a change committed meanwhile is either in both or in neither.
  await tx.execute(
    sql`with taken as (delete from analytics_product_changes)
      insert into analytics_variant_windows (days, product_id, variant_id, ${sql.raw(FIGURES)})
      ${sql.join(perWindow, sql` union all `)} order by 1, 2, 3`,
  );
  await tx.execute(
    sql`insert into analytics_product_windows (days, product_id, ${sql.raw(FIGURES)})
      select days, product_id, ${sql.raw(SUMS)} from analytics_variant_windows group by days, product_id order by 1, 2`,
  );
}

const daysApart = (one: string, other: string) =>
  daysIn(one <= other ? { from: one, to: other } : { from: other, to: one }) - 1;

/** 1 when `day` is in (from, to], −1 when in (to, from] (a window moving back), else 0. */
const signedIn = (day: SQL, from: SQL, to: SQL) =>
  sql`((${day} > ${from} and ${day} <= ${to})::int - (${day} > ${to} and ${day} <= ${from})::int)`;

/** The days whose rows a move from `from` to `to` reads: (from, to] shifted back by 0, N and 2N days. */
function daysMoved(from: string, to: string): string[] {
  const low = from <= to ? from : to;
  const moved = daysApart(from, to);
  const days = new Set<string>();
  for (const window of WINDOW_DAYS) {
    for (const shift of [0, window, 2 * window]) {
      for (let step = 1; step <= moved; step += 1) days.add(addDays(low, step - shift));
    }
  }
  return [...days].sort();
}

async function moveWindows(tx: Db, from: string, today: string): Promise<void> {
  const at = sql`${from}::date`;
  const to = sql`${today}::date`;
  const moved = daysMoved(from, today);
  const movedRows =
    moved.length === 0
      ? sql`select null::date as day, null::uuid as product_id, null::uuid as variant_id, 0 as quantity,
          0::bigint as revenue_cents, 0 as lines where false`
      : sql`select day, product_id, variant_id, quantity, revenue_cents, lines from analytics_product_days
          where day = any (${`{${moved.join(',')}}`}::date[])`;
  const windows = sql.raw(`(values ${WINDOW_DAYS.map((days) => `(${days})`).join(', ')}) as w (days)`);
  const changed = await rowsOf<{ days: number; product_id: string; variant_id: string | null }>(
    tx,
    sql`with taken as (
          delete from analytics_product_changes
          returning day, product_id, variant_id, quantity, revenue_cents, lines
        ),
        parts as (
          select w.days, c.product_id, c.variant_id, c.quantity, c.revenue_cents, c.lines,
            (c.day > ${at} - w.days and c.day <= ${at})::int as current,
            (c.day > ${at} - 2 * w.days and c.day <= ${at} - w.days)::int as previous
          from taken as c cross join ${windows}
          union all
          select w.days, d.product_id, d.variant_id, d.quantity, d.revenue_cents, d.lines,
            ${signedIn(sql`d.day`, at, to)} - ${signedIn(sql`d.day`, sql`${at} - w.days`, sql`${to} - w.days`)},
            ${signedIn(sql`d.day`, sql`${at} - w.days`, sql`${to} - w.days`)}
              - ${signedIn(sql`d.day`, sql`${at} - 2 * w.days`, sql`${to} - 2 * w.days`)}
          from (${movedRows}) as d cross join ${windows}
        ),
        summed as (
          select days, product_id, variant_id, sum(current * quantity) as quantity,
            sum(current * revenue_cents) as revenue_cents, sum(current * lines) as lines,
            sum(previous * revenue_cents) as previous_revenue_cents, sum(previous * lines) as previous_lines
          from parts where current <> 0 or previous <> 0
          group by days, product_id, variant_id
        ),
        variants as (
          insert into analytics_variant_windows as w (days, product_id, variant_id, ${sql.raw(FIGURES)})
            select * from summed where ${sql.raw(NOT_ALL_ZERO)} order by 1, 2, 3
          on conflict (days, product_id, variant_id) do update set ${ADDED('w')}
          returning w.days, w.product_id, w.variant_id, w.lines = 0 and w.previous_lines = 0 as empty
        ),
        products as (
          insert into analytics_product_windows as w (days, product_id, ${sql.raw(FIGURES)})
            select * from (select days, product_id, ${sql.raw(SUMS)}
              from summed group by days, product_id) as per_product
            where ${sql.raw(NOT_ALL_ZERO)} order by 1, 2
          on conflict (days, product_id) do update set ${ADDED('w')}
          returning w.days, w.product_id, null::uuid as variant_id, w.lines = 0 and w.previous_lines = 0 as empty
        )
        select * from variants where empty union all select * from products where empty`,
  );
  // A variant or product with no lines left in either period leaves the window.
  for (const [table, rows] of [
    ['analytics_variant_windows', changed.filter((row) => row.variant_id !== null)],
    ['analytics_product_windows', changed.filter((row) => row.variant_id === null)],
  ] as const) {
    if (rows.length === 0) continue;
    const sameVariant = table === 'analytics_variant_windows' ? ' and w.variant_id = e.variant_id' : '';
    await tx.execute(
      sql`delete from ${sql.raw(table)} as w
        using jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as e (days int, product_id uuid, variant_id uuid)
        where w.days = e.days and w.product_id = e.product_id${sql.raw(sameVariant)}`,
    );
  }
}
