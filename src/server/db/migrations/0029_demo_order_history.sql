-- The demo's six months of made-up orders (src/server/db/seed/demo-orders.ts), their shoppers and
-- the launch offer some used are marked, so the admin can badge them and "Remove demo data"
-- deletes exactly them (docs/product.md#demo-data). Existing rows are the merchant's: false.
ALTER TABLE "customers" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A placement's lines find their order by its key, not by a join the planner without statistics
-- ran as a scan of every order (source in src/server/db/sql/analytics-rollups.sql,
-- docs/architecture.md#sql-sources); otherwise 0028's body, unchanged.
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
  )
  SELECT array_agg(DISTINCT delta.day) INTO touched FROM delta;
  RETURN touched;
END
$$;
