import { sql } from 'drizzle-orm';
import { hashPassword } from '#server/auth/passwords.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { users } from '#server/users/users.table.ts';

/**
 * The bench's generated order history (issue 36, docs/decisions/036-analytics-rollups.md): `count`
 * orders (default 100,000) with 1–5 lines each (~3 on average: ~300,000 lines) over the last two
 * years in the shop's days (Asia/Beirut, between 08:00 and 23:00), placed by ~20,000 customers
 * (a few return often, most once or twice), on the large catalogue's products (the best sellers
 * sell most), written into a data dir that already holds that catalogue (large-catalogue.ts).
 *
 * The mix: older orders are mostly delivered (a day to five after placing), ~9 % cancelled; the
 * last ten days' orders are spread over every status. One order in ten is entered by an admin
 * (`source = 'admin'`), one in eight uses a promo code (10 % off, BENCH10), payment is received
 * when delivered (cash on delivery) or at confirmation (transfers), and 3 % of delivered orders are
 * refunded in full, 3 % in part (an `order_refunds` row each, as the refund path writes). The shop
 * grows: twice as many orders a day now as two years ago (~90 then, ~180 now). 11 % VAT on top, as the shop's
 * default tax.
 *
 * Bulk SQL with the triggers off (`session_replication_role = replica`: the roll-up triggers and
 * the foreign keys' checks), then the roll-ups made once by the migration's own
 * `cedar_analytics_rebuild` (what the triggers keep, proven equal by
 * tests/api/analytics-rollups.test.ts). Seeded (`setseed`): two runs write the same history (the
 * same figures; the ids are random v4 UUIDs, as the contracts require), dated from the day they run. Prints how long it took (issue 36: under 2 minutes).
 */

/** The staff member the analytics scenarios sign in as. */
export const ANALYTICS_BENCH_ADMIN = {
  email: 'bench-analytics@example.com',
  password: 'bench-analytics-password-2026',
};
export const ANALYTICS_BENCH_CUSTOMERS = 20_000;
const DAYS = 730;
/** The tables the history writes rows into (the roll-ups are written by their recount). */
const WRITTEN = ['customers', 'orders', 'order_items', 'order_refunds', 'order_status_history'];

type Rows<T> = { rows: T[] };

export async function writeOrderHistory(dataDir: string, count: number): Promise<{ seconds: number }> {
  const started = performance.now();
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const database = await openDatabase({ kind: 'pglite', dataDir: config.paths.database });
  try {
    const db = database.db;
    await db.insert(users).values({
      email: ANALYTICS_BENCH_ADMIN.email,
      name: 'Analytics Bench Admin',
      passwordHash: await hashPassword(ANALYTICS_BENCH_ADMIN.password),
      role: 'super_admin',
    });
    const zone = 'Asia/Beirut';
    const step = async (label: string, query: ReturnType<typeof sql>) => {
      const at = performance.now();
      await db.execute(query);
      if (process.env.BENCH_VERBOSE) console.log(`  ${label}: ${((performance.now() - at) / 1000).toFixed(1)} s`);
    };
    await db.transaction(async (tx) => {
      const run = async (label: string, query: ReturnType<typeof sql>) => {
        const at = performance.now();
        await tx.execute(query);
        if (process.env.BENCH_VERBOSE) console.log(`  ${label}: ${((performance.now() - at) / 1000).toFixed(1)} s`);
      };
      // Triggers off (the roll-ups are recounted once at the end; the foreign keys hold by construction).
      await tx.execute(sql`set local session_replication_role = replica`);
      // The tables' plain indexes are made again after the rows (their definitions read back, so the
      // schema ends as the migrations left it); those behind a constraint (keys, unique) stay.
      const indexes = (
        (await tx.execute(
          sql`select i.indexname, i.indexdef from pg_indexes as i
              where i.schemaname = 'public' and i.tablename in (${sql.join(
                WRITTEN.map((table) => sql`${table}`),
                sql`, `,
              )})
                and not exists (select 1 from pg_constraint as c where c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)`,
        )) as unknown as Rows<{ indexname: string; indexdef: string }>
      ).rows;
      for (const { indexname } of indexes) await tx.execute(sql.raw(`drop index "${indexname}"`));
      await tx.execute(sql`select setseed(0.36)`);
      await run(
        'products',
        sql`create temp table bench_products on commit drop as
          select row_number() over (order by p.created_at, p.id)::int as n, p.id as product_id, v.id as variant_id,
            p.name, v.sku, v.image, v.price
          from products as p join product_variants as v on v.product_id = p.id
          where p.is_active`,
      );
      const [products] = (
        (await tx.execute(sql`select count(*)::int as n from bench_products`)) as unknown as Rows<{ n: number }>
      ).rows;
      const productCount = products?.n ?? 0;
      if (productCount === 0) throw new Error('the order history needs the large catalogue first');
      const [promo] = (
        (await tx.execute(sql`select id from promo_codes where code = 'BENCH10'`)) as unknown as Rows<{ id: string }>
      ).rows;
      // Each order: its time (more orders a day as the shop grows; daytime in Beirut), customer
      // (the lower numbers return often), lines, source, payment method, promo code, and two draws
      // that decide its status and refund. Numbered in time order afterwards.
      await run(
        'orders',
        sql`create temp table bench_orders on commit drop as
          with drawn as (
            -- A shop that grows: twice as many orders a day now as two years ago (density 1 + x over time x).
            select g, least(${DAYS} - 1, floor(${DAYS} * (2 - sqrt(1 + 3 * random()))))::int as age,
              random() as hour, random() as who, 1 + floor(random() * 5)::int as lines, random() as kind,
              random() as fate, random() as refund, random() as pay, random() as code, random() as ship,
              1 + floor(random() * 120)::int as delivery_hours
            from generate_series(1, ${count}) as g
          ), timed as (
            select drawn.*, day_start + case
                -- Today's orders fall in the part of the day gone by; other days' between 08:00 and 23:00.
                when age = 0 then hour * (current_timestamp - interval '1 minute' - day_start)
                else interval '8 hours' + hour * interval '15 hours' end as created_at
            from drawn cross join lateral (
              select ((current_timestamp at time zone ${zone})::date - age)::timestamp at time zone ${zone} as day_start
            ) as starts
          )
          select row_number() over (order by created_at, g)::int as n, timed.*,
            least(created_at + delivery_hours * interval '1 hour', current_timestamp) as delivered_at,
            gen_random_uuid() as id,
            (1 + floor(power(who, 2) * ${ANALYTICS_BENCH_CUSTOMERS}))::int as customer,
            case when kind < 0.1 then 'admin' else 'checkout' end as source,
            case when pay < 0.7 then 'cash_on_delivery' when pay < 0.9 then 'bank_transfer' else 'money_transfer' end
              as payment_method,
            code < 0.125 as with_code,
            case
              when age > 10 then case when fate < 0.09 then 'cancelled' when fate < 0.095 then 'shipped' else 'delivered' end
              else case when fate < 0.06 then 'cancelled' when fate < 0.25 then 'pending' when fate < 0.45 then 'confirmed'
                when fate < 0.6 then 'processing' when fate < 0.75 then 'shipped' else 'delivered' end
            end as status
          from timed`,
      );
      // Lines: the product drawn with a skew (a catalogue's best sellers), 1-3 units each, one line per product.
      await run(
        'lines',
        sql`create temp table bench_lines on commit drop as
          select distinct on (d.n, p.product_id) d.n, d.order_id, d.position, p.product_id, p.variant_id,
            p.name, p.sku, p.image, p.price, d.quantity, (p.price * d.quantity) as line_total, d.created_at
          from (
            select o.n, o.id as order_id, o.created_at, j as position,
              (1 + floor(power(random(), 3) * ${productCount}))::int as pick, (1 + floor(power(random(), 2) * 3))::int as quantity
            from bench_orders as o cross join lateral generate_series(0, o.lines - 1) as j
          ) as d
            join bench_products as p on p.n = d.pick
          order by d.n, p.product_id, d.position`,
      );
      await run(
        'customers',
        sql`create temp table bench_customers on commit drop as
          select o.customer, gen_random_uuid() as id, min(o.created_at) as first_at
          from bench_orders as o where o.customer is not null group by o.customer`,
      );
      await run(
        'insert customers',
        sql`insert into customers (id, name, phone, email, address, created_at, updated_at)
          select c.id, (array['Rania','Omar','Lina','Karim','Maya','Tarek','Nour','Hadi','Yara','Ziad','Sara','Elie'])[1 + c.customer % 12]
              || ' ' || (array['Haddad','Khalil','Saad','Nassar','Aoun','Fares','Habib','Khoury','Chahine','Mansour'])[1 + (c.customer / 12) % 10]
              || ' ' || c.customer,
            '+9613' || lpad(c.customer::text, 6, '0'),
            case when c.customer % 3 = 0 then 'customer' || c.customer || '@example.com' end,
            jsonb_build_object('city', 'Beirut', 'street', 'Hamra Street', 'building', 'Cedar ' || (c.customer % 90),
              'governorate', (array['beirut','mount_lebanon','north','south'])[1 + c.customer % 4]),
            c.first_at, c.first_at
          from bench_customers as c`,
      );
      await run(
        'insert orders',
        sql`insert into orders (id, order_number, status, payment_status, payment_method, customer_name, customer_phone,
            customer_email, shipping_address, promo_code, promo_code_id, promo_discount_type, promo_discount_value,
            promo_use_counted, subtotal, tax, shipping, discount, total, refunded_amount, tax_label, tax_rate,
            prices_include_tax, payment_label, tax_number, delivered_at, access_token, customer_id, source,
            created_at, updated_at)
          select o.id, 'CS-' || (100000 + o.n), o.status, f.payment_status, o.payment_method, c.name, c.phone, c.email,
            c.address, case when o.with_code then 'BENCH10' end, case when o.with_code then ${promo?.id ?? null}::uuid end,
            case when o.with_code then 'percentage' end, case when o.with_code then 10 end,
            o.with_code and o.status <> 'cancelled', t.subtotal, t.tax, t.shipping, t.discount, t.total,
            case f.payment_status when 'refunded' then t.total when 'partially_refunded' then round(t.total * 0.3, 2) else 0 end,
            'VAT', 11, false,
            case o.payment_method when 'cash_on_delivery' then 'Cash on delivery' when 'bank_transfer' then 'Bank transfer'
              else 'Money transfer' end,
            '',
            case when o.status = 'delivered' then o.delivered_at end,
            md5('cedar-bench-token-' || o.n), c.id, o.source, o.created_at,
            case when o.status = 'delivered' then o.delivered_at else o.created_at end
          from bench_orders as o
            join bench_customers as bc on bc.customer = o.customer
            join customers as c on c.id = bc.id
            join (select l.n, sum(l.line_total) as subtotal from bench_lines as l group by l.n) as s on s.n = o.n
            cross join lateral (select s.subtotal,
                case when o.with_code then round(s.subtotal * 0.10, 2) else 0 end as discount,
                case when s.subtotal >= 250 then 0 else (array[3, 4, 5, 0])[1 + floor(o.ship * 4)::int] end as shipping) as d
            cross join lateral (select d.subtotal, d.discount, d.shipping,
                round((d.subtotal - d.discount) * 0.11, 2) as tax,
                d.subtotal - d.discount + d.shipping + round((d.subtotal - d.discount) * 0.11, 2) as total) as t
            cross join lateral (select case
                when o.status = 'delivered' and o.refund < 0.03 then 'refunded'
                when o.status = 'delivered' and o.refund < 0.06 then 'partially_refunded'
                when o.status = 'delivered' then 'paid'
                when o.status in ('confirmed', 'processing', 'shipped') and o.payment_method <> 'cash_on_delivery' then 'paid'
                else 'pending' end as payment_status) as f
          order by o.n`,
      );
      await run(
        'insert lines',
        sql`insert into order_items (order_id, product_id, variant_id, product_name, sku, image, unit_price, quantity,
            line_total, position, created_at)
          select l.order_id, l.product_id, l.variant_id, l.name, l.sku, l.image, l.price, l.quantity, l.line_total,
            row_number() over (partition by l.n order by l.position) - 1, l.created_at
          from bench_lines as l order by l.n, l.position`,
      );
      await run(
        'refunds and history',
        sql`with refunds as (
            insert into order_refunds (order_id, amount, reason, created_at)
            select o.id, o.refunded_amount, case when o.payment_status = 'refunded' then 'Returned' else 'One item damaged' end,
              least(o.delivered_at + interval '2 days', current_timestamp)
            from orders as o where o.refunded_amount > 0
          )
          insert into order_status_history (order_id, kind, from_status, to_status, created_at)
          select o.id, 'status', 'shipped', 'delivered', o.delivered_at from orders as o where o.status = 'delivered'`,
      );
      await run(
        'promo uses and numbers',
        sql`update promo_codes set current_uses = (select count(*) from orders where promo_use_counted and promo_code_id = promo_codes.id)`,
      );
      await tx.execute(sql`select setval('order_number_seq', 100000 + ${count})`);
      const at = performance.now();
      for (const { indexdef } of indexes) await tx.execute(sql.raw(indexdef));
      if (process.env.BENCH_VERBOSE) console.log(`  indexes: ${((performance.now() - at) / 1000).toFixed(1)} s`);
      // As the shop's own database: the index builds record the tables' sizes, which tables grown
      // order by order would not have (no vacuum, no analyze on the embedded database).
      await tx.execute(
        sql`update pg_class set reltuples = -1, relpages = 0
            where oid in (select format('public.%I', t)::regclass from unnest(${`{${WRITTEN.join(',')}}`}::text[]) as t)
              or oid in (select indexrelid from pg_index
                where indrelid in (select format('public.%I', t)::regclass from unnest(${`{${WRITTEN.join(',')}}`}::text[]) as t))`,
      );
    });
    await step('roll-ups', sql`select cedar_analytics_rebuild(${zone})`);
    const [written] = (
      (await db.execute(
        sql`select (select count(*) from orders)::int as orders, (select count(*) from order_items)::int as lines,
            (select count(*) from customers)::int as customers`,
      )) as unknown as Rows<{ orders: number; lines: number; customers: number }>
    ).rows;
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `order history: ${written?.orders} orders, ${written?.lines} lines, ${written?.customers} customers written in ${seconds.toFixed(1)} s`,
    );
    return { seconds };
  } finally {
    await database.close();
  }
}
