-- Catalogue notifications (decisions 005 and 012): the storefront serves reads from an in-memory
-- catalogue (src/server/catalogue/catalogue-read-model.ts), and these triggers tell every server
-- process what changed, whoever made the change, on NOTIFY cedar_catalogue:
--   'products:<id>,<id>…' (or 'products:*' above 200 products), 'categories', '*' (reload all),
--   'stock:<variant id>:<product id>:<stock_quantity>:<t|f in_stock>:<updated_at, epoch ms>,…'
--   (a stock-only change of at most 100 variants: the catalogue patches itself without a query).
-- Notifications are sent on commit only, in commit order.
--
-- One readable source of what the database runs (docs/architecture.md#sql-sources). Applied
-- migrations cannot change, so this file is not run itself: the latest migration that creates
-- each function or trigger below must carry its statement exactly, and
-- tests/api/sql-sources.test.ts proves it and that a migrated database runs it. To change one:
-- edit it here, copy the statement into a new custom migration
-- (`npx drizzle-kit generate --custom --name=…`), run that test.

CREATE FUNCTION cedar_notify_products_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_ids text;
  changed_count integer;
BEGIN
  SELECT count(*), string_agg(id::text, ',') INTO changed_count, changed_ids
    FROM (SELECT id FROM changed_rows LIMIT 201) AS limited;
  IF changed_count = 0 THEN
    RETURN NULL;
  ELSIF changed_count > 200 THEN
    PERFORM pg_notify('cedar_catalogue', 'products:*');
  ELSE
    PERFORM pg_notify('cedar_catalogue', 'products:' || changed_ids);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- 0009's function, plus the early return for the roll-up's stock path (above).
CREATE OR REPLACE FUNCTION cedar_notify_products_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_count integer;
  changed_ids text;
BEGIN
  IF current_setting('cedar.stock_roll_up', true) = 'on' THEN
    RETURN NULL;
  END IF;
  SELECT count(*), string_agg(id::text, ',') INTO changed_count, changed_ids
    FROM (
      SELECT n.id FROM new_rows AS n LEFT JOIN old_rows AS o ON o.id = n.id
      WHERE o.id IS NULL
        OR (to_jsonb(o) - 'stock_quantity' - 'in_stock' - 'updated_at')
          <> (to_jsonb(n) - 'stock_quantity' - 'in_stock' - 'updated_at')
      LIMIT 201
    ) AS limited;
  IF changed_count = 0 THEN
    RETURN NULL;
  ELSIF changed_count > 200 THEN
    PERFORM pg_notify('cedar_catalogue', 'products:*');
  ELSE
    PERFORM pg_notify('cedar_catalogue', 'products:' || changed_ids);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION cedar_notify_catalogue_reload() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cedar_catalogue', TG_ARGV[0]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Notifications (decision 005, as amended by 012): a stock-only change of at most 100 variants
-- (an order, a cancel, a stock edit) carries its values so the in-memory catalogue patches
-- itself without a query:
--   'stock:<variant id>:<product id>:<stock_quantity>:<t|f in_stock>:<updated_at, epoch ms>,…'
-- Any other variant change, or more rows, names the products ('products:…', or '*' above 200).
CREATE OR REPLACE FUNCTION cedar_notify_variants_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_count integer;
  stock_only boolean;
  levels text;
  changed_ids text;
BEGIN
  -- cedar_place_order (place-order.sql) announces the stock it takes itself, in this format.
  IF current_setting('cedar.order_stock', true) = 'on' THEN
    RETURN NULL;
  END IF;
  SELECT count(*),
      coalesce(bool_and(o.id IS NOT NULL
        AND (to_jsonb(o) - 'stock_quantity' - 'in_stock' - 'updated_at')
          = (to_jsonb(n) - 'stock_quantity' - 'in_stock' - 'updated_at')), true),
      string_agg(n.id::text || ':' || n.product_id::text || ':' || n.stock_quantity || ':'
        || CASE WHEN n.in_stock THEN 't' ELSE 'f' END
        || ':' || floor(extract(epoch FROM n.updated_at) * 1000)::bigint, ',')
    INTO changed_count, stock_only, levels
    FROM (SELECT * FROM new_rows LIMIT 101) AS n LEFT JOIN old_rows AS o ON o.id = n.id;
  IF changed_count = 0 THEN
    RETURN NULL;
  ELSIF stock_only AND changed_count <= 100 THEN
    PERFORM pg_notify('cedar_catalogue', 'stock:' || levels);
    RETURN NULL;
  END IF;
  SELECT count(*), string_agg(product_id::text, ',') INTO changed_count, changed_ids
    FROM (SELECT DISTINCT product_id FROM (SELECT product_id FROM new_rows UNION SELECT product_id FROM old_rows) AS b
      LIMIT 201) AS limited;
  IF changed_count > 200 THEN
    PERFORM pg_notify('cedar_catalogue', 'products:*');
  ELSE
    PERFORM pg_notify('cedar_catalogue', 'products:' || changed_ids);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION cedar_notify_variants_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_ids text;
  changed_count integer;
BEGIN
  SELECT count(*), string_agg(product_id::text, ',') INTO changed_count, changed_ids
    FROM (SELECT DISTINCT product_id FROM changed_rows LIMIT 201) AS limited;
  IF changed_count = 0 THEN
    RETURN NULL;
  ELSIF changed_count > 200 THEN
    PERFORM pg_notify('cedar_catalogue', 'products:*');
  ELSE
    PERFORM pg_notify('cedar_catalogue', 'products:' || changed_ids);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_inserted_notify AFTER INSERT ON products
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION cedar_notify_products_changed();
--> statement-breakpoint
CREATE TRIGGER products_updated_notify AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cedar_notify_products_updated();
--> statement-breakpoint
CREATE TRIGGER products_deleted_notify AFTER DELETE ON products
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION cedar_notify_products_changed();
--> statement-breakpoint
CREATE TRIGGER products_truncated_notify AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION cedar_notify_catalogue_reload('*');
--> statement-breakpoint
CREATE TRIGGER categories_changed_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION cedar_notify_catalogue_reload('categories');
--> statement-breakpoint
CREATE TRIGGER product_variants_updated_notify AFTER UPDATE ON product_variants
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cedar_notify_variants_updated();
--> statement-breakpoint
CREATE TRIGGER product_variants_inserted_notify AFTER INSERT ON product_variants
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION cedar_notify_variants_changed();
--> statement-breakpoint
CREATE TRIGGER product_variants_deleted_notify AFTER DELETE ON product_variants
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION cedar_notify_variants_changed();
