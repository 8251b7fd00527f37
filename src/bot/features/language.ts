import {
  captionPromptData,
  languageData,
  remindersSwitchData,
} from '../../telegram/callback-data/language.js';
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
  // The reminders' switch shows only where the bot sends any (REMINDERS, or the live settings).
  const reminders = ctx.deps.reminders.anyOn() ? !(ctx.user?.remindersOff ?? false) : undefined;
  // A way back, or the picker (and its toggles, which redraw it) would be a dead end.
  const options = {
    reply_markup: mainMenuButton(
      ctx,
      createLanguageKeyboard(current, { texts: ctx, prompt, ...(reminders !== undefined && { reminders }) }),
    ),
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

privateChats.callbackQuery(remindersSwitchData.filter(), async (ctx) => {
  const { to, from } = remindersSwitchData.unpack(ctx.callbackQuery.data);
  await ctx.deps.accounts.setRemindersOff(ctx.from.id, to === 'off');
  if (ctx.user) ctx.user.remindersOff = to === 'off';
  const said = ctx.t(to === 'off' ? 'reminders-turned-off' : 'reminders-turned-on');
  if (from === 'lang') {
    await ctx.answerCallbackQuery({ text: said });
    await showPicker(ctx, true);
    return;
  }
  // Under a reminder: the switch goes away with the rest of its buttons, and the answer stays.
  await ctx.answerCallbackQuery();
  await ctx.editMessageReplyMarkup({ reply_markup: undefined }).catch(() => undefined);
  await ctx.reply(said, { reply_markup: mainMenuButton(ctx) });
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
