CREATE TABLE "promo_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"stars" integer NOT NULL,
	"uses" integer NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp (3) with time zone,
	"disabled_at" timestamp (3) with time zone,
	"created_by" bigint NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_misses" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"window_start" timestamp (3) with time zone NOT NULL,
	"misses" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_redemptions" (
	"code" text NOT NULL,
	"user_id" bigint NOT NULL,
	"stars" integer NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "promo_redemptions_code_user_id_pk" PRIMARY KEY("code","user_id")
);
--> statement-breakpoint
CREATE INDEX "promo_redemptions_user_idx" ON "promo_redemptions" USING btree ("user_id");