CREATE TABLE `subscription_signals` (
	`bot_id` integer DEFAULT 1 NOT NULL,
	`update_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`subscription_id` text,
	`state` text NOT NULL,
	`received_at` integer NOT NULL,
	PRIMARY KEY(`bot_id`, `update_id`)
);
--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `cancelled_in_telegram` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `renewal_failed_at` integer;