-- The demo's six months of made-up orders (src/server/db/seed/demo-orders.ts), their shoppers and
-- the launch offer some used are marked, so the admin can badge them and "Remove demo data"
-- deletes exactly them (docs/product.md#demo-data). Existing rows are the merchant's: false.
ALTER TABLE "customers" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;
