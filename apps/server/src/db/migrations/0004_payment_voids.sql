ALTER TABLE "product_orders" ADD COLUMN "paid_by_payment_id" integer;--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "voided_at" timestamp with time zone;