-- When a shipped order went out for delivery (docs/product.md#out-for-delivery): a step of a
-- shipped order, not a status; set once by POST /admin/orders/{id}/out-for-delivery. Numbered 0025
-- and independent of 0024 (reserved for other work); its journal "when" is 0023's + 1 so that
-- drizzle's migrator, which applies an entry only when its "when" is later than the newest applied
-- one, still applies 0024 on a database that ran this first (docs/architecture.md#data).
ALTER TABLE "orders" ADD COLUMN "out_for_delivery_at" timestamp with time zone;
