CREATE TABLE `orders` (
	`id` text PRIMARY KEY NOT NULL,
	`chat_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`locale` text NOT NULL,
	`model_id` integer NOT NULL,
	`model_name` text NOT NULL,
	`model_type` text NOT NULL,
	`request_json` text NOT NULL,
	`price_usd` text NOT NULL,
	`quote_id` text,
	`quote_expires_at` integer,
	`idempotency_key` text NOT NULL,
	`stage` text NOT NULL,
	`submit_attempts` integer DEFAULT 0 NOT NULL,
	`submit_error_json` text,
	`submitted_at` integer,
	`upstream_order_id` text,
	`status` text,
	`cost_usd` text,
	`result_json` text,
	`result_expires_at` integer,
	`error_json` text,
	`status_message_id` integer,
	`delivered_at` integer,
	`next_poll_at` integer,
	`poll_failures` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`finished_at` integer,
	`final_handled_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_idempotency_key_unique` ON `orders` (`idempotency_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_upstream_order_id_unique` ON `orders` (`upstream_order_id`);--> statement-breakpoint
CREATE INDEX `orders_active_idx` ON `orders` (`status`,`next_poll_at`);--> statement-breakpoint
CREATE INDEX `orders_chat_idx` ON `orders` (`chat_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_stage_idx` ON `orders` (`stage`);