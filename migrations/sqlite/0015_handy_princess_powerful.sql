CREATE TABLE `upload_sources` (
	`path` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`telegram_file_id` text NOT NULL,
	`telegram_file_unique_id` text NOT NULL,
	`file_name` text,
	`mime_type` text,
	`created_at` integer NOT NULL
);
