ALTER TABLE `orders` ADD `result_files_json` text;--> statement-breakpoint
ALTER TABLE `users` ADD `prompt_in_caption` integer DEFAULT false NOT NULL;