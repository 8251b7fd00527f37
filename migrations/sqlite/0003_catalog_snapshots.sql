CREATE TABLE `catalog_snapshots` (
	`id` integer PRIMARY KEY NOT NULL,
	`models` text NOT NULL,
	`saved_at` integer NOT NULL
);
