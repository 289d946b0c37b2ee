-- Demo data marks (docs/product.md#demo-data): each row the demo seed writes keeps a fingerprint of
-- its content as seeded (src/server/db/demo-marks.ts). A row is demo while the fingerprint still
-- matches; once the merchant changes it, it is theirs and "Remove demo data" keeps it.
ALTER TABLE "products" ADD COLUMN "demo_hash" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "demo_hash" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "demo_hash" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "demo_hash" text;--> statement-breakpoint
ALTER TABLE "blog_categories" ADD COLUMN "demo_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "demo_hash" text;--> statement-breakpoint
-- Shops seeded before this migration: the demo reviewers' reviews were marked "verified purchase"
-- on a shop with no orders. They never were; and the reviewers and their reviews are marked as demo
-- now (as they are today, the fingerprints of demo-marks.ts).
UPDATE "reviews" SET "verified_purchase" = false
  WHERE "user_id" IN (SELECT "id" FROM "users" WHERE "email" LIKE 'demo-reviewer-%@example.com' AND "role" = 'customer');--> statement-breakpoint
UPDATE "users" AS t SET "demo_hash" = md5((to_jsonb(t) - '{updated_at,last_login_at,demo_hash}'::text[])::text)
  WHERE "email" LIKE 'demo-reviewer-%@example.com' AND "role" = 'customer';--> statement-breakpoint
UPDATE "reviews" AS t SET "demo_hash" = md5((to_jsonb(t) - '{updated_at,helpful_count,not_helpful_count,user_id,demo_hash}'::text[])::text)
  WHERE "user_id" IN (SELECT "id" FROM "users" WHERE "demo_hash" IS NOT NULL);
