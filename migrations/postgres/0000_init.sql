CREATE TABLE "admin_alerts" (
	"kind" text PRIMARY KEY NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"last_sent_at" timestamp (3) with time zone,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_snapshots" (
	"id" integer PRIMARY KEY NOT NULL,
	"models" jsonb NOT NULL,
	"saved_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversation_states" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"chat_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"locale" text NOT NULL,
	"model_id" integer NOT NULL,
	"model_name" text NOT NULL,
	"model_type" text NOT NULL,
	"request_json" jsonb NOT NULL,
	"price_usd" text NOT NULL,
	"price_stars" integer,
	"quote_id" text,
	"quote_expires_at" timestamp (3) with time zone,
	"idempotency_key" text NOT NULL,
	"stage" text NOT NULL,
	"submit_attempts" integer DEFAULT 0 NOT NULL,
	"submit_error_json" jsonb,
	"submitted_at" timestamp (3) with time zone,
	"upstream_order_id" text,
	"status" text,
	"cost_usd" text,
	"result_json" jsonb,
	"result_expires_at" timestamp (3) with time zone,
	"error_json" jsonb,
	"status_message_id" bigint,
	"delivered_at" timestamp (3) with time zone,
	"next_poll_at" timestamp (3) with time zone,
	"poll_failures" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	"finished_at" timestamp (3) with time zone,
	"final_handled_at" timestamp (3) with time zone,
	"lost_at" timestamp (3) with time zone,
	CONSTRAINT "orders_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "orders_upstream_order_id_unique" UNIQUE("upstream_order_id")
);
--> statement-breakpoint
CREATE TABLE "star_topups" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"chat_id" bigint NOT NULL,
	"stars" integer NOT NULL,
	"status" text NOT NULL,
	"order_id" text,
	"charge_id" text,
	"refund_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"paid_at" timestamp (3) with time zone,
	"notified_at" timestamp (3) with time zone,
	"refunded_at" timestamp (3) with time zone,
	CONSTRAINT "star_topups_charge_id_unique" UNIQUE("charge_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"telegram_id" bigint PRIMARY KEY NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"username" text,
	"locale" text,
	"role" text DEFAULT 'user' NOT NULL,
	"blocked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"delta" integer NOT NULL,
	"stars" integer NOT NULL,
	"order_id" text,
	"charge_id" text,
	"actor_id" bigint,
	"note" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "wallet_entries_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE INDEX "orders_active_idx" ON "orders" USING btree ("status","next_poll_at");--> statement-breakpoint
CREATE INDEX "orders_chat_idx" ON "orders" USING btree ("chat_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_stage_idx" ON "orders" USING btree ("stage");--> statement-breakpoint
CREATE INDEX "star_topups_user_idx" ON "star_topups" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "wallet_entries_user_idx" ON "wallet_entries" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "wallet_entries_order_idx" ON "wallet_entries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "wallet_entries_kind_idx" ON "wallet_entries" USING btree ("kind","created_at");