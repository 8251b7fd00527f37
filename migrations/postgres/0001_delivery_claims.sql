ALTER TABLE "orders" ADD COLUMN "delivery_owner" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_lease_until" timestamp (3) with time zone;