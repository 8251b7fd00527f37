CREATE TABLE "subscription_signals" (
	"bot_id" integer DEFAULT 1 NOT NULL,
	"update_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"subscription_id" text,
	"state" text NOT NULL,
	"received_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "subscription_signals_bot_id_update_id_pk" PRIMARY KEY("bot_id","update_id")
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "cancelled_in_telegram" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "renewal_failed_at" timestamp (3) with time zone;