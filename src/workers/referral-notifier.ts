/**
 * The bot side of the referral program's notices (RewardNoticeSink): a referrer is told, in the
 * language they chose (DEFAULT_LOCALE otherwise), that a friend's delivered generation earned them
 * Stars. A referrer who blocked the bot is skipped (and logged); the reward stands all the same.
 */
import type { I18n } from '@grammyjs/i18n';
import type { Api } from 'grammy';
import type { Config } from '../config.js';
import type { UsersRepository } from '../db/index.js';
import type { Logger } from '../logger.js';
import type { RewardNotice, RewardNoticeSink } from '../services/referrals.js';
import type { TelegramContext } from '../telegram/context.js';
import { isChatGone } from '../telegram/delivery/deliver.js';
import { textsForUser } from '../telegram/i18n.js';
import { stars } from '../telegram/texts/money.js';

export interface ReferralNotifierOptions {
  config: Pick<Config, 'defaultLocale'>;
  users: Pick<UsersRepository, 'find' | 'markBlocked'>;
  logger: Logger;
  /** The bot's Api (auto-retry, HTML parse mode). */
  api: Api;
  i18n: I18n<TelegramContext>;
}

export class ReferralNotifier implements RewardNoticeSink {
  readonly #opts: ReferralNotifierOptions;

  constructor(opts: ReferralNotifierOptions) {
    this.#opts = opts;
  }

  async rewardEarned(notice: RewardNotice): Promise<void> {
    const { users, api, i18n, config, logger } = this.#opts;
    const user = await users.find(notice.referrerId);
    const texts = textsForUser(i18n, user, config.defaultLocale);
    const text = texts.t('referral-reward-earned', {
      amount: stars(texts, notice.stars),
      balance: stars(texts, notice.balance),
    });
    try {
      await api.sendMessage(notice.referrerId, text);
    } catch (err) {
      if (!isChatGone(err)) throw err;
      logger.info({ referrerId: notice.referrerId }, 'referrer unreachable: reward notice skipped');
      await users.markBlocked(notice.referrerId).catch(() => undefined);
    }
  }
}
