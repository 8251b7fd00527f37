/**
 * ↗️ Share: the bot's inline mode offers the querying customer their own delivered results (photos
 * and videos Telegram already has, by file id), newest first, searchable by prompt, with a caption
 * naming the bot and a "Create yours" button that opens the bot. Nothing is generated or charged
 * here. 50 to a page, the next when the customer scrolls on. SHARING=off answers every inline query
 * with nothing.
 */
import type { InlineQueryResult } from 'grammy/types';
import { shareableResults } from '../../services/result-reuse.js';
import { createYoursLink, shareCard, shareCardParts } from '../../telegram/share-card.js';
import { Composer } from '../composer.js';
import type { BotContext } from '../context.js';

/** Telegram's cap on the results of one answer; scrolling on asks for the next page (next_offset). */
const MAX_RESULTS = 50;
/** Orders read per query: enough for a search in the prompts of a busy customer's recent results. */
const ORDERS_SEARCHED = 200;
/** Results are the querying user's own and change with every delivery: a short, personal cache. */
const CACHE_SECONDS = 10;

export const shareFeature = new Composer<BotContext>();

shareFeature.on('inline_query', async (ctx) => {
  if (!ctx.deps.config.sharing) {
    await ctx.answerInlineQuery([], { cache_time: CACHE_SECONDS, is_personal: true });
    return;
  }
  const userId = ctx.from.id;
  const orders = await ctx.deps.ordering.listDeliveredResults(userId, ORDERS_SEARCHED);
  // The offset is ours: how many results the pages before showed (anything else starts at the top).
  const offset = /^\d{1,4}$/.test(ctx.inlineQuery.offset) ? Number(ctx.inlineQuery.offset) : 0;
  const found = shareableResults(orders, ctx.inlineQuery.query.trim(), offset + MAX_RESULTS + 1);
  const items = found.slice(offset, offset + MAX_RESULTS);
  const next_offset = found.length > offset + MAX_RESULTS ? String(offset + MAX_RESULTS) : '';
  const link = await createYoursLink(ctx.deps.referrals, ctx.me.username, userId);
  const parts = shareCardParts(ctx, ctx.me.username, link);
  const results: InlineQueryResult[] = items.map(({ orderId, modelName, file }) =>
    // A row id and a file index: within Telegram's 64 bytes, unique in the answer.
    shareCard({ id: `${orderId}:${file.index}`, kind: file.kind, fileId: file.fileId, modelName }, parts),
  );
  await ctx.answerInlineQuery(results, { cache_time: CACHE_SECONDS, is_personal: true, next_offset });
});
