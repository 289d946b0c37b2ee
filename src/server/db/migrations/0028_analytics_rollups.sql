CREATE TABLE "analytics_customers" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"first_day" date NOT NULL,
	"orders" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_order_days" (
	"day" date NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"payment_status" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"refunded_cents" bigint DEFAULT 0 NOT NULL,
	"refunded_orders" integer DEFAULT 0 NOT NULL,
	"discount_cents" bigint DEFAULT 0 NOT NULL,
	"tax_cents" bigint DEFAULT 0 NOT NULL,
	"shipping_cents" bigint DEFAULT 0 NOT NULL,
	"promo_orders" integer DEFAULT 0 NOT NULL,
	"promo_revenue_cents" bigint DEFAULT 0 NOT NULL,
	"delivered_orders" integer DEFAULT 0 NOT NULL,
	"delivery_seconds" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_order_days_day_source_status_payment_status_pk" PRIMARY KEY("day","source","status","payment_status")
);
--> statement-breakpoint
CREATE TABLE "analytics_product_days" (
	"day" date NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_product_days_day_product_id_variant_id_pk" PRIMARY KEY("day","product_id","variant_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_product_months" (
	"month" date NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_product_months_month_product_id_variant_id_pk" PRIMARY KEY("month","product_id","variant_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_state" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"time_zone" text DEFAULT 'Asia/Beirut' NOT NULL,
	"rebuilt_at" timestamp with time zone,
	CONSTRAINT "analytics_state_one_row" CHECK ("analytics_state"."id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "analytics_customers_first_day_idx" ON "analytics_customers" USING btree ("first_day");--> statement-breakpoint
CREATE INDEX "analytics_product_days_product_idx" ON "analytics_product_days" USING btree ("product_id","day");