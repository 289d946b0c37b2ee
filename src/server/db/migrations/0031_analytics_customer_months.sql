CREATE TABLE "analytics_customer_months" (
	"month" date NOT NULL,
	"customer_id" uuid NOT NULL,
	"orders" integer NOT NULL,
	"revenue_cents" bigint NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "analytics_customer_months_month_customer_id_pk" PRIMARY KEY("month","customer_id")
);--> statement-breakpoint
-- The customers report's monthly roll-up (analytics_customer_months; source of the functions in
-- src/server/db/sql/analytics-rollups.sql, docs/architecture.md#sql-sources): a new function that
-- recounts one customer's month, cedar_analytics_order_changed keeping the table (one upsert per
-- placed order) and cedar_analytics_rebuild recounting it (0030's body plus the table);
-- otherwise their bodies as before. The table is filled from the orders here, in the zone the
-- roll-ups are kept in.
CREATE OR REPLACE FUNCTION cedar_analytics_recount_customer_month(customer uuid, month_start date, zone text)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  placed integer;
  revenue bigint;
  latest timestamptz;
BEGIN
  IF customer IS NULL THEN
    RETURN;
  END IF;
  SELECT count(*), sum(round(o.total * 100)::bigint - round(o.refunded_amount * 100)::bigint), max(o.created_at)
    INTO placed, revenue, latest
    FROM orders AS o
    WHERE o.customer_id = customer AND o.status <> 'cancelled'
      AND o.created_at >= (month_start::timestamp AT TIME ZONE zone) - interval '1 day'
      AND o.created_at < ((month_start + interval '1 month') AT TIME ZONE zone) + interval '1 day'
      AND date_trunc('month', o.created_at AT TIME ZONE zone)::date = month_start;
  IF placed = 0 THEN
    DELETE FROM analytics_customer_months AS m WHERE m.month = month_start AND m.customer_id = customer;
  ELSE
    INSERT INTO analytics_customer_months AS m (month, customer_id, orders, revenue_cents, last_at)
      VALUES (month_start, customer, placed, revenue, latest)
      ON CONFLICT (month, customer_id) DO UPDATE SET orders = excluded.orders,
        revenue_cents = excluded.revenue_cents, last_at = excluded.last_at;
  END IF;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cedar_analytics_order_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  zone text := cedar_analytics_zone();
  old_month date;
  new_month date;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM cedar_analytics_count_order(NEW, 1, zone);
    IF NEW.customer_id IS NOT NULL AND NEW.status <> 'cancelled' THEN
      INSERT INTO analytics_customers AS c (customer_id, first_day, last_day, orders)
        VALUES (NEW.customer_id, (NEW.created_at AT TIME ZONE zone)::date, (NEW.created_at AT TIME ZONE zone)::date, 1)
        ON CONFLICT (customer_id) DO UPDATE SET first_day = least(c.first_day, excluded.first_day),
          last_day = greatest(c.last_day, excluded.last_day), orders = c.orders + 1;
      INSERT INTO analytics_customer_months AS m (month, customer_id, orders, revenue_cents, last_at)
        VALUES (date_trunc('month', NEW.created_at AT TIME ZONE zone)::date, NEW.customer_id, 1,
          round(NEW.total * 100)::bigint - round(NEW.refunded_amount * 100)::bigint, NEW.created_at)
        ON CONFLICT (month, customer_id) DO UPDATE SET orders = m.orders + 1,
          revenue_cents = m.revenue_cents + excluded.revenue_cents, last_at = greatest(m.last_at, excluded.last_at);
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    PERFORM cedar_analytics_count_order(OLD, -1, zone);
    PERFORM cedar_analytics_recount_customer(OLD.customer_id, zone);
    IF OLD.status <> 'cancelled' THEN
      PERFORM cedar_analytics_recount_customer_month(OLD.customer_id,
        date_trunc('month', OLD.created_at AT TIME ZONE zone)::date, zone);
    END IF;
    RETURN NULL;
  END IF;
  -- Only a change the roll-ups read moves them (notes, tracking and the like do not).
  IF (OLD.status, OLD.payment_status, OLD.source, OLD.total, OLD.refunded_amount, OLD.tax, OLD.discount, OLD.shipping,
      OLD.promo_code, OLD.created_at, OLD.delivered_at, OLD.customer_id)
      IS NOT DISTINCT FROM (NEW.status, NEW.payment_status, NEW.source, NEW.total, NEW.refunded_amount, NEW.tax,
      NEW.discount, NEW.shipping, NEW.promo_code, NEW.created_at, NEW.delivered_at, NEW.customer_id) THEN
    RETURN NULL;
  END IF;
  PERFORM cedar_analytics_count_order(OLD, -1, zone);
  PERFORM cedar_analytics_count_order(NEW, 1, zone);
  -- The roll-up rows in the order placement locks them (order days, the customer, then the
  -- products' rows in key order), so concurrent writers on PostgreSQL never wait on each other in a circle.
  IF (OLD.status = 'cancelled') IS DISTINCT FROM (NEW.status = 'cancelled') OR OLD.created_at IS DISTINCT FROM NEW.created_at
      OR OLD.customer_id IS DISTINCT FROM NEW.customer_id THEN
    PERFORM cedar_analytics_recount_customer(OLD.customer_id, zone);
    IF NEW.customer_id IS DISTINCT FROM OLD.customer_id THEN
      PERFORM cedar_analytics_recount_customer(NEW.customer_id, zone);
    END IF;
    IF OLD.status <> 'cancelled' OR NEW.status <> 'cancelled' THEN
      old_month := date_trunc('month', OLD.created_at AT TIME ZONE zone)::date;
      new_month := date_trunc('month', NEW.created_at AT TIME ZONE zone)::date;
      PERFORM cedar_analytics_recount_customer_month(OLD.customer_id, old_month, zone);
      IF (NEW.customer_id, new_month) IS DISTINCT FROM (OLD.customer_id, old_month) THEN
        PERFORM cedar_analytics_recount_customer_month(NEW.customer_id, new_month, zone);
      END IF;
    END IF;
  ELSIF NEW.status <> 'cancelled' AND NEW.customer_id IS NOT NULL
      AND (OLD.total, OLD.refunded_amount) IS DISTINCT FROM (NEW.total, NEW.refunded_amount) THEN
    -- Same customer, month and standing: only the month's revenue moves.
    UPDATE analytics_customer_months AS m
      SET revenue_cents = m.revenue_cents + (round(NEW.total * 100)::bigint - round(NEW.refunded_amount * 100)::bigint)
        - (round(OLD.total * 100)::bigint - round(OLD.refunded_amount * 100)::bigint)
      WHERE m.month = date_trunc('month', NEW.created_at AT TIME ZONE zone)::date AND m.customer_id = NEW.customer_id;
  END IF;
  IF (OLD.status = 'cancelled') IS DISTINCT FROM (NEW.status = 'cancelled') OR OLD.created_at IS DISTINCT FROM NEW.created_at THEN
    IF OLD.status <> 'cancelled' THEN
      PERFORM cedar_analytics_count_lines(OLD.id, (OLD.created_at AT TIME ZONE zone)::date, -1);
    END IF;
    IF NEW.status <> 'cancelled' THEN
      PERFORM cedar_analytics_count_lines(NEW.id, (NEW.created_at AT TIME ZONE zone)::date, 1);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
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
  DELETE FROM analytics_customer_months;
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
  INSERT INTO analytics_customer_months (month, customer_id, orders, revenue_cents, last_at)
    SELECT date_trunc('month', o.created_at AT TIME ZONE zone)::date, o.customer_id, count(*),
        sum(round(o.total * 100)::bigint - round(o.refunded_amount * 100)::bigint), max(o.created_at)
      FROM orders AS o WHERE o.customer_id IS NOT NULL AND o.status <> 'cancelled'
      GROUP BY 1, 2 ORDER BY 1, 2;
END
$$;
--> statement-breakpoint
LOCK TABLE orders IN SHARE MODE;
--> statement-breakpoint
INSERT INTO analytics_customer_months (month, customer_id, orders, revenue_cents, last_at)
  SELECT date_trunc('month', o.created_at AT TIME ZONE cedar_analytics_zone())::date, o.customer_id, count(*),
      sum(round(o.total * 100)::bigint - round(o.refunded_amount * 100)::bigint), max(o.created_at)
    FROM orders AS o WHERE o.customer_id IS NOT NULL AND o.status <> 'cancelled'
    GROUP BY 1, 2 ORDER BY 1, 2;
