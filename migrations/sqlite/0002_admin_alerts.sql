CREATE TABLE `admin_alerts` (
	`kind` text PRIMARY KEY NOT NULL,
	`active` integer DEFAULT false NOT NULL,
	`last_sent_at` integer,
	`updated_at` integer NOT NULL
);
