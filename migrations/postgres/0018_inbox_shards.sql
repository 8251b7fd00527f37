CREATE TABLE "inbox_replicas" (
	"owner" text PRIMARY KEY NOT NULL,
	"lease_until" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "update_inbox" ADD COLUMN "shard" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "update_inbox_shard_idx" ON "update_inbox" USING btree ("bot_id","shard","lane","update_id") WHERE "update_inbox"."done_at" is null;