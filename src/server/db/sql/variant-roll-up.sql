-- The variant roll-up (decision 012): a product's price, compare-at, price_max and stock are
-- derived from its variants, and these triggers keep them so whoever writes the variants (our
-- services, a migration, psql). A stock-only UPDATE (an order, a cancel, a stock edit) adds its
-- change to its products; anything else recomputes them from their variants.
--
-- One readable source of what the database runs (docs/architecture.md#sql-sources). Applied
-- migrations cannot change, so this file is not run itself: the latest migration that creates
-- each function or trigger below must carry its statement exactly, and
-- tests/api/sql-sources.test.ts proves it and that a migrated database runs it. To change one:
-- edit it here, copy the statement into a new custom migration
-- (`npx drizzle-kit generate --custom --name=…`), run that test.

-- A stock-only variant UPDATE (an order, a cancel, a stock edit) adds its stock change to its
-- products instead of recomputing them (docs/decisions/012-product-variants.md, "As built").
-- (cedar_place_order does the same for the stock it takes, and this trigger then returns at once.)
-- Measured on the embedded database with 10,000 products (CPU per order's variant UPDATE): the
-- full roll-up cost ~1.1 ms, this path ~0.25 ms; order placement runs it on every order.
--
-- Stock-only: every updated row keeps its product_id, price, compare_at_price, is_active and
-- sort_order, which are all the headline price, compare-at and price_max read. Then only
-- `stock_quantity = sum of active variants` can change, by the sum of (new - old) over the rows
-- that are active, per product. `stock_quantity + delta` in an UPDATE is evaluated on the row it
-- locks: after waiting for a concurrent writer of the product, PostgreSQL re-reads the row
-- committed by it (READ COMMITTED), so deltas of concurrent orders add up, and a full recompute
-- committed meanwhile (which locks the product before it sums) is built on, not overwritten.
-- The products are still locked first in id order, in a statement of their own: one UPDATE locks
-- rows in whatever order its plan visits them, and two orders buying different variants of the
-- same two products would otherwise each hold one product and wait for the other (lock order:
-- variants by id, then products by id, docs/engineering.md#data-rules).
--
-- Everything else (price, compare-at, is_active, sort_order or product_id changes, inserts,
-- deletes) takes the full recompute of 0009, unchanged.
--
-- The products UPDATE of the stock path changes only stock_quantity (and in_stock, updated_at):
-- cedar_notify_products_updated would find exactly that and announce nothing (the variant
-- trigger has announced the stock), after comparing each product row as JSON, the widest part
-- of this path. The roll-up says so through the transaction-local setting cedar.stock_roll_up,
-- set around that one statement (a rolled-back statement or savepoint restores it).
--
-- Generic plans, never a sequential scan: its statements name products by a uuid[] variable
-- (= ANY), so PL/pgSQL re-planned them on every call (a custom plan per array), and planning reads
-- the size of products and of each of its indexes (15 of the 18 file-size system calls of an
-- order on PGlite; ~0.2 ms CPU). One generic plan per session is made once; with sequential scans
-- off it finds rows by primary key whatever the table's size when it was planned (a plan made on
-- a fresh shop's few products would otherwise scan every product once the catalogue has grown:
-- PGlite has no autovacuum, so no statistics ever tell it otherwise). The settings hold only while
-- this function (and what its statements fire) runs.
CREATE OR REPLACE FUNCTION cedar_roll_up_variants() RETURNS trigger LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan SET enable_seqscan = off AS $$
DECLARE
  touched uuid[];
  stock_only boolean;
  deltas integer[];
BEGIN
  -- cedar_place_order (place-order.sql) rolls up the stock it takes itself.
  IF current_setting('cedar.order_stock', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    -- touched and deltas come from one aggregation pass, so their elements pair up.
    SELECT coalesce(bool_and(g.same), true),
        coalesce(array_agg(g.product_id) FILTER (WHERE g.delta <> 0), '{}'),
        coalesce(array_agg(g.delta) FILTER (WHERE g.delta <> 0), '{}')
      INTO stock_only, touched, deltas
      FROM (
        SELECT n.product_id,
            bool_and(o.id IS NOT NULL AND o.product_id = n.product_id AND o.price = n.price
              AND o.compare_at_price IS NOT DISTINCT FROM n.compare_at_price AND o.is_active = n.is_active
              AND o.sort_order = n.sort_order) AS same,
            coalesce(sum(n.stock_quantity - o.stock_quantity) FILTER (WHERE n.is_active), 0)::integer AS delta
          FROM new_rows AS n LEFT JOIN old_rows AS o ON o.id = n.id
          GROUP BY n.product_id
      ) AS g;
    IF stock_only THEN
      IF cardinality(touched) > 0 THEN
        PERFORM 1 FROM products AS k WHERE k.id = ANY (touched) ORDER BY k.id FOR NO KEY UPDATE;
        PERFORM set_config('cedar.stock_roll_up', 'on', true);
        UPDATE products AS p SET stock_quantity = p.stock_quantity + d.delta, updated_at = now()
          FROM unnest(touched, deltas) AS d(id, delta)
          WHERE p.id = ANY (touched) AND p.id = d.id;
        PERFORM set_config('cedar.stock_roll_up', '', true);
      END IF;
      RETURN NULL;
    END IF;
    touched := ARRAY(SELECT product_id FROM new_rows UNION SELECT product_id FROM old_rows);
  ELSIF TG_OP = 'INSERT' THEN
    touched := ARRAY(SELECT DISTINCT product_id FROM new_rows);
  ELSE
    touched := ARRAY(SELECT DISTINCT product_id FROM old_rows);
  END IF;
  -- The full recompute (0009). Lock first, in a statement of its own: under READ COMMITTED each
  -- statement of this function reads a new snapshot, so the sums below (taken once the lock is
  -- held) see every variant change committed by the transaction that held the product before;
  -- one statement would aggregate from the snapshot taken before it waited, and write a stale sum.
  PERFORM 1 FROM products AS k WHERE k.id = ANY (touched) ORDER BY k.id FOR NO KEY UPDATE;
  -- The ids are named again below (unnest, = ANY): without statistics (PGlite has no autovacuum)
  -- the planner would otherwise join against a scan of every product.
  WITH rolled AS (
    SELECT l.id, h.price, h.compare_at_price, coalesce(a.price_max, h.price) AS price_max,
      coalesce(a.stock, 0)::integer AS stock
    FROM unnest(touched) AS l(id)
    JOIN LATERAL (
      SELECT v.price, v.compare_at_price FROM product_variants AS v WHERE v.product_id = l.id
      ORDER BY v.is_active DESC, v.price, v.sort_order, v.id LIMIT 1
    ) AS h ON true
    CROSS JOIN LATERAL (
      SELECT max(v.price) AS price_max, sum(v.stock_quantity) AS stock
      FROM product_variants AS v WHERE v.product_id = l.id AND v.is_active
    ) AS a
  )
  UPDATE products AS p SET price = r.price, compare_at_price = r.compare_at_price, price_max = r.price_max,
      stock_quantity = r.stock, updated_at = now()
    FROM rolled AS r
    WHERE p.id = ANY (touched) AND p.id = r.id
      AND (p.price, p.compare_at_price, p.price_max, p.stock_quantity)
        IS DISTINCT FROM (r.price, r.compare_at_price, r.price_max, r.stock);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- PostgreSQL allows transition tables only on triggers of one event each (as in 0001).
CREATE TRIGGER product_variants_inserted_roll_up AFTER INSERT ON product_variants
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cedar_roll_up_variants();
--> statement-breakpoint
CREATE TRIGGER product_variants_updated_roll_up AFTER UPDATE ON product_variants
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cedar_roll_up_variants();
--> statement-breakpoint
CREATE TRIGGER product_variants_deleted_roll_up AFTER DELETE ON product_variants
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION cedar_roll_up_variants();
