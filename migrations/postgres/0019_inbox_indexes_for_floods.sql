DROP INDEX "update_inbox_pending_idx";--> statement-breakpoint
DROP INDEX "update_inbox_shard_idx";--> statement-breakpoint
DROP INDEX "update_inbox_done_idx";--> statement-breakpoint
CREATE INDEX "update_inbox_payment_idx" ON "update_inbox" USING btree ("bot_id","lane","update_id") WHERE "update_inbox"."done_at" is null and (lane like 'checkout:%' or lane like '%:payment');--> statement-breakpoint
CREATE INDEX "update_inbox_done_idx" ON "update_inbox" USING btree ("done_at") WHERE "update_inbox"."done_at" is not null;