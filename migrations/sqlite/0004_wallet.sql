CREATE TABLE `star_topups` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`chat_id` integer NOT NULL,
	`stars` integer NOT NULL,
	`status` text NOT NULL,
	`order_id` text,
	`charge_id` text,
	`refund_attempts` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`paid_at` integer,
	`notified_at` integer,
	`refunded_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `star_topups_charge_id_unique` ON `star_topups` (`charge_id`);--> statement-breakpoint
CREATE INDEX `star_topups_user_idx` ON `star_topups` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `wallet_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`delta` integer NOT NULL,
	`stars` integer NOT NULL,
	`order_id` text,
	`charge_id` text,
	`actor_id` integer,
	`note` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `wallet_entries_key_unique` ON `wallet_entries` (`key`);--> statement-breakpoint
CREATE INDEX `wallet_entries_user_idx` ON `wallet_entries` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `wallet_entries_order_idx` ON `wallet_entries` (`order_id`);--> statement-breakpoint
CREATE INDEX `wallet_entries_kind_idx` ON `wallet_entries` (`kind`,`created_at`);--> statement-breakpoint
ALTER TABLE `orders` ADD `price_stars` integer;