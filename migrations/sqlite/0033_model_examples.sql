CREATE TABLE `model_examples` (
	`id` text PRIMARY KEY NOT NULL,
	`bot_id` integer DEFAULT 1 NOT NULL,
	`model_id` integer NOT NULL,
	`source` text NOT NULL,
	`order_id` text,
	`file_index` integer,
	`owner_user_id` integer,
	`state` text NOT NULL,
	`kind` text NOT NULL,
	`file_id` text NOT NULL,
	`preview_file_id` text,
	`position` integer NOT NULL,
	`added_by` integer NOT NULL,
	`created_at` integer NOT NULL,
	`decided_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `model_examples_result_idx` ON `model_examples` (`bot_id`,`order_id`,`file_index`);--> statement-breakpoint
CREATE INDEX `model_examples_model_idx` ON `model_examples` (`bot_id`,`model_id`,`position`);