CREATE TABLE `content_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`bot_id` integer DEFAULT 1 NOT NULL,
	`order_id` text NOT NULL,
	`chat_id` integer NOT NULL,
	`message_id` integer NOT NULL,
	`reporter_id` integer NOT NULL,
	`owner_id` integer NOT NULL,
	`status` text NOT NULL,
	`created_at` integer NOT NULL,
	`resolved_by` integer,
	`resolved_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `content_reports_once_idx` ON `content_reports` (`bot_id`,`order_id`,`reporter_id`);--> statement-breakpoint
CREATE INDEX `content_reports_created_idx` ON `content_reports` (`bot_id`,`created_at`);