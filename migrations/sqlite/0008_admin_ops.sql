CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor_id` integer NOT NULL,
	`action` text NOT NULL,
	`target_user_id` integer,
	`details_json` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_log_created_idx` ON `audit_log` (`created_at`);--> statement-breakpoint
CREATE TABLE `broadcast_recipients` (
	`broadcast_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`error` text,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`broadcast_id`, `user_id`)
);
--> statement-breakpoint
CREATE INDEX `broadcast_recipients_status_idx` ON `broadcast_recipients` (`broadcast_id`,`status`,`user_id`);--> statement-breakpoint
CREATE TABLE `broadcasts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`created_by` integer NOT NULL,
	`admin_chat_id` integer NOT NULL,
	`locale` text NOT NULL,
	`content_json` text NOT NULL,
	`audience_json` text NOT NULL,
	`status` text NOT NULL,
	`active_slot` integer,
	`total` integer NOT NULL,
	`progress_message_id` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`finished_at` integer,
	`reported_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `broadcasts_one_active_idx` ON `broadcasts` (`active_slot`);--> statement-breakpoint
ALTER TABLE `users` ADD `language_code` text;--> statement-breakpoint
ALTER TABLE `users` ADD `banned_at` integer;