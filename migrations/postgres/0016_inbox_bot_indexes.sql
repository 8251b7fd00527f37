DROP INDEX "update_inbox_lane_idx";--> statement-breakpoint
DROP INDEX "update_inbox_pending_idx";--> statement-breakpoint
CREATE INDEX "update_inbox_lane_idx" ON "update_inbox" USING btree ("bot_id","lane","update_id") WHERE "update_inbox"."done_at" is null;--> statement-breakpoint
CREATE INDEX "update_inbox_pending_idx" ON "update_inbox" USING btree ("bot_id","update_id") WHERE "update_inbox"."done_at" is null;