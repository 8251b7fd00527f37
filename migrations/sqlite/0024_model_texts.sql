-- Model names and descriptions in any installed language (issue 45), not only en/ru columns.
-- json_patch drops the keys whose value is null: only the languages given are kept.
ALTER TABLE `model_settings` ADD `names_json` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `model_settings` ADD `descriptions_json` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
UPDATE `model_settings` SET
  `names_json` = json_patch('{}', json_object('en', `name_en`, 'ru', `name_ru`)),
  `descriptions_json` = json_patch('{}', json_object('en', `description_en`, 'ru', `description_ru`));--> statement-breakpoint
ALTER TABLE `model_settings` DROP COLUMN `name_en`;--> statement-breakpoint
ALTER TABLE `model_settings` DROP COLUMN `name_ru`;--> statement-breakpoint
ALTER TABLE `model_settings` DROP COLUMN `description_en`;--> statement-breakpoint
ALTER TABLE `model_settings` DROP COLUMN `description_ru`;
