ALTER TABLE `orders` ADD `delivery_owner` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `delivery_lease_until` integer;