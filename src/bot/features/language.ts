import { captionPromptData, languageData } from '../../telegram/callback-data/language.js';
import { menuData } from '../../telegram/callback-data/menu.js';
import { isSupportedLocale } from '../../telegram/i18n.js';
import { createLanguageKeyboard } from '../../telegram/keyboards/language.js';
import { mainMenuButton } from '../../telegram/keyboards/main-menu.js';
import { Composer } from '../composer.js';
import type { BotContext } from '../context.js';

export const languageFeature = new Composer<BotContext>();
const privateChats = languageFeature.chatType('private');

async function showPicker(ctx: BotContext, edit: boolean) {
  const current = ctx.locale;
  const prompt = ctx.user?.promptInCaption ?? false;
  // A way back, or the picker (and its toggle, which redraws it) would be a dead end.
  const options = {
    reply_markup: mainMenuButton(ctx, createLanguageKeyboard(current, { texts: ctx, prompt })),
  };
  if (edit) await ctx.editMessageText(ctx.t('language-choose'), options);
  else await ctx.reply(ctx.t('language-choose'), options);
}

privateChats.command('language', (ctx) => showPicker(ctx, false));

privateChats.callbackQuery(menuData.filter({ item: 'language' }), async (ctx) => {
  await ctx.answerCallbackQuery();
  await showPicker(ctx, true);
});

privateChats.callbackQuery(captionPromptData.filter(), async (ctx) => {
  const on = captionPromptData.unpack(ctx.callbackQuery.data).to === 'on';
  await ctx.deps.accounts.setPromptInCaption(ctx.from.id, on);
  if (ctx.user) ctx.user.promptInCaption = on;
  await ctx.answerCallbackQuery({
    text: ctx.t(on ? 'caption-prompt-changed-on' : 'caption-prompt-changed-off'),
  });
  await showPicker(ctx, true);
});

privateChats.callbackQuery(languageData.filter(), async (ctx) => {
  const { code } = languageData.unpack(ctx.callbackQuery.data);
  if (!isSupportedLocale(code)) {
    await ctx.answerCallbackQuery({ text: ctx.t('error-stale-button') });
    return;
  }
  await ctx.deps.accounts.setLocale(ctx.from.id, code);
  ctx.i18n.useLocale(code);
  ctx.locale = code;
  await ctx.answerCallbackQuery({ text: ctx.t('language-changed') });
  await ctx.editMessageText(ctx.t('language-changed'), {
    reply_markup: mainMenuButton(ctx),
  });
});
