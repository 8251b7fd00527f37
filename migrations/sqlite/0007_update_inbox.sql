CREATE TABLE `poll_budget` (
	`second` integer PRIMARY KEY NOT NULL,
	`used` integer NOT NULL,
	`last_grant` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `update_inbox` (
	`update_id` integer PRIMARY KEY NOT NULL,
	`lane` text NOT NULL,
	`control` integer DEFAULT false NOT NULL,
	`payload` text NOT NULL,
	`received_at` integer NOT NULL,
	`owner` text,
	`lease_until` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`cancel_requested` integer DEFAULT false NOT NULL,
	`done_at` integer
);
--> statement-breakpoint
CREATE INDEX `update_inbox_lane_idx` ON `update_inbox` (`lane`,`update_id`) WHERE "update_inbox"."done_at" is null;--> statement-breakpoint
CREATE INDEX `update_inbox_pending_idx` ON `update_inbox` (`update_id`) WHERE "update_inbox"."done_at" is null;--> statement-breakpoint
CREATE INDEX `update_inbox_done_idx` ON `update_inbox` (`done_at`);