CREATE TABLE "reminders" (
	"bot_id" integer DEFAULT 1 NOT NULL,
	"key" text NOT NULL,
	"user_id" bigint NOT NULL,
	"rule" text NOT NULL,
	"subject" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"sent_at" timestamp (3) with time zone,
	"note" text,
	CONSTRAINT "reminders_bot_id_key_pk" PRIMARY KEY("bot_id","key")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reminders_off" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "reminders_status_idx" ON "reminders" USING btree ("bot_id","status","created_at");--> statement-breakpoint
CREATE INDEX "reminders_user_idx" ON "reminders" USING btree ("bot_id","user_id","sent_at");