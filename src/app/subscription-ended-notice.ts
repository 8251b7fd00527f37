/**
 * The message a customer gets when their subscription ended because no renewal came (the
 * subscriptions sweep calls it once per ended subscription): in the language they picked, with the
 * button to the plans. A failure to send is the sweep's to log.
 */
import type { I18n } from '@grammyjs/i18n';
import type { Api } from 'grammy';
import { subscriptionEndedNotice } from '../bot/features/subscriptions.js';
import type { UsersRepository } from '../db/index.js';
import type { SubscriptionRecord } from '../db/records.js';
import type { TelegramContext } from '../telegram/context.js';
import { textsForUser } from '../telegram/i18n.js';
import type { Locale } from '../texts/locales.js';

export interface SubscriptionEndedNoticeOptions {
  api: Pick<Api, 'sendMessage'>;
  i18n: I18n<TelegramContext>;
  users: Pick<UsersRepository, 'find'>;
  defaultLocale: Locale;
}

/** SubscriptionsService.endLapsed's `tell`. */
export function tellSubscriptionEnded(
  opts: SubscriptionEndedNoticeOptions,
): (ended: Pick<SubscriptionRecord, 'userId' | 'planId'>) => Promise<void> {
  return async (ended) => {
    const user = await opts.users.find(ended.userId);
    const texts = textsForUser(opts.i18n, user, opts.defaultLocale);
    const notice = subscriptionEndedNotice(texts, ended.planId);
    await opts.api.sendMessage(ended.userId, notice.text, { reply_markup: notice.keyboard });
  };
}
