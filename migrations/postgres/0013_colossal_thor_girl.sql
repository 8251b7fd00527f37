-- Issue 38: a subscription is the chain of charges of one paid plan link, named by its first charge,
-- and keeps the terms of its first payment. Existing rows are migrated in place: each period joins
-- the chain of the latest first payment (is_first_recurring) of its customer at or before it (a
-- customer's earliest period if none); each subscription takes the id of its current period's chain,
-- the payload its invoices had (s:<plan>:<user>), and the terms of that chain's first payment (its
-- price and the allowance it credited); the period is Telegram's only one, 30 days.
CREATE TABLE "subscription_checkouts" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"payload" text NOT NULL,
	"approved_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscription_periods" ADD COLUMN "subscription_id" text;--> statement-breakpoint
UPDATE "subscription_periods" p SET "subscription_id" = CASE WHEN p."first" THEN p."charge_id" ELSE coalesce(
	(SELECT f."charge_id" FROM "subscription_periods" f WHERE f."user_id" = p."user_id" AND f."first" AND f."starts_at" <= p."starts_at" ORDER BY f."starts_at" DESC, f."charge_id" DESC LIMIT 1),
	(SELECT e."charge_id" FROM "subscription_periods" e WHERE e."user_id" = p."user_id" ORDER BY e."starts_at", e."charge_id" LIMIT 1)
) END;--> statement-breakpoint
ALTER TABLE "subscription_periods" ALTER COLUMN "subscription_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "payload" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "price_stars" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "allowance_stars" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "period_seconds" integer;--> statement-breakpoint
UPDATE "subscriptions" s SET
	"id" = coalesce((SELECT c."subscription_id" FROM "subscription_periods" c WHERE c."charge_id" = s."charge_id"), s."charge_id"),
	"payload" = 's:' || s."plan_id" || ':' || s."user_id",
	"period_seconds" = 2592000;--> statement-breakpoint
UPDATE "subscriptions" s SET
	"price_stars" = coalesce((SELECT f."stars" FROM "subscription_periods" f WHERE f."charge_id" = s."id"), (SELECT c."stars" FROM "subscription_periods" c WHERE c."charge_id" = s."charge_id"), 0),
	"allowance_stars" = coalesce((SELECT f."allowance" FROM "subscription_periods" f WHERE f."charge_id" = s."id"), (SELECT c."allowance" FROM "subscription_periods" c WHERE c."charge_id" = s."charge_id"), 0);--> statement-breakpoint
ALTER TABLE "subscriptions" DROP CONSTRAINT "subscriptions_pkey";--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "payload" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "price_stars" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "allowance_stars" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "period_seconds" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD PRIMARY KEY ("id");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id","payload");
