ALTER TABLE "orders" ADD COLUMN "result_files_json" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "prompt_in_caption" boolean DEFAULT false NOT NULL;