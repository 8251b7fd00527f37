-- Model names and descriptions in any installed language (issue 45), not only en/ru columns.
ALTER TABLE "model_settings" ADD COLUMN "names_json" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "model_settings" ADD COLUMN "descriptions_json" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "model_settings" SET
  "names_json" = jsonb_strip_nulls(jsonb_build_object('en', "name_en", 'ru', "name_ru")),
  "descriptions_json" = jsonb_strip_nulls(jsonb_build_object('en', "description_en", 'ru', "description_ru"));--> statement-breakpoint
ALTER TABLE "model_settings" DROP COLUMN "name_en";--> statement-breakpoint
ALTER TABLE "model_settings" DROP COLUMN "name_ru";--> statement-breakpoint
ALTER TABLE "model_settings" DROP COLUMN "description_en";--> statement-breakpoint
ALTER TABLE "model_settings" DROP COLUMN "description_ru";
