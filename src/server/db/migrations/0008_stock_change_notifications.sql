-- An order only takes stock; telling the storefront "product X changed" made every server process
-- read the row back before its next read, queued behind the orders on PGlite's one connection.
-- When an UPDATE changed nothing but stock (stock_quantity, its generated in_stock and
-- updated_at), the notification carries the new values instead, so the in-memory catalogue is
-- patched without a query (docs/decisions/005):
--   'stock:<id>:<stock_quantity>:<t|f in_stock>:<updated_at, epoch ms>,…'   (at most 100 rows)
-- Any other UPDATE, or more than 100 rows, announces the ids as before ('products:…' of 0001).
CREATE FUNCTION cedar_notify_products_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_count integer;
  stock_only boolean;
  levels text;
  changed_ids text;
BEGIN
  SELECT count(*),
      coalesce(bool_and(o.id IS NOT NULL
        AND (to_jsonb(o) - 'stock_quantity' - 'in_stock' - 'updated_at')
          = (to_jsonb(n) - 'stock_quantity' - 'in_stock' - 'updated_at')), true),
      string_agg(n.id::text || ':' || n.stock_quantity || ':' || CASE WHEN n.in_stock THEN 't' ELSE 'f' END
        || ':' || floor(extract(epoch FROM n.updated_at) * 1000)::bigint, ',')
    INTO changed_count, stock_only, levels
    FROM (SELECT * FROM new_rows LIMIT 101) AS n LEFT JOIN old_rows AS o ON o.id = n.id;
  IF changed_count = 0 THEN
    RETURN NULL;
  ELSIF stock_only AND changed_count <= 100 THEN
    PERFORM pg_notify('cedar_catalogue', 'stock:' || levels);
    RETURN NULL;
  END IF;
  SELECT count(*), string_agg(id::text, ',') INTO changed_count, changed_ids
    FROM (SELECT id FROM new_rows LIMIT 201) AS limited;
  IF changed_count > 200 THEN
    PERFORM pg_notify('cedar_catalogue', 'products:*');
  ELSE
    PERFORM pg_notify('cedar_catalogue', 'products:' || changed_ids);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER products_updated_notify ON products;
--> statement-breakpoint
CREATE TRIGGER products_updated_notify AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cedar_notify_products_updated();
