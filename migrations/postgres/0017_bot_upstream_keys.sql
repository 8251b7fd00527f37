-- An added bot's own upstream API key (issue 40), sealed with BOT_TOKENS_SECRET like its token;
-- null: the bot orders with the deployment's RESELLER_API_KEY.
ALTER TABLE "bots" ADD COLUMN "upstream_key_sealed" text;
