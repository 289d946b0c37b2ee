-- When a shipped order went out for delivery (docs/product.md#out-for-delivery): a step of a
-- shipped order, not a status; set once by POST /admin/orders/{id}/out-for-delivery. Numbered 0025
-- and independent of 0024 (reserved for other work): see docs/architecture.md#data for merging the two.
ALTER TABLE "orders" ADD COLUMN "out_for_delivery_at" timestamp with time zone;
