-- How an order's parcel travels (docs/product.md#tracking): the carrier given with "Mark shipped",
-- an optional tracking number and an optional https link to the carrier's tracking page.
ALTER TABLE "orders" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_url" text;