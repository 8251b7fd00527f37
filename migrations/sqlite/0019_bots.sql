CREATE TABLE `bots` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`telegram_id` integer,
	`username` text,
	`token_sealed` text,
	`status` text DEFAULT 'active' NOT NULL,
	`daily_cap_usd` text,
	`created_by` integer,
	`managed` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bots_telegram_id_unique` ON `bots` (`telegram_id`);--> statement-breakpoint
-- The main bot (BOT_TOKEN) is row 1: every record already stored belongs to it.
INSERT INTO `bots` (`status`) VALUES ('active');
