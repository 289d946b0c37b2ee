-- The variant shape check (decision 012, 1): which variants a product may have, checked at
-- commit by two deferred constraint triggers, so a product and its variants are written in one
-- transaction. The services validate first with words staff can read (product-writes.service.ts);
-- this is the database's last word, whoever writes.
--
-- One readable source of what the database runs (docs/architecture.md#sql-sources). Applied
-- migrations cannot change, so this file is not run itself: the latest migration that creates
-- each function or trigger below must carry its statement exactly, and
-- tests/api/sql-sources.test.ts proves it and that a migrated database runs it. To change one:
-- edit it here, copy the statement into a new custom migration
-- (`npx drizzle-kit generate --custom --name=…`), run that test.

CREATE FUNCTION cedar_product_variants_valid(product uuid) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  product_variations jsonb;
  variant_count integer;
  active_count integer;
  default_count integer;
  bad_count integer;
BEGIN
  SELECT p.variations INTO product_variations FROM products AS p WHERE p.id = product;
  IF NOT FOUND THEN
    RETURN true; -- deleted with its variants
  END IF;
  SELECT count(*), count(*) FILTER (WHERE v.is_active),
      count(*) FILTER (WHERE v.is_active AND v.options = '{}'::jsonb),
      count(*) FILTER (WHERE v.is_active AND v.options <> '{}'::jsonb AND NOT (
        (SELECT count(*) FROM jsonb_object_keys(v.options)) = jsonb_array_length(product_variations)
        AND NOT EXISTS (
          SELECT 1 FROM jsonb_array_elements(product_variations) AS x
          WHERE NOT coalesce((x->'options') @> to_jsonb(v.options->>(x->>'name')), false))))
    INTO variant_count, active_count, default_count, bad_count
    FROM product_variants AS v WHERE v.product_id = product;
  RETURN variant_count >= 1 AND (
    (active_count = 1 AND default_count = 1)
    OR (active_count <= 100 AND default_count = 0 AND bad_count = 0));
END
$$;
--> statement-breakpoint
CREATE FUNCTION cedar_check_product_variants() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'products' THEN
    IF NOT cedar_product_variants_valid(NEW.id) THEN
      RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'cedar:product-variants-invalid', DETAIL = NEW.id::text;
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND NOT cedar_product_variants_valid(OLD.product_id) THEN
    RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'cedar:product-variants-invalid', DETAIL = OLD.product_id::text;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NOT cedar_product_variants_valid(NEW.product_id) THEN
    RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'cedar:product-variants-invalid', DETAIL = NEW.product_id::text;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER product_variants_shape AFTER INSERT OR DELETE OR UPDATE OF product_id, options, is_active
  ON product_variants DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cedar_check_product_variants();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER products_variants_shape AFTER INSERT OR UPDATE OF variations
  ON products DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cedar_check_product_variants();
