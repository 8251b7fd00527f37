CREATE TABLE "subscription_periods" (
	"charge_id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"plan_id" text NOT NULL,
	"stars" integer NOT NULL,
	"allowance" integer NOT NULL,
	"starts_at" timestamp (3) with time zone NOT NULL,
	"ends_at" timestamp (3) with time zone NOT NULL,
	"status" text NOT NULL,
	"first" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"plan_id" text NOT NULL,
	"state" text NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	"charge_id" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"started_at" timestamp (3) with time zone NOT NULL,
	"cancelled_at" timestamp (3) with time zone,
	"ended_at" timestamp (3) with time zone,
	"end_notified_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE INDEX "subscription_periods_user_idx" ON "subscription_periods" USING btree ("user_id","ends_at");--> statement-breakpoint
CREATE INDEX "subscriptions_state_idx" ON "subscriptions" USING btree ("state","expires_at");