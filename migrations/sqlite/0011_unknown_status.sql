ALTER TABLE `orders` ADD `unknown_status_since` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `unknown_status_reported_at` integer;