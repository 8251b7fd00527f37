CREATE TABLE "poll_budget" (
	"second" bigint PRIMARY KEY NOT NULL,
	"used" integer NOT NULL,
	"last_grant" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "update_inbox" (
	"update_id" bigint PRIMARY KEY NOT NULL,
	"lane" text NOT NULL,
	"control" boolean DEFAULT false NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp (3) with time zone NOT NULL,
	"owner" text,
	"lease_until" timestamp (3) with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"done_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE INDEX "update_inbox_lane_idx" ON "update_inbox" USING btree ("lane","update_id") WHERE "update_inbox"."done_at" is null;--> statement-breakpoint
CREATE INDEX "update_inbox_pending_idx" ON "update_inbox" USING btree ("update_id") WHERE "update_inbox"."done_at" is null;--> statement-breakpoint
CREATE INDEX "update_inbox_done_idx" ON "update_inbox" USING btree ("done_at");