/**
 * The card of an order started in a group (issue 42): the model, the description and the price the
 * caller would pay, with Confirm, Another model and Cancel. It is shown to the caller alone (an
 * ephemeral message); where the chat cannot show one, everyone sees it, and its buttons answer
 * anyone but the caller with whose order it is (bot/features/group-orders.ts).
 */
import { type Api, GrammyError, InlineKeyboard } from 'grammy';
import type { CallbackQuery } from 'grammy/types';
import type { OrderRecord } from '../db/records.js';
import { InsufficientStarsError } from '../domain/wallet.js';
import type { ConfirmOutcome } from '../services/order-hooks.js';
import { groupOrderData, type OrderCardButtons } from './callback-data/group-order.js';
import { reportData } from './callback-data/reports.js';
import type { Texts } from './i18n.js';
import { editIgnoringNotModified } from './telegram-errors.js';
import { orderPrice, pricesShown, stars } from './texts/money.js';
import { refusalText } from './texts/refusals.js';
import { orderTopUpLink } from './texts/start-links.js';
import { upstreamErrorText } from './texts/upstream-errors.js';

export interface GroupCard {
  text: string;
  keyboard: InlineKeyboard;
}

/**
 * `notice` goes above the card (a changed price, a refusal); `buttons`: a group's, or a guest
 * card's (bot/features/guest-orders.ts).
 */
export function groupCard(
  texts: Texts,
  order: Pick<OrderRecord, 'id' | 'priceStars' | 'costUsd' | 'priceUsd' | 'request'>,
  model: string,
  notice?: string,
  buttons: OrderCardButtons = groupOrderData,
): GroupCard {
  const price = pricesShown(texts) ? orderPrice(texts, order) : '';
  const body = texts.t('group-card', { model, prompt: order.request.prompt ?? '' });
  const keyboard = new InlineKeyboard()
    .text(
      price ? texts.t('group-card-confirm-price', { price }) : texts.t('group-card-confirm'),
      buttons.confirm.pack({ id: order.id }),
    )
    .row()
    .text(texts.t('group-card-another'), buttons.another.pack({ id: order.id }))
    .text(texts.t('button-cancel'), buttons.cancel.pack({ id: order.id }));
  return { text: notice ? `${notice}\n\n${body}` : body, keyboard };
}

/**
 * What a card shows after a Confirm that placed nothing, in a group or on a guest card alike: the
 * card again under why (short of Stars: with a link that opens the bot on this order), or the reason
 * alone once the draft is over.
 */
export function cardAfterConfirm(
  texts: Texts,
  outcome: Exclude<ConfirmOutcome, { kind: 'ordered' }>,
  model: string,
  buttons: OrderCardButtons,
  botUsername: string,
): GroupCard {
  const ended = (text: string) => ({ text, keyboard: new InlineKeyboard() });
  switch (outcome.kind) {
    case 'refused': {
      if (!(outcome.reason instanceof InsufficientStarsError)) {
        return groupCard(
          texts,
          outcome.order,
          model,
          refusalText(texts, outcome.reason, outcome.order),
          buttons,
        );
      }
      const short = outcome.reason;
      const notice = texts.t('wallet-insufficient', {
        price: stars(texts, short.priceStars),
        balance: stars(texts, short.balanceStars),
        missing: stars(texts, short.missingStars),
      });
      const card = groupCard(texts, outcome.order, model, notice, buttons);
      card.keyboard.row().url(texts.t('group-card-top-up'), orderTopUpLink(botUsername, outcome.order.id));
      return card;
    }
    case 'requoted':
    case 'pending': {
      const notice = texts.t(outcome.kind === 'pending' ? 'order-pending' : 'order-requoted-no-price');
      return groupCard(texts, outcome.order, model, notice, buttons);
    }
    case 'rejected':
      return ended(upstreamErrorText(texts, outcome.error.code, outcome.error.message));
    case 'closed':
    case 'not_found':
      return ended(texts.t('order-closed'));
  }
}

/** A 400 sending an ephemeral message: the chat cannot show one (Telegram names no single reason). */
const ephemeralRefused = (err: unknown) => err instanceof GrammyError && err.error_code === 400;

/**
 * Sends `text` to `callerId` alone in the group; where the chat cannot show an ephemeral message,
 * to the group. Returns whether it went to the caller alone.
 */
export async function sendToCaller(
  api: Api,
  chatId: number,
  callerId: number,
  text: string,
  keyboard?: InlineKeyboard,
): Promise<boolean> {
  const markup = keyboard ? { reply_markup: keyboard } : {};
  try {
    await api.sendMessage(chatId, text, {
      ...markup,
      ephemeral_message_parameters: { receiver_user_id: callerId },
    });
    return true;
  } catch (err) {
    if (!ephemeralRefused(err)) throw err;
    await api.sendMessage(chatId, text, markup);
    return false;
  }
}

/** Edits the message a button of it was pressed on, ephemeral or not. */
export async function editPressed(
  api: Api,
  query: CallbackQuery,
  text: string,
  keyboard: InlineKeyboard = new InlineKeyboard(),
): Promise<void> {
  const message = query.message;
  if (!message) return;
  const ephemeralId = 'ephemeral_message_id' in message ? message.ephemeral_message_id : undefined;
  if (ephemeralId !== undefined && message.message_id === 0) {
    await editIgnoringNotModified(
      api.editEphemeralMessageText(message.chat.id, query.from.id, ephemeralId, text, {
        reply_markup: keyboard,
      }),
    );
    return;
  }
  await editIgnoringNotModified(
    api.editMessageText(message.chat.id, message.message_id, text, { reply_markup: keyboard }),
  );
}

/** An order made in a group: its chat is the group (Telegram's group and supergroup ids are negative). */
export const isGroupChat = (chatId: number): boolean => chatId < 0;

/**
 * Under a result posted for others (a group, a guest card): the way to the bot for everyone who saw
 * it (`makeYourOwn`: a link to the bot, the owner's referral link where referrals run), and ⚠️ Report.
 */
export function groupResultKeyboard(
  texts: Texts,
  orderId: string,
  makeYourOwn: string | undefined,
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  if (makeYourOwn) keyboard.url(texts.t('group-result-make-your-own'), makeYourOwn);
  return keyboard.text(texts.t('group-result-report'), reportData.file.pack({ id: orderId }));
}
