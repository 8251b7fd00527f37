CREATE TABLE `subscription_periods` (
	`charge_id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`plan_id` text NOT NULL,
	`stars` integer NOT NULL,
	`allowance` integer NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`status` text NOT NULL,
	`first` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `subscription_periods_user_idx` ON `subscription_periods` (`user_id`,`ends_at`);--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`plan_id` text NOT NULL,
	`state` text NOT NULL,
	`cancelled` integer DEFAULT false NOT NULL,
	`charge_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`started_at` integer NOT NULL,
	`cancelled_at` integer,
	`ended_at` integer,
	`end_notified_at` integer
);
--> statement-breakpoint
CREATE INDEX `subscriptions_state_idx` ON `subscriptions` (`state`,`expires_at`);