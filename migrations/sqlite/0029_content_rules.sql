CREATE TABLE `content_blocks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`bot_id` integer DEFAULT 1 NOT NULL,
	`user_id` integer NOT NULL,
	`chat_id` integer NOT NULL,
	`place` text NOT NULL,
	`line` text NOT NULL,
	`description` text NOT NULL,
	`banned` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `content_blocks_user_idx` ON `content_blocks` (`bot_id`,`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `content_blocks_created_idx` ON `content_blocks` (`bot_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `content_rules` (
	`bot_id` integer PRIMARY KEY DEFAULT 1 NOT NULL,
	`version` integer NOT NULL,
	`rules_json` text NOT NULL,
	`updated_at` integer NOT NULL
);
