ALTER TABLE "orders" ADD COLUMN "unknown_status_since" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "unknown_status_reported_at" timestamp (3) with time zone;