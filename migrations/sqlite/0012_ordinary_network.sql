CREATE TABLE `promo_codes` (
	`code` text PRIMARY KEY NOT NULL,
	`stars` integer NOT NULL,
	`uses` integer NOT NULL,
	`used` integer DEFAULT 0 NOT NULL,
	`expires_at` integer,
	`disabled_at` integer,
	`created_by` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `promo_misses` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`misses` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `promo_redemptions` (
	`code` text NOT NULL,
	`user_id` integer NOT NULL,
	`stars` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`code`, `user_id`)
);
--> statement-breakpoint
CREATE INDEX `promo_redemptions_user_idx` ON `promo_redemptions` (`user_id`);