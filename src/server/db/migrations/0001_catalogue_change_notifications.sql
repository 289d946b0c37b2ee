-- The storefront serves reads from an in-memory catalogue (docs/decisions/005). These triggers tell
-- every server process what changed, whoever made the change (our services, a migration, psql):
-- NOTIFY cedar_catalogue with 'products:<id>,<id>…' (or 'products:*' for big statements),
-- 'categories' or '*'. Notifications are sent on commit only, in commit order.
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
CREATE TRIGGER products_inserted_notify AFTER INSERT ON products
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION cedar_notify_products_changed();
--> statement-breakpoint
CREATE TRIGGER products_updated_notify AFTER UPDATE ON products
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION cedar_notify_products_changed();
--> statement-breakpoint
CREATE TRIGGER products_deleted_notify AFTER DELETE ON products
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION cedar_notify_products_changed();
--> statement-breakpoint
CREATE FUNCTION cedar_notify_catalogue_reload() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cedar_catalogue', TG_ARGV[0]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_truncated_notify AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION cedar_notify_catalogue_reload('*');
--> statement-breakpoint
CREATE TRIGGER categories_changed_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION cedar_notify_catalogue_reload('categories');
