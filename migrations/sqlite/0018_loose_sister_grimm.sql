-- Issue 38: a subscription is the chain of charges of one paid plan link, named by its first charge,
-- and keeps the terms of its first payment. Existing rows are migrated in place: each period joins
-- the chain of the latest first payment (is_first_recurring) of its customer at or before it (a
-- customer's earliest period if none); each subscription takes the id of its current period's chain,
-- the payload its invoices had (s:<plan>:<user>), and the terms of that chain's first payment (its
-- price and the allowance it credited); the period is Telegram's only one, 30 days.
CREATE TABLE `subscription_checkouts` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`payload` text NOT NULL,
	`approved_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `subscription_periods` ADD `subscription_id` text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE `subscription_periods` SET `subscription_id` = CASE WHEN `first` THEN `charge_id` ELSE coalesce(
	(SELECT f.`charge_id` FROM `subscription_periods` f WHERE f.`user_id` = `subscription_periods`.`user_id` AND f.`first` AND f.`starts_at` <= `subscription_periods`.`starts_at` ORDER BY f.`starts_at` DESC, f.`charge_id` DESC LIMIT 1),
	(SELECT e.`charge_id` FROM `subscription_periods` e WHERE e.`user_id` = `subscription_periods`.`user_id` ORDER BY e.`starts_at`, e.`charge_id` LIMIT 1)
) END;--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`payload` text NOT NULL,
	`plan_id` text NOT NULL,
	`price_stars` integer NOT NULL,
	`allowance_stars` integer NOT NULL,
	`period_seconds` integer NOT NULL,
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
INSERT INTO `__new_subscriptions`("id", "user_id", "payload", "plan_id", "price_stars", "allowance_stars", "period_seconds", "state", "cancelled", "charge_id", "expires_at", "started_at", "cancelled_at", "ended_at", "end_notified_at")
SELECT coalesce(c."subscription_id", s."charge_id"), s."user_id", 's:' || s."plan_id" || ':' || s."user_id", s."plan_id", coalesce(f."stars", c."stars", 0), coalesce(f."allowance", c."allowance", 0), 2592000, s."state", s."cancelled", s."charge_id", s."expires_at", s."started_at", s."cancelled_at", s."ended_at", s."end_notified_at"
FROM `subscriptions` s LEFT JOIN `subscription_periods` c ON c."charge_id" = s."charge_id" LEFT JOIN `subscription_periods` f ON f."charge_id" = c."subscription_id";--> statement-breakpoint
DROP TABLE `subscriptions`;--> statement-breakpoint
ALTER TABLE `__new_subscriptions` RENAME TO `subscriptions`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `subscriptions_state_idx` ON `subscriptions` (`state`,`expires_at`);--> statement-breakpoint
CREATE INDEX `subscriptions_user_idx` ON `subscriptions` (`user_id`,`payload`);
