/**
 * What the update inbox tells the Telegram side about an update, by its chat: a retried callback is
 * presumed answered (its first handler may have answered it), a /cancel handled on another replica
 * stops the chat's long work here, a chat waiting out a 429 holds no worker, and every chat that
 * writes is heard by the send budget (a chat that writes a lot waits behind one that writes little).
 */
import type { Update } from 'grammy/types';
import type { TelegramBot } from '../bot/index.js';
import { chatWork } from '../telegram/chat-work.js';
import { chatIdOf } from '../telegram/inbox-lane.js';
import type { UpdateInboxWorkerOptions } from '../workers/update-inbox.js';

export function inboxHooks(
  telegram: Pick<TelegramBot, 'callbackAnswers' | 'floodGate' | 'scheduler'>,
): Required<Pick<UpdateInboxWorkerOptions, 'onRetry' | 'onCancelRequested' | 'isWaiting' | 'onHeard'>> {
  return {
    onRetry: (update: Update) => {
      if (update.callback_query) telegram.callbackAnswers.presumeAnswered(update.callback_query.id);
    },
    onCancelRequested: (update: Update) => {
      const chatId = chatIdOf(update);
      if (chatId !== undefined) chatWork.abort(chatId);
    },
    isWaiting: (update: Update) => {
      const chatId = chatIdOf(update);
      return chatId !== undefined && telegram.floodGate.holdsBack(chatId);
    },
    onHeard: (update: Update) => {
      const chatId = chatIdOf(update);
      if (chatId !== undefined) telegram.scheduler?.heard(chatId);
    },
  };
}
