CREATE TABLE "promo_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"description" text,
	"discount_type" text NOT NULL,
	"discount_value" numeric(12, 2) NOT NULL,
	"applies_to" text DEFAULT 'order' NOT NULL,
	"product_skus" text[] DEFAULT '{}'::text[] NOT NULL,
	"category_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"minimum_order_amount" numeric(12, 2),
	"maximum_discount_amount" numeric(12, 2),
	"max_uses" integer DEFAULT 0 NOT NULL,
	"max_uses_per_customer" integer DEFAULT 0 NOT NULL,
	"current_uses" integer DEFAULT 0 NOT NULL,
	"start_date" date,
	"end_date" date,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_code_upper" CHECK ("promo_codes"."code" = upper("promo_codes"."code")),
	CONSTRAINT "promo_codes_discount_type" CHECK ("promo_codes"."discount_type" in ('percentage', 'fixed')),
	CONSTRAINT "promo_codes_applies_to" CHECK ("promo_codes"."applies_to" in ('order', 'product')),
	CONSTRAINT "promo_codes_discount_value" CHECK ("promo_codes"."discount_value" > 0 and ("promo_codes"."discount_type" = 'fixed' or "promo_codes"."discount_value" <= 100)),
	CONSTRAINT "promo_codes_uses_non_negative" CHECK ("promo_codes"."max_uses" >= 0 and "promo_codes"."max_uses_per_customer" >= 0 and "promo_codes"."current_uses" >= 0),
	CONSTRAINT "promo_codes_dates_ordered" CHECK ("promo_codes"."start_date" is null or "promo_codes"."end_date" is null or "promo_codes"."end_date" >= "promo_codes"."start_date")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promo_code_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promo_discount_type" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promo_discount_value" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promo_use_counted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_unique" ON "promo_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "promo_codes_created_idx" ON "promo_codes" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_promo_code_idx" ON "orders" USING btree ("promo_code_id","created_at");