CREATE TABLE "group_chats" (
	"bot_id" integer DEFAULT 1 NOT NULL,
	"chat_id" bigint NOT NULL,
	"title" text NOT NULL,
	"member" boolean NOT NULL,
	"enabled" boolean,
	"daily_cap" integer,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "group_chats_bot_id_chat_id_pk" PRIMARY KEY("bot_id","chat_id")
);
