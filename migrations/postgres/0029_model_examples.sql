CREATE TABLE "model_examples" (
	"id" text PRIMARY KEY NOT NULL,
	"bot_id" integer DEFAULT 1 NOT NULL,
	"model_id" integer NOT NULL,
	"source" text NOT NULL,
	"order_id" text,
	"file_index" integer,
	"owner_user_id" bigint,
	"state" text NOT NULL,
	"kind" text NOT NULL,
	"file_id" text NOT NULL,
	"preview_file_id" text,
	"position" integer NOT NULL,
	"added_by" bigint NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"decided_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "model_examples_result_idx" ON "model_examples" USING btree ("bot_id","order_id","file_index");--> statement-breakpoint
CREATE INDEX "model_examples_model_idx" ON "model_examples" USING btree ("bot_id","model_id","position");