/**
 * A reminder as the customer reads it (issue 44), in their language: what it is about, the button
 * that acts on it (pay for a plan again, confirm the priced order, generate), and under every one
 * the switch that turns reminders off, and the way to the menu.
 */
import { InlineKeyboard } from 'grammy';
import type { ReminderFacts } from '../services/reminders.js';
import { orderActionData } from './callback-data/generate.js';
import { remindersSwitchData } from './callback-data/language.js';
import { menuData } from './callback-data/menu.js';
import { promoRedeemData } from './callback-data/promo.js';
import type { Texts } from './i18n.js';
import { mainMenuButton } from './keyboards/main-menu.js';
import { priceTag, requestLines } from './order-summary.js';
import { orderPrice, stars } from './texts/money.js';
import { planName } from './texts/plan-name.js';

/** How much of the description a quote reminder repeats. */
const PROMPT_CHARS = 120;

export function reminderMessage(
  texts: Texts,
  facts: ReminderFacts,
): { text: string; keyboard: InlineKeyboard } {
  const keyboard = new InlineKeyboard();
  let text: string;
  switch (facts.rule) {
    case 'plan_ending':
      text = texts.t('reminder-plan-ending', {
        name: planName(texts, { id: facts.planId }),
        left: stars(texts, facts.left),
        date: texts.dateTime(facts.endsAt),
      });
      keyboard.text(texts.t('menu-generate'), menuData.pack({ item: 'generate' }));
      break;
    case 'welcome_unused':
      text = texts.t('reminder-welcome-unused', { balance: stars(texts, facts.balance) });
      keyboard.text(texts.t('menu-generate'), menuData.pack({ item: 'generate' }));
      break;
    case 'quote_unconfirmed': {
      const { order } = facts;
      const price = orderPrice(texts, order);
      text = [
        texts.t('reminder-quote-unconfirmed', { model: order.modelName, price }),
        ...requestLines(texts, order.request, undefined, PROMPT_CHARS),
      ].join('\n');
      const tag = priceTag(order);
      keyboard
        .text(texts.t('button-confirm', { price }), orderActionData.pack({ a: 'ok', id: order.id, t: tag }))
        .text(texts.t('button-cancel'), orderActionData.pack({ a: 'x', id: order.id, t: tag }));
      break;
    }
    case 'win_back': {
      const { gift } = facts;
      text = gift
        ? [
            texts.t('reminder-win-back'),
            texts.t('reminder-win-back-gift', {
              code: gift.code,
              amount: stars(texts, gift.stars),
              date: texts.dateTime(gift.expiresAt),
            }),
          ].join('\n\n')
        : texts.t('reminder-win-back');
      if (gift)
        keyboard.text(texts.t('reminder-button-gift'), promoRedeemData.pack({ code: gift.code })).row();
      keyboard.text(texts.t('menu-generate'), menuData.pack({ item: 'generate' }));
      break;
    }
  }
  keyboard.row().text(texts.t('reminder-button-off'), remindersSwitchData.pack({ to: 'off', from: 'msg' }));
  return { text, keyboard: mainMenuButton(texts, keyboard) };
}
