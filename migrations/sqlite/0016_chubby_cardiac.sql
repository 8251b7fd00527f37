CREATE TABLE `live_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`markup_percent` text,
	`welcome_stars` integer,
	`topup_packs_json` text,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `model_settings` (
	`model_id` integer PRIMARY KEY NOT NULL,
	`offered` integer,
	`name_en` text,
	`name_ru` text,
	`description_en` text,
	`description_ru` text,
	`price_kind` text NOT NULL,
	`price_markup_percent` text,
	`price_stars` integer,
	`updated_at` integer NOT NULL
);
