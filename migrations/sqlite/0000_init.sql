CREATE TABLE `conversation_states` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `users` (
	`telegram_id` integer PRIMARY KEY NOT NULL,
	`first_name` text DEFAULT '' NOT NULL,
	`username` text,
	`locale` text,
	`role` text DEFAULT 'user' NOT NULL,
	`blocked` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`seen_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
