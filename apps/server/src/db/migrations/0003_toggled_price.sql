ALTER TABLE "product_orders" ADD COLUMN "toggled_price_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_orders" ADD CONSTRAINT "product_orders_toggled_price_check" CHECK ("product_orders"."toggled_price_cents" >= 0);--> statement-breakpoint
-- Menu courses ordered before this migration: charged on their own at their dish's list price (the options'
-- share of a course's price was not kept apart, so it cannot be worked out here).
UPDATE "product_orders" AS "line" SET "toggled_price_cents" = "dish"."price_cents"
FROM "products" AS "dish"
WHERE "line"."parent_id" IS NOT NULL AND "dish"."venue_id" = "line"."venue_id" AND "dish"."id" = "line"."product_id";
