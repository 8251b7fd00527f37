CREATE TABLE `group_chats` (
	`bot_id` integer DEFAULT 1 NOT NULL,
	`chat_id` integer NOT NULL,
	`title` text NOT NULL,
	`member` integer NOT NULL,
	`enabled` integer,
	`daily_cap` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`bot_id`, `chat_id`)
);
