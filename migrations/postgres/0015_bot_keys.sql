-- Every customer record belongs to one bot (issue 40). What was stored before belongs to the main
-- bot, row 1 of bots: the column's default fills it in. Unique keys now hold within one bot.
ALTER TABLE "admin_alerts" ADD COLUMN "bot_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "bot_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "broadcast_recipients" ADD COLUMN "bot_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD COLUMN "bot_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "bot_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_states" ADD COLUMN "bot_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "live_settings" ADD COLUMN "bot_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "model_settings" ADD COLUMN "bot_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "bot_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "bot_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_misses" ADD COLUMN "bot_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD COLUMN "bot_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "star_topups" ADD COLUMN "bot_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_checkouts" ADD COLUMN "bot_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_periods" ADD COLUMN "bot_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "bot_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "update_inbox" ADD COLUMN "bot_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "upload_sources" ADD COLUMN "bot_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bot_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD COLUMN "bot_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" DROP CONSTRAINT "campaigns_code_unique";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_idempotency_key_unique";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_upstream_order_id_unique";--> statement-breakpoint
ALTER TABLE "star_topups" DROP CONSTRAINT "star_topups_charge_id_unique";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_referral_code_unique";--> statement-breakpoint
ALTER TABLE "wallet_entries" DROP CONSTRAINT "wallet_entries_key_unique";--> statement-breakpoint
ALTER TABLE "broadcast_recipients" DROP CONSTRAINT "broadcast_recipients_broadcast_id_user_id_pk";--> statement-breakpoint
ALTER TABLE "promo_redemptions" DROP CONSTRAINT "promo_redemptions_code_user_id_pk";--> statement-breakpoint
ALTER TABLE "admin_alerts" DROP CONSTRAINT "admin_alerts_pkey";--> statement-breakpoint
ALTER TABLE "conversation_states" DROP CONSTRAINT "conversation_states_pkey";--> statement-breakpoint
ALTER TABLE "live_settings" DROP CONSTRAINT "live_settings_pkey";--> statement-breakpoint
ALTER TABLE "model_settings" DROP CONSTRAINT "model_settings_pkey";--> statement-breakpoint
ALTER TABLE "promo_codes" DROP CONSTRAINT "promo_codes_pkey";--> statement-breakpoint
ALTER TABLE "promo_misses" DROP CONSTRAINT "promo_misses_pkey";--> statement-breakpoint
ALTER TABLE "subscription_checkouts" DROP CONSTRAINT "subscription_checkouts_pkey";--> statement-breakpoint
ALTER TABLE "subscription_periods" DROP CONSTRAINT "subscription_periods_pkey";--> statement-breakpoint
ALTER TABLE "update_inbox" DROP CONSTRAINT "update_inbox_pkey";--> statement-breakpoint
ALTER TABLE "upload_sources" DROP CONSTRAINT "upload_sources_pkey";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_pkey";--> statement-breakpoint
DROP INDEX "audit_log_created_idx";--> statement-breakpoint
DROP INDEX "broadcasts_one_active_idx";--> statement-breakpoint
DROP INDEX "orders_chat_idx";--> statement-breakpoint
DROP INDEX "promo_redemptions_user_idx";--> statement-breakpoint
DROP INDEX "star_topups_user_idx";--> statement-breakpoint
DROP INDEX "subscription_periods_user_idx";--> statement-breakpoint
DROP INDEX "subscriptions_user_idx";--> statement-breakpoint
DROP INDEX "wallet_entries_user_idx";--> statement-breakpoint
ALTER TABLE "admin_alerts" ADD CONSTRAINT "admin_alerts_bot_id_kind_pk" PRIMARY KEY("bot_id","kind");--> statement-breakpoint
ALTER TABLE "broadcast_recipients" ADD CONSTRAINT "broadcast_recipients_bot_id_broadcast_id_user_id_pk" PRIMARY KEY("bot_id","broadcast_id","user_id");--> statement-breakpoint
ALTER TABLE "conversation_states" ADD CONSTRAINT "conversation_states_bot_id_key_pk" PRIMARY KEY("bot_id","key");--> statement-breakpoint
ALTER TABLE "live_settings" ADD CONSTRAINT "live_settings_bot_id_id_pk" PRIMARY KEY("bot_id","id");--> statement-breakpoint
ALTER TABLE "model_settings" ADD CONSTRAINT "model_settings_bot_id_model_id_pk" PRIMARY KEY("bot_id","model_id");--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_bot_id_code_pk" PRIMARY KEY("bot_id","code");--> statement-breakpoint
ALTER TABLE "promo_misses" ADD CONSTRAINT "promo_misses_bot_id_user_id_pk" PRIMARY KEY("bot_id","user_id");--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_bot_id_code_user_id_pk" PRIMARY KEY("bot_id","code","user_id");--> statement-breakpoint
ALTER TABLE "subscription_checkouts" ADD CONSTRAINT "subscription_checkouts_bot_id_user_id_pk" PRIMARY KEY("bot_id","user_id");--> statement-breakpoint
ALTER TABLE "subscription_periods" ADD CONSTRAINT "subscription_periods_bot_id_charge_id_pk" PRIMARY KEY("bot_id","charge_id");--> statement-breakpoint
ALTER TABLE "update_inbox" ADD CONSTRAINT "update_inbox_bot_id_update_id_pk" PRIMARY KEY("bot_id","update_id");--> statement-breakpoint
ALTER TABLE "upload_sources" ADD CONSTRAINT "upload_sources_bot_id_path_pk" PRIMARY KEY("bot_id","path");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_bot_id_telegram_id_pk" PRIMARY KEY("bot_id","telegram_id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_code_unique" ON "campaigns" USING btree ("bot_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_key_unique" ON "orders" USING btree ("bot_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_upstream_order_id_unique" ON "orders" USING btree ("bot_id","upstream_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "star_topups_charge_id_unique" ON "star_topups" USING btree ("bot_id","charge_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_referral_code_unique" ON "users" USING btree ("bot_id","referral_code");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_entries_key_unique" ON "wallet_entries" USING btree ("bot_id","key");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("bot_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "broadcasts_one_active_idx" ON "broadcasts" USING btree ("bot_id","active_slot");--> statement-breakpoint
CREATE INDEX "orders_chat_idx" ON "orders" USING btree ("bot_id","chat_id","created_at");--> statement-breakpoint
CREATE INDEX "promo_redemptions_user_idx" ON "promo_redemptions" USING btree ("bot_id","user_id");--> statement-breakpoint
CREATE INDEX "star_topups_user_idx" ON "star_topups" USING btree ("bot_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "subscription_periods_user_idx" ON "subscription_periods" USING btree ("bot_id","user_id","ends_at");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("bot_id","user_id","payload");--> statement-breakpoint
CREATE INDEX "wallet_entries_user_idx" ON "wallet_entries" USING btree ("bot_id","user_id","id");
