ALTER TABLE `orders` ADD `inline_message_id` text;--> statement-breakpoint
ALTER TABLE `users` ADD `started_at` integer;--> statement-breakpoint
-- Rows so far belong to people who wrote to the bot (groups and guest cards are new with this
-- release): they count as started.
UPDATE `users` SET `started_at` = `created_at`;
