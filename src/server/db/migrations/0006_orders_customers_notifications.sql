CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"email" text,
	"address" jsonb,
	"notes" text,
	"anonymised_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"reason" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_refunds_amount_positive" CHECK ("order_refunds"."amount" > 0)
);
--> statement-breakpoint
DROP INDEX "notifications_created_idx";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "user_id" uuid;--> statement-breakpoint
-- Existing shop-wide notifications become one copy per active admin (same read flag), then the
-- column can be required.
INSERT INTO "notifications" ("user_id", "type", "is_read", "order_id", "order_number", "total_amount", "status", "title", "message", "created_at")
  SELECT u."id", n."type", n."is_read", n."order_id", n."order_number", n."total_amount", n."status", n."title", n."message", n."created_at"
  FROM "notifications" n CROSS JOIN "users" u
  WHERE n."user_id" IS NULL AND u."role" IN ('admin', 'super_admin') AND u."is_active";--> statement-breakpoint
DELETE FROM "notifications" WHERE "user_id" IS NULL;--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "user_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD COLUMN "kind" text DEFAULT 'status' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "source" text DEFAULT 'checkout' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "whatsapp_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_phone_unique" ON "customers" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "customers_email_idx" ON "customers" USING btree ("email");--> statement-breakpoint
CREATE INDEX "customers_name_lower_idx" ON "customers" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "order_refunds_order_idx" ON "order_refunds" USING btree ("order_id","created_at");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_order_idx" ON "notifications" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refund_within_total" CHECK ("orders"."refunded_amount" >= 0 and "orders"."refunded_amount" <= "orders"."total");;--> statement-breakpoint
-- Existing orders get their customers: one per phone (the latest order's name, email and address).
INSERT INTO "customers" ("name", "phone", "email", "address", "created_at")
  SELECT DISTINCT ON (o."customer_phone") o."customer_name", o."customer_phone", o."customer_email", o."shipping_address",
    (SELECT min(f."created_at") FROM "orders" f WHERE f."customer_phone" = o."customer_phone")
  FROM "orders" o ORDER BY o."customer_phone", o."created_at" DESC;--> statement-breakpoint
UPDATE "orders" o SET "customer_id" = c."id" FROM "customers" c WHERE c."phone" = o."customer_phone";--> statement-breakpoint
-- cedar_place_order (0003) now also links the order to its customer (found by phone, then email,
-- else created; the latest address kept), records who entered it and from where, and gives every
-- active admin their own notification. Same signature: head carries the new fields.
CREATE OR REPLACE FUNCTION cedar_place_order(stock jsonb, head jsonb, items jsonb, notification text)
RETURNS TABLE (id uuid, order_number text, status text, payment_status text, created_ms float8)
LANGUAGE plpgsql AS $$
DECLARE
  taken integer;
  placed record;
  customer uuid;
  buyer_email text := lower(head->>'customer_email');
BEGIN
  UPDATE products AS p SET stock_quantity = p.stock_quantity - w.quantity
    FROM jsonb_to_recordset(stock) AS w(id uuid, quantity integer, price numeric)
    WHERE p.id = w.id AND p.is_active AND p.price = w.price AND p.stock_quantity >= w.quantity;
  GET DIAGNOSTICS taken = ROW_COUNT;
  IF taken <> jsonb_array_length(stock) THEN
    RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'cedar:order-stock-guard';
  END IF;

  SELECT c.id INTO customer FROM customers c WHERE c.phone = head->>'customer_phone';
  IF customer IS NULL AND buyer_email IS NOT NULL THEN
    SELECT c.id INTO customer FROM customers c WHERE c.email = buyer_email AND c.anonymised_at IS NULL
      ORDER BY c.created_at LIMIT 1;
  END IF;
  IF customer IS NULL THEN
    -- ON CONFLICT: two first orders from one new number at once still make one customer.
    INSERT INTO customers AS c (name, phone, email, address)
      VALUES (head->>'customer_name', head->>'customer_phone', buyer_email, head->'shipping_address')
      ON CONFLICT (phone) DO UPDATE SET address = excluded.address, updated_at = now()
      RETURNING c.id INTO customer;
  ELSE
    -- Only when something changed: a repeat customer's usual order writes no new row version
    -- (PGlite has no autovacuum, and dead versions of one hot row slow every later lookup).
    UPDATE customers AS c SET address = head->'shipping_address', email = coalesce(c.email, buyer_email), updated_at = now()
      WHERE c.id = customer
        AND (c.address IS DISTINCT FROM head->'shipping_address' OR (c.email IS NULL AND buyer_email IS NOT NULL));
  END IF;

  INSERT INTO orders AS o (order_number, customer_name, customer_phone, customer_email, shipping_address,
      payment_method, notes, promo_code, subtotal, tax, shipping, discount, total, access_token,
      idempotency_key, request_hash, customer_id, source, created_by)
    VALUES ('CS-' || nextval('order_number_seq')::text, head->>'customer_name', head->>'customer_phone',
      head->>'customer_email', head->'shipping_address', head->>'payment_method', head->>'notes',
      head->>'promo_code', (head->>'subtotal')::numeric, (head->>'tax')::numeric, (head->>'shipping')::numeric,
      (head->>'discount')::numeric, (head->>'total')::numeric, head->>'access_token', head->>'idempotency_key',
      head->>'request_hash', customer, coalesce(head->>'source', 'checkout'), (head->>'created_by')::uuid)
    RETURNING o.id, o.order_number, o.status, o.payment_status, o.total, o.created_at INTO placed;

  INSERT INTO order_items (order_id, product_id, product_name, sku, image, unit_price, quantity,
      selected_variations, line_total, position)
    SELECT placed.id, l.product_id, l.product_name, l.sku, l.image, l.unit_price, l.quantity,
      l.selected_variations, l.line_total, l.position
    FROM jsonb_to_recordset(items) AS l(product_id uuid, product_name text, sku text, image text,
      unit_price numeric, quantity integer, selected_variations jsonb, line_total numeric, position integer);

  INSERT INTO order_status_history (order_id, from_status, to_status, changed_by)
    VALUES (placed.id, NULL, placed.status, (head->>'created_by')::uuid);

  INSERT INTO notifications (user_id, type, order_id, order_number, total_amount, status, title, message)
    SELECT u.id, 'new_order', placed.id, placed.order_number, placed.total, placed.status,
      'New order ' || placed.order_number, notification
    FROM users u WHERE u.role IN ('admin', 'super_admin') AND u.is_active;

  RETURN QUERY SELECT placed.id, placed.order_number, placed.status, placed.payment_status,
    floor(extract(epoch FROM placed.created_at) * 1000)::float8;
END
$$;
