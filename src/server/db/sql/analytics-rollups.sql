-- The analytics roll-ups (docs/decisions/036-analytics-rollups.md, docs/product.md#analytics-and-reports):
-- daily sums of the orders kept in step by triggers, inside the transaction of every order write
-- (placement, status changes, refunds, admin edits of lines and totals, deletions), so the
-- analytics read a few hundred rows instead of adding up 100,000 orders. cedar_analytics_rebuild
-- recounts them from scratch; tests/api/analytics-rollups.test.ts proves that the triggers and the
-- recount agree after a random mix of writes, on PGlite and PostgreSQL.
--
-- One readable source of what the database runs (docs/architecture.md#sql-sources). Applied
-- migrations cannot change, so this file is not run itself: the latest migration that creates
-- each function or trigger below must carry its statement exactly, and
-- tests/api/sql-sources.test.ts proves it and that a migrated database runs it. To change one:
-- edit it here, copy the statement into a new custom migration
-- (`npx drizzle-kit generate --custom --name=…`), run that test.

-- When an order became delivered: the average time from placed to delivered reads it. Set by the
-- database so every path that delivers an order (the admin, a bulk change, a later API) sets it.
CREATE OR REPLACE FUNCTION cedar_orders_delivered_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'delivered' AND NEW.delivered_at IS NULL
      AND (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM 'delivered') THEN
    NEW.delivered_at := now();
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER cedar_orders_delivered_at BEFORE INSERT OR UPDATE OF status ON orders
  FOR EACH ROW EXECUTE FUNCTION cedar_orders_delivered_at();
--> statement-breakpoint
-- The time zone the roll-ups' days are in (one row; the shop's `time_zone` setting, kept equal by
-- the settings service, which rebuilds the roll-ups when it changes).
CREATE OR REPLACE FUNCTION cedar_analytics_zone() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT s.time_zone FROM analytics_state AS s WHERE s.id), 'Asia/Beirut')
$$;
--> statement-breakpoint
-- An order's tax less its refunded share, in cents: what the shop still collected. The one formula
-- the trigger and the recount both use, so they agree to the cent.
CREATE OR REPLACE FUNCTION cedar_analytics_net_tax(tax_cents bigint, total_cents bigint, refunded_cents bigint)
RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN total_cents > 0 THEN round(tax_cents::numeric * (total_cents - refunded_cents) / total_cents)::bigint
    ELSE tax_cents END
$$;
--> statement-breakpoint
-- Adds (sign 1) or takes away (sign -1) one order's row of analytics_order_days. A row left with no
-- orders is deleted, so the table holds exactly what a recount writes.
CREATE OR REPLACE FUNCTION cedar_analytics_count_order(o orders, sign integer, zone text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  order_total bigint := round(o.total * 100);
  order_refunded bigint := round(o.refunded_amount * 100);
  delivered boolean := o.status = 'delivered' AND o.delivered_at IS NOT NULL;
  order_day date := (o.created_at AT TIME ZONE zone)::date;
BEGIN
  INSERT INTO analytics_order_days AS d (day, source, status, payment_status, orders, total_cents, refunded_cents,
      refunded_orders, discount_cents, tax_cents, shipping_cents, promo_orders, promo_revenue_cents,
      delivered_orders, delivery_seconds)
    VALUES (order_day, o.source, o.status, o.payment_status, sign, sign * order_total, sign * order_refunded,
      sign * (order_refunded > 0)::int, sign * round(o.discount * 100)::bigint,
      sign * cedar_analytics_net_tax(round(o.tax * 100)::bigint, order_total, order_refunded),
      sign * round(o.shipping * 100)::bigint, sign * (o.promo_code IS NOT NULL)::int,
      CASE WHEN o.promo_code IS NOT NULL THEN sign * (order_total - order_refunded) ELSE 0 END,
      sign * delivered::int,
      CASE WHEN delivered THEN sign * floor(extract(epoch FROM o.delivered_at - o.created_at))::bigint ELSE 0 END)
    ON CONFLICT (day, source, status, payment_status) DO UPDATE SET
      orders = d.orders + excluded.orders,
      total_cents = d.total_cents + excluded.total_cents,
      refunded_cents = d.refunded_cents + excluded.refunded_cents,
      refunded_orders = d.refunded_orders + excluded.refunded_orders,
      discount_cents = d.discount_cents + excluded.discount_cents,
      tax_cents = d.tax_cents + excluded.tax_cents,
      shipping_cents = d.shipping_cents + excluded.shipping_cents,
      promo_orders = d.promo_orders + excluded.promo_orders,
      promo_revenue_cents = d.promo_revenue_cents + excluded.promo_revenue_cents,
      delivered_orders = d.delivered_orders + excluded.delivered_orders,
      delivery_seconds = d.delivery_seconds + excluded.delivery_seconds;
  IF sign < 0 THEN
    DELETE FROM analytics_order_days AS d
      WHERE d.day = order_day AND d.source = o.source AND d.status = o.status
        AND d.payment_status = o.payment_status AND d.orders = 0;
  END IF;
END
$$;
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
-- A customer's first and latest days and count of orders not cancelled, read again from their orders (a few
-- rows through orders_customer_idx) after a change that may have moved either.
CREATE OR REPLACE FUNCTION cedar_analytics_recount_customer(customer uuid, zone text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  first_at timestamptz;
  last_at timestamptz;
  placed integer;
BEGIN
  IF customer IS NULL THEN
    RETURN;
  END IF;
  SELECT min(o.created_at), max(o.created_at), count(*) INTO first_at, last_at, placed
    FROM orders AS o WHERE o.customer_id = customer AND o.status <> 'cancelled';
  IF placed = 0 THEN
    DELETE FROM analytics_customers AS c WHERE c.customer_id = customer;
  ELSE
    INSERT INTO analytics_customers AS c (customer_id, first_day, last_day, orders)
      VALUES (customer, (first_at AT TIME ZONE zone)::date, (last_at AT TIME ZONE zone)::date, placed)
      ON CONFLICT (customer_id) DO UPDATE SET first_day = excluded.first_day, last_day = excluded.last_day,
        orders = excluded.orders;
  END IF;
END
$$;
--> statement-breakpoint
-- A customer's row of analytics_customer_months for one month, read again from their orders of that
-- month (a few rows through orders_customer_idx: the instants a day either side of the month, then
-- the month exactly as the recount reads it) after a change that may have moved its count, sum or
-- latest order. No order left deletes the row.
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
-- Keeps the roll-ups in step with an order row: a new order adds itself (and its customer's
-- count and month); a change takes the old row away and adds the new one (and moves its lines and
-- recounts its customer's months when it was cancelled, revived, re-dated or given another
-- customer; a refund or new total only moves the month's revenue); a deleted order takes itself
-- away (its lines went first, in cedar_analytics_order_deleting, while they still existed).
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
CREATE TRIGGER cedar_analytics_order_placed_or_deleted AFTER INSERT OR DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION cedar_analytics_order_changed();
--> statement-breakpoint
CREATE TRIGGER cedar_analytics_order_updated AFTER UPDATE ON orders
  FOR EACH ROW EXECUTE FUNCTION cedar_analytics_order_changed();
--> statement-breakpoint
-- A deleted order's lines leave the roll-ups before the cascade deletes them (the lines' own
-- trigger then finds no order and does nothing).
CREATE OR REPLACE FUNCTION cedar_analytics_order_deleting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status <> 'cancelled' THEN
    PERFORM cedar_analytics_count_lines(OLD.id, (OLD.created_at AT TIME ZONE cedar_analytics_zone())::date, -1);
  END IF;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER cedar_analytics_order_deleting BEFORE DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION cedar_analytics_order_deleting();
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
-- Keeps the product roll-ups in step with order lines written after their order: placement's new
-- lines (one statement, from its transition table), an admin's edit of lines, a product or variant
-- deleted under them (the foreign key sets them null: they move to the nil UUID). A deleted
-- order's lines find no order and change nothing (cedar_analytics_order_deleting took them away).
CREATE OR REPLACE FUNCTION cedar_analytics_lines_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  zone text := cedar_analytics_zone();
  touched date[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM cedar_analytics_count_line_delta(
      (SELECT jsonb_agg(jsonb_build_object('order_id', n.order_id, 'product_id', n.product_id, 'variant_id', n.variant_id,
        'quantity', n.quantity, 'line_total', n.line_total, 'sign', 1)) FROM new_lines AS n), zone);
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    touched := cedar_analytics_count_line_delta(
      (SELECT jsonb_agg(jsonb_build_object('order_id', d.order_id, 'product_id', d.product_id, 'variant_id', d.variant_id,
        'quantity', d.quantity, 'line_total', d.line_total, 'sign', -1)) FROM old_lines AS d), zone);
  ELSE
    touched := cedar_analytics_count_line_delta(
      (SELECT jsonb_agg(x.line) FROM (
        SELECT jsonb_build_object('order_id', n.order_id, 'product_id', n.product_id, 'variant_id', n.variant_id,
          'quantity', n.quantity, 'line_total', n.line_total, 'sign', 1) AS line FROM new_lines AS n
        UNION ALL
        SELECT jsonb_build_object('order_id', d.order_id, 'product_id', d.product_id, 'variant_id', d.variant_id,
          'quantity', d.quantity, 'line_total', d.line_total, 'sign', -1) FROM old_lines AS d) AS x), zone);
  END IF;
  IF touched IS NOT NULL THEN
    DELETE FROM analytics_product_days AS p WHERE p.day = ANY (touched) AND p.lines = 0;
    DELETE FROM analytics_product_months AS m
      WHERE m.month = ANY (ARRAY(SELECT DISTINCT date_trunc('month', t)::date FROM unnest(touched) AS t)) AND m.lines = 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER cedar_analytics_lines_inserted AFTER INSERT ON order_items
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION cedar_analytics_lines_changed();
--> statement-breakpoint
CREATE TRIGGER cedar_analytics_lines_updated AFTER UPDATE ON order_items
  REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION cedar_analytics_lines_changed();
--> statement-breakpoint
CREATE TRIGGER cedar_analytics_lines_deleted AFTER DELETE ON order_items
  REFERENCING OLD TABLE AS old_lines FOR EACH STATEMENT EXECUTE FUNCTION cedar_analytics_lines_changed();
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
-- The roll-ups' days follow the shop's time zone (settings: site, `time_zone`): saved as another
-- (by staff, or a restored backup), they are recounted in it in the same transaction. A zone the
-- database does not know leaves them in the one they are in.
CREATE OR REPLACE FUNCTION cedar_analytics_follow_time_zone() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  zone text := coalesce(nullif(NEW.value->>'time_zone', ''), 'Asia/Beirut');
BEGIN
  IF zone IS DISTINCT FROM cedar_analytics_zone() AND EXISTS (SELECT 1 FROM pg_timezone_names AS z WHERE z.name = zone) THEN
    PERFORM cedar_analytics_rebuild(zone);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER cedar_analytics_follow_time_zone AFTER INSERT OR UPDATE ON settings
  FOR EACH ROW WHEN ((new.key = 'site_settings'::text)) EXECUTE FUNCTION cedar_analytics_follow_time_zone();
