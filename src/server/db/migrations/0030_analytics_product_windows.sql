-- Issue 36: the product windows (decision 036). analytics_variant_windows and
-- analytics_product_windows hold each variant's and product's sales in the last 7, 30, 90 and 365
-- days and in the N days before them, brought up to date when read
-- (src/server/analytics/analytics-windows.ts) from analytics_product_changes, which the lines'
-- roll-up function now appends every change to. A recount empties all three and clears
-- analytics_state.windows_day, so the next read builds the windows again. Readable sources:
-- src/server/db/sql/analytics-rollups.sql.
CREATE TABLE "analytics_product_changes" (
	"day" date NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"revenue_cents" bigint NOT NULL,
	"lines" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_product_windows" (
	"days" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	"previous_revenue_cents" bigint DEFAULT 0 NOT NULL,
	"previous_lines" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_product_windows_days_product_id_pk" PRIMARY KEY("days","product_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_variant_windows" (
	"days" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	"previous_revenue_cents" bigint DEFAULT 0 NOT NULL,
	"previous_lines" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_variant_windows_days_product_id_variant_id_pk" PRIMARY KEY("days","product_id","variant_id")
);
--> statement-breakpoint
ALTER TABLE "analytics_state" ADD COLUMN "windows_day" date;--> statement-breakpoint
CREATE INDEX "analytics_product_windows_revenue_idx" ON "analytics_product_windows" USING btree ("days","revenue_cents" DESC NULLS FIRST,"quantity" DESC NULLS FIRST) WHERE "analytics_product_windows"."lines" > 0;--> statement-breakpoint
CREATE INDEX "analytics_product_windows_units_idx" ON "analytics_product_windows" USING btree ("days","quantity" DESC NULLS FIRST,"revenue_cents" DESC NULLS FIRST) WHERE "analytics_product_windows"."lines" > 0;--> statement-breakpoint
CREATE INDEX "analytics_variant_windows_revenue_idx" ON "analytics_variant_windows" USING btree ("days","revenue_cents" DESC NULLS FIRST,"quantity" DESC NULLS FIRST) WHERE "analytics_variant_windows"."lines" > 0;
--> statement-breakpoint
-- Adds or takes away one order's lines in analytics_product_days and analytics_product_months (for
-- an order that is not cancelled; the caller judges). Lines of a deleted product or variant count
-- under the nil UUID. Each change is also appended to analytics_product_changes (the product
-- windows, migration 0030).
CREATE OR REPLACE FUNCTION cedar_analytics_count_lines(order_id uuid, order_day date, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  WITH delta AS (
    SELECT coalesce(i.product_id, '00000000-0000-0000-0000-000000000000'::uuid) AS product_id,
        coalesce(i.variant_id, '00000000-0000-0000-0000-000000000000'::uuid) AS variant_id,
        sum(i.quantity)::integer * sign AS quantity, sum(round(i.line_total * 100))::bigint * sign AS revenue_cents,
        count(*)::integer * sign AS lines
      FROM order_items AS i WHERE i.order_id = cedar_analytics_count_lines.order_id
      GROUP BY 1, 2
  ), days AS (
    INSERT INTO analytics_product_days AS p (day, product_id, variant_id, quantity, revenue_cents, lines)
      SELECT order_day, delta.product_id, delta.variant_id, delta.quantity, delta.revenue_cents, delta.lines FROM delta
      ORDER BY delta.product_id, delta.variant_id
      ON CONFLICT (day, product_id, variant_id) DO UPDATE SET quantity = p.quantity + excluded.quantity,
        revenue_cents = p.revenue_cents + excluded.revenue_cents, lines = p.lines + excluded.lines
  ), logged AS (
    INSERT INTO analytics_product_changes (day, product_id, variant_id, quantity, revenue_cents, lines)
      SELECT order_day, delta.product_id, delta.variant_id, delta.quantity, delta.revenue_cents, delta.lines FROM delta
  )
  INSERT INTO analytics_product_months AS m (month, product_id, variant_id, quantity, revenue_cents, lines)
    SELECT date_trunc('month', order_day)::date, delta.product_id, delta.variant_id, delta.quantity,
        delta.revenue_cents, delta.lines FROM delta
    ORDER BY delta.product_id, delta.variant_id
    ON CONFLICT (month, product_id, variant_id) DO UPDATE SET quantity = m.quantity + excluded.quantity,
      revenue_cents = m.revenue_cents + excluded.revenue_cents, lines = m.lines + excluded.lines;
  IF sign < 0 THEN
    DELETE FROM analytics_product_days AS p WHERE p.day = order_day AND p.lines = 0;
    DELETE FROM analytics_product_months AS m WHERE m.month = date_trunc('month', order_day)::date AND m.lines = 0;
  END IF;
END
$$;
--> statement-breakpoint
-- Adds a statement's change of order lines to the product roll-ups: `changed` holds each line once
-- with its sign (1 written, -1 removed), over lines of orders that exist and are not cancelled;
-- answers the days it touched. Each line's order is looked up by its key (LATERAL … LIMIT 1, which
-- the planner cannot turn into a join): as a plain join the planner, without statistics on the
-- embedded database, scanned every order for each placement (migration 0029: an order cost grew
-- with the number of orders, ~2 ms more after 5,000). Each change is also appended to
-- analytics_product_changes, which the product windows' refresh takes (migration 0030).
CREATE OR REPLACE FUNCTION cedar_analytics_count_line_delta(changed jsonb, zone text) RETURNS date[]
LANGUAGE plpgsql AS $$
DECLARE
  touched date[];
BEGIN
  WITH delta AS (
    SELECT (o.created_at AT TIME ZONE zone)::date AS day,
        coalesce(x.product_id, '00000000-0000-0000-0000-000000000000'::uuid) AS product_id,
        coalesce(x.variant_id, '00000000-0000-0000-0000-000000000000'::uuid) AS variant_id,
        sum(x.sign * x.quantity)::integer AS quantity, sum(x.sign * round(x.line_total * 100))::bigint AS revenue_cents,
        sum(x.sign)::integer AS lines
      FROM jsonb_to_recordset(changed) AS x(order_id uuid, product_id uuid, variant_id uuid, quantity integer,
          line_total numeric, sign integer)
        CROSS JOIN LATERAL (SELECT o.created_at FROM orders AS o WHERE o.id = x.order_id AND o.status <> 'cancelled'
          LIMIT 1) AS o
      GROUP BY 1, 2, 3
  ), days AS (
    INSERT INTO analytics_product_days AS p (day, product_id, variant_id, quantity, revenue_cents, lines)
      SELECT delta.day, delta.product_id, delta.variant_id, delta.quantity, delta.revenue_cents, delta.lines FROM delta
      ORDER BY delta.day, delta.product_id, delta.variant_id
      ON CONFLICT (day, product_id, variant_id) DO UPDATE SET quantity = p.quantity + excluded.quantity,
        revenue_cents = p.revenue_cents + excluded.revenue_cents, lines = p.lines + excluded.lines
  ), months AS (
    INSERT INTO analytics_product_months AS m (month, product_id, variant_id, quantity, revenue_cents, lines)
      SELECT date_trunc('month', delta.day)::date, delta.product_id, delta.variant_id, sum(delta.quantity),
          sum(delta.revenue_cents), sum(delta.lines) FROM delta GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (month, product_id, variant_id) DO UPDATE SET quantity = m.quantity + excluded.quantity,
        revenue_cents = m.revenue_cents + excluded.revenue_cents, lines = m.lines + excluded.lines
  ), logged AS (
    INSERT INTO analytics_product_changes (day, product_id, variant_id, quantity, revenue_cents, lines)
      SELECT delta.day, delta.product_id, delta.variant_id, delta.quantity, delta.revenue_cents, delta.lines FROM delta
  )
  SELECT array_agg(DISTINCT delta.day) INTO touched FROM delta;
  RETURN touched;
END
$$;
--> statement-breakpoint
-- Recounts every roll-up from the orders (the definition the triggers keep to), in the time zone
-- given or the one already kept, each table written in day order (a read of a few days then
-- touches a few pages, not rows scattered over the table): `npm run analytics:rebuild`, after a
-- change of the shop's time zone, and after migration 0028. Order writers wait while it runs (SHARE lock), so none is lost
-- between the recount and the commit.
CREATE OR REPLACE FUNCTION cedar_analytics_rebuild(new_zone text DEFAULT NULL) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zone text;
BEGIN
  LOCK TABLE orders, order_items IN SHARE MODE;
  INSERT INTO analytics_state AS s (id, time_zone, rebuilt_at, windows_day)
    VALUES (true, coalesce(new_zone, 'Asia/Beirut'), now(), NULL)
    ON CONFLICT (id) DO UPDATE SET time_zone = coalesce(new_zone, s.time_zone), rebuilt_at = now(), windows_day = NULL
    RETURNING s.time_zone INTO zone;
  -- The windows are built again from the recount when next read (analytics-windows.ts).
  DELETE FROM analytics_variant_windows;
  DELETE FROM analytics_product_windows;
  DELETE FROM analytics_product_changes;
  DELETE FROM analytics_order_days;
  DELETE FROM analytics_product_days;
  DELETE FROM analytics_product_months;
  DELETE FROM analytics_customers;
  INSERT INTO analytics_order_days (day, source, status, payment_status, orders, total_cents, refunded_cents,
      refunded_orders, discount_cents, tax_cents, shipping_cents, promo_orders, promo_revenue_cents,
      delivered_orders, delivery_seconds)
    SELECT o.day, o.source, o.status, o.payment_status, count(*), sum(o.total_cents), sum(o.refunded_cents),
        count(*) FILTER (WHERE o.refunded_cents > 0), sum(o.discount_cents),
        sum(cedar_analytics_net_tax(o.tax_cents, o.total_cents, o.refunded_cents)), sum(o.shipping_cents),
        count(*) FILTER (WHERE o.promo), coalesce(sum(o.total_cents - o.refunded_cents) FILTER (WHERE o.promo), 0),
        count(*) FILTER (WHERE o.delivered),
        coalesce(sum(floor(extract(epoch FROM o.delivered_at - o.created_at))::bigint) FILTER (WHERE o.delivered), 0)
      FROM (SELECT (x.created_at AT TIME ZONE zone)::date AS day, x.source, x.status, x.payment_status,
          round(x.total * 100)::bigint AS total_cents, round(x.refunded_amount * 100)::bigint AS refunded_cents,
          round(x.discount * 100)::bigint AS discount_cents, round(x.tax * 100)::bigint AS tax_cents,
          round(x.shipping * 100)::bigint AS shipping_cents, x.promo_code IS NOT NULL AS promo,
          x.status = 'delivered' AND x.delivered_at IS NOT NULL AS delivered, x.delivered_at, x.created_at
        FROM orders AS x) AS o
      GROUP BY o.day, o.source, o.status, o.payment_status
      ORDER BY o.day, o.source, o.status, o.payment_status;
  INSERT INTO analytics_product_days (day, product_id, variant_id, quantity, revenue_cents, lines)
    SELECT (o.created_at AT TIME ZONE zone)::date,
        coalesce(i.product_id, '00000000-0000-0000-0000-000000000000'::uuid),
        coalesce(i.variant_id, '00000000-0000-0000-0000-000000000000'::uuid),
        sum(i.quantity), sum(round(i.line_total * 100)), count(*)
      FROM order_items AS i JOIN orders AS o ON o.id = i.order_id AND o.status <> 'cancelled'
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
  INSERT INTO analytics_product_months (month, product_id, variant_id, quantity, revenue_cents, lines)
    SELECT date_trunc('month', p.day)::date, p.product_id, p.variant_id, sum(p.quantity), sum(p.revenue_cents), sum(p.lines)
      FROM analytics_product_days AS p GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
  INSERT INTO analytics_customers (customer_id, first_day, last_day, orders)
    SELECT o.customer_id, (min(o.created_at) AT TIME ZONE zone)::date, (max(o.created_at) AT TIME ZONE zone)::date, count(*)
      FROM orders AS o WHERE o.customer_id IS NOT NULL AND o.status <> 'cancelled'
      GROUP BY o.customer_id ORDER BY o.customer_id;
END
$$;
