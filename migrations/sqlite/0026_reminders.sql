CREATE TABLE `reminders` (
	`bot_id` integer DEFAULT 1 NOT NULL,
	`key` text NOT NULL,
	`user_id` integer NOT NULL,
	`rule` text NOT NULL,
	`subject` text NOT NULL,
	`status` text NOT NULL,
	`created_at` integer NOT NULL,
	`sent_at` integer,
	`note` text,
	PRIMARY KEY(`bot_id`, `key`)
);
--> statement-breakpoint
CREATE INDEX `reminders_status_idx` ON `reminders` (`bot_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `reminders_user_idx` ON `reminders` (`bot_id`,`user_id`,`sent_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `reminders_off` integer DEFAULT false NOT NULL;