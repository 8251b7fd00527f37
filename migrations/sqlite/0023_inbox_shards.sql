CREATE TABLE `inbox_replicas` (
	`owner` text PRIMARY KEY NOT NULL,
	`lease_until` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `update_inbox` ADD `shard` integer DEFAULT 0 NOT NULL;