-- Every customer record belongs to one bot (issue 40). What was stored before belongs to the main
-- bot, row 1 of bots. Unique keys now hold within one bot.
DROP INDEX `audit_log_created_idx`;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `bot_id` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX `audit_log_created_idx` ON `audit_log` (`bot_id`,`created_at`);--> statement-breakpoint
DROP INDEX `broadcasts_one_active_idx`;--> statement-breakpoint
ALTER TABLE `broadcasts` ADD `bot_id` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `broadcasts_one_active_idx` ON `broadcasts` (`bot_id`,`active_slot`);--> statement-breakpoint
DROP INDEX `campaigns_code_unique`;--> statement-breakpoint
ALTER TABLE `campaigns` ADD `bot_id` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `campaigns_code_unique` ON `campaigns` (`bot_id`,`code`);--> statement-breakpoint
DROP INDEX `orders_idempotency_key_unique`;--> statement-breakpoint
DROP INDEX `orders_upstream_order_id_unique`;--> statement-breakpoint
DROP INDEX `orders_chat_idx`;--> statement-breakpoint
ALTER TABLE `orders` ADD `bot_id` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_idempotency_key_unique` ON `orders` (`bot_id`,`idempotency_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_upstream_order_id_unique` ON `orders` (`bot_id`,`upstream_order_id`);--> statement-breakpoint
CREATE INDEX `orders_chat_idx` ON `orders` (`bot_id`,`chat_id`,`created_at`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_promo_redemptions` (
	`bot_id` integer DEFAULT 1 NOT NULL,
	`code` text NOT NULL,
	`user_id` integer NOT NULL,
	`stars` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`bot_id`, `code`, `user_id`)
);
--> statement-breakpoint
INSERT INTO `__new_promo_redemptions`("bot_id", "code", "user_id", "stars", "created_at") SELECT 1, "code", "user_id", "stars", "created_at" FROM `promo_redemptions`;--> statement-breakpoint
DROP TABLE `promo_redemptions`;--> statement-breakpoint
ALTER TABLE `__new_promo_redemptions` RENAME TO `promo_redemptions`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `promo_redemptions_user_idx` ON `promo_redemptions` (`bot_id`,`user_id`);--> statement-breakpoint
DROP INDEX `star_topups_charge_id_unique`;--> statement-breakpoint
DROP INDEX `star_topups_user_idx`;--> statement-breakpoint
ALTER TABLE `star_topups` ADD `bot_id` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `star_topups_charge_id_unique` ON `star_topups` (`bot_id`,`charge_id`);--> statement-breakpoint
CREATE INDEX `star_topups_user_idx` ON `star_topups` (`bot_id`,`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `__new_subscription_periods` (
	`bot_id` integer DEFAULT 1 NOT NULL,
	`charge_id` text NOT NULL,
	`user_id` integer NOT NULL,
	`subscription_id` text NOT NULL,
	`plan_id` text NOT NULL,
	`stars` integer NOT NULL,
	`allowance` integer NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`status` text NOT NULL,
	`first` integer NOT NULL,
	PRIMARY KEY(`bot_id`, `charge_id`)
);
--> statement-breakpoint
INSERT INTO `__new_subscription_periods`("bot_id", "charge_id", "user_id", "subscription_id", "plan_id", "stars", "allowance", "starts_at", "ends_at", "status", "first") SELECT 1, "charge_id", "user_id", "subscription_id", "plan_id", "stars", "allowance", "starts_at", "ends_at", "status", "first" FROM `subscription_periods`;--> statement-breakpoint
DROP TABLE `subscription_periods`;--> statement-breakpoint
ALTER TABLE `__new_subscription_periods` RENAME TO `subscription_periods`;--> statement-breakpoint
CREATE INDEX `subscription_periods_user_idx` ON `subscription_periods` (`bot_id`,`user_id`,`ends_at`);--> statement-breakpoint
DROP INDEX `subscriptions_user_idx`;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `bot_id` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX `subscriptions_user_idx` ON `subscriptions` (`bot_id`,`user_id`,`payload`);--> statement-breakpoint
CREATE TABLE `__new_users` (
	`bot_id` integer DEFAULT 1 NOT NULL,
	`telegram_id` integer NOT NULL,
	`first_name` text DEFAULT '' NOT NULL,
	`username` text,
	`locale` text,
	`role` text DEFAULT 'user' NOT NULL,
	`language_code` text,
	`blocked` integer DEFAULT false NOT NULL,
	`banned_at` integer,
	`prompt_in_caption` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`seen_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`created_update_id` integer,
	`referral_code` text,
	`referred_by` integer,
	`campaign_id` integer,
	`attributed_at` integer,
	PRIMARY KEY(`bot_id`, `telegram_id`)
);
--> statement-breakpoint
INSERT INTO `__new_users`("bot_id", "telegram_id", "first_name", "username", "locale", "role", "language_code", "blocked", "banned_at", "prompt_in_caption", "created_at", "seen_at", "created_update_id", "referral_code", "referred_by", "campaign_id", "attributed_at") SELECT 1, "telegram_id", "first_name", "username", "locale", "role", "language_code", "blocked", "banned_at", "prompt_in_caption", "created_at", "seen_at", "created_update_id", "referral_code", "referred_by", "campaign_id", "attributed_at" FROM `users`;--> statement-breakpoint
DROP TABLE `users`;--> statement-breakpoint
ALTER TABLE `__new_users` RENAME TO `users`;--> statement-breakpoint
CREATE UNIQUE INDEX `users_referral_code_unique` ON `users` (`bot_id`,`referral_code`);--> statement-breakpoint
DROP INDEX `wallet_entries_key_unique`;--> statement-breakpoint
DROP INDEX `wallet_entries_user_idx`;--> statement-breakpoint
ALTER TABLE `wallet_entries` ADD `bot_id` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `wallet_entries_key_unique` ON `wallet_entries` (`bot_id`,`key`);--> statement-breakpoint
CREATE INDEX `wallet_entries_user_idx` ON `wallet_entries` (`bot_id`,`user_id`,`id`);--> statement-breakpoint
CREATE TABLE `__new_broadcast_recipients` (
	`bot_id` integer DEFAULT 1 NOT NULL,
	`broadcast_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`error` text,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`bot_id`, `broadcast_id`, `user_id`)
);
--> statement-breakpoint
INSERT INTO `__new_broadcast_recipients`("bot_id", "broadcast_id", "user_id", "status", "attempts", "error", "updated_at") SELECT 1, "broadcast_id", "user_id", "status", "attempts", "error", "updated_at" FROM `broadcast_recipients`;--> statement-breakpoint
DROP TABLE `broadcast_recipients`;--> statement-breakpoint
ALTER TABLE `__new_broadcast_recipients` RENAME TO `broadcast_recipients`;--> statement-breakpoint
CREATE INDEX `broadcast_recipients_status_idx` ON `broadcast_recipients` (`broadcast_id`,`status`,`user_id`);--> statement-breakpoint
CREATE TABLE `__new_admin_alerts` (
	`bot_id` integer DEFAULT 1 NOT NULL,
	`kind` text NOT NULL,
	`active` integer DEFAULT false NOT NULL,
	`last_sent_at` integer,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`bot_id`, `kind`)
);
--> statement-breakpoint
INSERT INTO `__new_admin_alerts`("bot_id", "kind", "active", "last_sent_at", "updated_at") SELECT 1, "kind", "active", "last_sent_at", "updated_at" FROM `admin_alerts`;--> statement-breakpoint
DROP TABLE `admin_alerts`;--> statement-breakpoint
ALTER TABLE `__new_admin_alerts` RENAME TO `admin_alerts`;--> statement-breakpoint
CREATE TABLE `__new_conversation_states` (
	`bot_id` integer DEFAULT 1 NOT NULL,
	`key` text NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`bot_id`, `key`)
);
--> statement-breakpoint
INSERT INTO `__new_conversation_states`("bot_id", "key", "value", "updated_at") SELECT 1, "key", "value", "updated_at" FROM `conversation_states`;--> statement-breakpoint
DROP TABLE `conversation_states`;--> statement-breakpoint
ALTER TABLE `__new_conversation_states` RENAME TO `conversation_states`;--> statement-breakpoint
CREATE TABLE `__new_live_settings` (
	`bot_id` integer DEFAULT 1 NOT NULL,
	`id` integer NOT NULL,
	`version` integer NOT NULL,
	`markup_percent` text,
	`welcome_stars` integer,
	`topup_packs_json` text,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`bot_id`, `id`)
);
--> statement-breakpoint
INSERT INTO `__new_live_settings`("bot_id", "id", "version", "markup_percent", "welcome_stars", "topup_packs_json", "updated_at") SELECT 1, "id", "version", "markup_percent", "welcome_stars", "topup_packs_json", "updated_at" FROM `live_settings`;--> statement-breakpoint
DROP TABLE `live_settings`;--> statement-breakpoint
ALTER TABLE `__new_live_settings` RENAME TO `live_settings`;--> statement-breakpoint
CREATE TABLE `__new_model_settings` (
	`bot_id` integer DEFAULT 1 NOT NULL,
	`model_id` integer NOT NULL,
	`offered` integer,
	`name_en` text,
	`name_ru` text,
	`description_en` text,
	`description_ru` text,
	`price_kind` text NOT NULL,
	`price_markup_percent` text,
	`price_stars` integer,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`bot_id`, `model_id`)
);
--> statement-breakpoint
INSERT INTO `__new_model_settings`("bot_id", "model_id", "offered", "name_en", "name_ru", "description_en", "description_ru", "price_kind", "price_markup_percent", "price_stars", "updated_at") SELECT 1, "model_id", "offered", "name_en", "name_ru", "description_en", "description_ru", "price_kind", "price_markup_percent", "price_stars", "updated_at" FROM `model_settings`;--> statement-breakpoint
DROP TABLE `model_settings`;--> statement-breakpoint
ALTER TABLE `__new_model_settings` RENAME TO `model_settings`;--> statement-breakpoint
CREATE TABLE `__new_promo_codes` (
	`bot_id` integer DEFAULT 1 NOT NULL,
	`code` text NOT NULL,
	`stars` integer NOT NULL,
	`uses` integer NOT NULL,
	`used` integer DEFAULT 0 NOT NULL,
	`expires_at` integer,
	`disabled_at` integer,
	`created_by` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`bot_id`, `code`)
);
--> statement-breakpoint
INSERT INTO `__new_promo_codes`("bot_id", "code", "stars", "uses", "used", "expires_at", "disabled_at", "created_by", "created_at") SELECT 1, "code", "stars", "uses", "used", "expires_at", "disabled_at", "created_by", "created_at" FROM `promo_codes`;--> statement-breakpoint
DROP TABLE `promo_codes`;--> statement-breakpoint
ALTER TABLE `__new_promo_codes` RENAME TO `promo_codes`;--> statement-breakpoint
CREATE TABLE `__new_promo_misses` (
	`bot_id` integer DEFAULT 1 NOT NULL,
	`user_id` integer NOT NULL,
	`window_start` integer NOT NULL,
	`misses` integer NOT NULL,
	PRIMARY KEY(`bot_id`, `user_id`)
);
--> statement-breakpoint
INSERT INTO `__new_promo_misses`("bot_id", "user_id", "window_start", "misses") SELECT 1, "user_id", "window_start", "misses" FROM `promo_misses`;--> statement-breakpoint
DROP TABLE `promo_misses`;--> statement-breakpoint
ALTER TABLE `__new_promo_misses` RENAME TO `promo_misses`;--> statement-breakpoint
CREATE TABLE `__new_subscription_checkouts` (
	`bot_id` integer DEFAULT 1 NOT NULL,
	`user_id` integer NOT NULL,
	`payload` text NOT NULL,
	`approved_at` integer NOT NULL,
	PRIMARY KEY(`bot_id`, `user_id`)
);
--> statement-breakpoint
INSERT INTO `__new_subscription_checkouts`("bot_id", "user_id", "payload", "approved_at") SELECT 1, "user_id", "payload", "approved_at" FROM `subscription_checkouts`;--> statement-breakpoint
DROP TABLE `subscription_checkouts`;--> statement-breakpoint
ALTER TABLE `__new_subscription_checkouts` RENAME TO `subscription_checkouts`;--> statement-breakpoint
CREATE TABLE `__new_update_inbox` (
	`bot_id` integer DEFAULT 1 NOT NULL,
	`update_id` integer NOT NULL,
	`lane` text NOT NULL,
	`control` integer DEFAULT false NOT NULL,
	`payload` text NOT NULL,
	`received_at` integer NOT NULL,
	`owner` text,
	`lease_until` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`cancel_requested` integer DEFAULT false NOT NULL,
	`done_at` integer,
	PRIMARY KEY(`bot_id`, `update_id`)
);
--> statement-breakpoint
INSERT INTO `__new_update_inbox`("bot_id", "update_id", "lane", "control", "payload", "received_at", "owner", "lease_until", "attempts", "cancel_requested", "done_at") SELECT 1, "update_id", "lane", "control", "payload", "received_at", "owner", "lease_until", "attempts", "cancel_requested", "done_at" FROM `update_inbox`;--> statement-breakpoint
DROP TABLE `update_inbox`;--> statement-breakpoint
ALTER TABLE `__new_update_inbox` RENAME TO `update_inbox`;--> statement-breakpoint
CREATE INDEX `update_inbox_lane_idx` ON `update_inbox` (`lane`,`update_id`) WHERE "update_inbox"."done_at" is null;--> statement-breakpoint
CREATE INDEX `update_inbox_pending_idx` ON `update_inbox` (`update_id`) WHERE "update_inbox"."done_at" is null;--> statement-breakpoint
CREATE INDEX `update_inbox_done_idx` ON `update_inbox` (`done_at`);--> statement-breakpoint
CREATE TABLE `__new_upload_sources` (
	`bot_id` integer DEFAULT 1 NOT NULL,
	`path` text NOT NULL,
	`kind` text NOT NULL,
	`telegram_file_id` text NOT NULL,
	`telegram_file_unique_id` text NOT NULL,
	`file_name` text,
	`mime_type` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`bot_id`, `path`)
);
--> statement-breakpoint
INSERT INTO `__new_upload_sources`("bot_id", "path", "kind", "telegram_file_id", "telegram_file_unique_id", "file_name", "mime_type", "created_at") SELECT 1, "path", "kind", "telegram_file_id", "telegram_file_unique_id", "file_name", "mime_type", "created_at" FROM `upload_sources`;--> statement-breakpoint
DROP TABLE `upload_sources`;--> statement-breakpoint
ALTER TABLE `__new_upload_sources` RENAME TO `upload_sources`;