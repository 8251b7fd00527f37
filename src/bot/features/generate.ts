/**
 * Choosing what to generate: the catalog grouped by type with prices, then a model, which
 * starts the generation form. Everything shown comes from GET /models.
 */
import { createConversation } from '@grammyjs/conversations';
import type { MiddlewareFn } from 'grammy';
import { InlineKeyboard } from 'grammy';
import type { CatalogModel, ModelGroup } from '../../services/catalog.js';
import { modelPickData, modelTypeData } from '../../telegram/callback-data/generate.js';
import { menuData } from '../../telegram/callback-data/menu.js';
import { newOrderKeyboard, retryKeyboard } from '../../telegram/keyboards/way-out.js';
import { editIgnoringNotModified } from '../../telegram/telegram-errors.js';
import { modelTypeLabel } from '../../telegram/texts/labels.js';
import { modelDescription, modelName } from '../../telegram/texts/model-name.js';
import { modelButtonLabel } from '../../telegram/texts/money.js';
import { Composer } from '../composer.js';
import type { BaseContext, BotContext } from '../context.js';
import type { GenerateArgs } from '../conversations/generate/form-conversation.js';
import { GENERATE_CONVERSATION, generateConversation } from '../conversations/generate/generate.js';
import { readAnsweringIfSlow } from './answer-if-slow.js';

/** The form's first line: the model it is for, and the description the reseller gave it. */
export function formHeader(ctx: BotContext, model: CatalogModel): string {
  const description = modelDescription(ctx, model);
  const started = ctx.t('gen-started', { model: modelName(ctx, model) });
  return description ? `${started}\n${ctx.t('live-settings-model-description', { description })}` : started;
}

/** The generation form for `model`, as picking it from the menu starts it (any flow before ends). */
export async function enterModelForm(ctx: BotContext, model: CatalogModel): Promise<void> {
  await ctx.conversation.exitAll();
  await ctx.conversation.enter(GENERATE_CONVERSATION, { modelId: model.id } satisfies GenerateArgs);
}

export function createGenerateFeature(
  conversationPlugins: MiddlewareFn<BaseContext>[],
): Composer<BotContext> {
  const feature = new Composer<BotContext>();
  const privateChats = feature.chatType('private');

  privateChats.use(
    createConversation<BotContext, BaseContext>(generateConversation, {
      id: GENERATE_CONVERSATION,
      plugins: conversationPlugins,
    }),
  );

  /** Upstream is down and no catalog is stored: say so, with 🔄 Try again (the menu's Create) and 🏠. */
  async function showCatalogUnavailable(ctx: BotContext, error: unknown, edit: boolean) {
    ctx.logger.warn({ err: error }, 'model menu: the catalog could not be loaded');
    const text = ctx.t('gen-catalog-unavailable');
    const keyboard = retryKeyboard(ctx, menuData.pack({ item: 'generate' }));
    // Try again during the same outage draws the same screen: not an error.
    if (edit) await editIgnoringNotModified(ctx.editMessageText(text, { reply_markup: keyboard }));
    else await ctx.reply(text, { reply_markup: keyboard });
  }

  async function showTypes(ctx: BotContext, edit: boolean) {
    let groups: ModelGroup[];
    try {
      groups = await ctx.deps.catalog.groups();
    } catch (error) {
      await showCatalogUnavailable(ctx, error, edit);
      return;
    }
    const keyboard = new InlineKeyboard();
    for (const group of groups) {
      keyboard.text(modelTypeLabel(ctx, group.type), modelTypeData.pack({ type: group.type })).row();
    }
    keyboard.text(ctx.t('button-main-menu'), menuData.pack({ item: 'home' }));
    const text = groups.length > 0 ? ctx.t('gen-choose-type') : ctx.t('gen-no-models');
    if (edit) await editIgnoringNotModified(ctx.editMessageText(text, { reply_markup: keyboard }));
    else await ctx.reply(text, { reply_markup: keyboard });
  }

  privateChats.command('generate', (ctx) => showTypes(ctx, false));
  privateChats.callbackQuery(menuData.filter({ item: 'generate' }), async (ctx) => {
    // Answered first: the catalog may have to be loaded from upstream, longer than Telegram waits.
    await ctx.answerCallbackQuery();
    await showTypes(ctx, true);
  });

  privateChats.callbackQuery(modelTypeData.filter(), async (ctx) => {
    const { type } = modelTypeData.unpack(ctx.callbackQuery.data);
    let read: { value: ModelGroup[]; answered: boolean };
    try {
      read = await readAnsweringIfSlow(ctx, ctx.deps.catalog.groups());
    } catch (error) {
      await showCatalogUnavailable(ctx, error, true);
      return;
    }
    const group = read.value.find((g) => g.type === type);
    if (!group) {
      if (!read.answered) await ctx.answerCallbackQuery({ text: ctx.t('error-stale-button') });
      // Too late for a toast: the current list says what there is instead.
      else await showTypes(ctx, true);
      return;
    }
    await ctx.answerCallbackQuery();
    const keyboard = new InlineKeyboard();
    for (const model of group.models) {
      const label = modelButtonLabel(ctx, model, ctx.deps.wallet?.pricing);
      keyboard.text(label, modelPickData.pack({ id: model.id })).row();
    }
    keyboard.text(ctx.t('button-back'), menuData.pack({ item: 'generate' }));
    await ctx.editMessageText(ctx.t('gen-choose-model', { type: modelTypeLabel(ctx, type) }), {
      reply_markup: keyboard,
    });
  });

  privateChats.callbackQuery(modelPickData.filter(), async (ctx) => {
    const { id } = modelPickData.unpack(ctx.callbackQuery.data);
    let read: { value: CatalogModel | undefined; answered: boolean };
    try {
      read = Number.isSafeInteger(id)
        ? await readAnsweringIfSlow(ctx, ctx.deps.catalog.getModel(id))
        : { value: undefined, answered: false };
    } catch (error) {
      await showCatalogUnavailable(ctx, error, true);
      return;
    }
    const model = read.value;
    if (!model) {
      if (!read.answered) await ctx.answerCallbackQuery({ text: ctx.t('error-stale-button') });
      else await ctx.editMessageText(ctx.t('gen-model-unavailable'), { reply_markup: newOrderKeyboard(ctx) });
      return;
    }
    await ctx.answerCallbackQuery();
    // The model list becomes the header of the form: the chat reads as one story.
    await ctx.editMessageText(formHeader(ctx, model), { reply_markup: new InlineKeyboard() });
    await enterModelForm(ctx, model);
  });

  return feature;
}
