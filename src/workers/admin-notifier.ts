/**
 * The bot side of admin alerts (AdminAlertSink): one message to every admin in ADMIN_IDS, in the
 * language the admin picked with /language (DEFAULT_LOCALE otherwise). An admin who blocked the bot
 * or never opened it is skipped (and logged); the others still get the message.
 */
import type { I18n } from '@grammyjs/i18n';
import type { Api } from 'grammy';
import type { Config } from '../config.js';
import type { UsersRepository } from '../db/index.js';
import { formatMoney } from '../domain/money.js';
import { truncate } from '../lib/text.js';
import type { Logger } from '../logger.js';
import type { AdminAlert, AdminAlertSink } from '../services/admin-alerts.js';
import type { TelegramContext } from '../telegram/context.js';
import { isChatGone } from '../telegram/delivery/deliver.js';
import { type Texts, textsFor } from '../telegram/i18n.js';
import { botName } from '../telegram/texts/bot-name.js';
import { withHtml } from '../telegram/texts/html-slots.js';
import { starsDifferenceLine } from '../telegram/texts/stars-differences.js';

export interface AdminNotifierOptions {
  config: Pick<Config, 'adminIds' | 'defaultLocale'>;
  users: Pick<UsersRepository, 'find' | 'markBlocked'>;
  logger: Logger;
  /** The bot's Api (auto-retry, HTML parse mode). */
  api: Api;
  i18n: I18n<TelegramContext>;
}

/** The most of an upstream status shown to admins (characters). */
const UPSTREAM_WORD_MAX = 100;

const minutes = (ms: number) => Math.max(1, Math.round(ms / 60_000));

function renderAlert(texts: Texts, alert: AdminAlert): string {
  switch (alert.kind) {
    case 'low_balance':
      return texts.t('admin-alert-low-balance', {
        balance: formatMoney(alert.balanceUsd, texts.locale),
        threshold: formatMoney(alert.thresholdUsd, texts.locale),
      });
    case 'unauthorized':
      return texts.t('admin-alert-unauthorized');
    case 'insufficient_balance':
      return texts.t('admin-alert-insufficient-balance', { model: alert.modelName });
    case 'upstream_down':
      return texts.t('admin-alert-upstream-down', {
        failures: alert.failures,
        minutes: minutes(alert.durationMs),
        error: alert.lastError,
      });
    case 'upstream_recovered':
      return texts.t('admin-alert-upstream-recovered', { minutes: minutes(alert.downMs) });
    case 'unreadable_model':
      return texts.t('admin-alert-unreadable-model', { model: alert.model, reason: alert.reason });
    case 'charge_mismatch':
      return texts.t('admin-alert-charge-mismatch', {
        model: alert.modelName,
        confirmed: formatMoney(alert.confirmedUsd, texts.locale),
        charged: formatMoney(alert.chargedUsd, texts.locale),
      });
    case 'telegram_refund':
      return texts.t('admin-alert-telegram-refund', {
        user: String(alert.userId),
        stars: alert.stars,
        charge: alert.chargeId,
        balance: alert.balance,
      });
    case 'subscription_amount_mismatch':
      return texts.t('admin-alert-subscription-amount', {
        user: String(alert.userId),
        charge: alert.chargeId,
        expected: alert.expected,
        paid: alert.paid,
        allowance: alert.allowance,
      });
    case 'subscription_duplicate':
      return texts.t('admin-alert-subscription-duplicate', {
        user: String(alert.userId),
        charges: alert.chargeIds.join(', '),
      });
    case 'undelivered_order':
      return texts.t('admin-alert-undelivered-order', {
        id: alert.orderId,
        model: alert.modelName,
        chat: String(alert.chatId),
      });
    case 'unknown_order_status':
      return texts.t('admin-alert-unknown-order-status', {
        id: alert.orderId,
        model: alert.modelName,
        // Upstream's word, of any length: a message stays well within Telegram's limit.
        status: truncate(alert.status, UPSTREAM_WORD_MAX),
        since: texts.dateTime(alert.since, alert.since),
      });
    case 'spend_cap_reached': {
      const vars = {
        cap: formatMoney(alert.capUsd, texts.locale),
        spent: formatMoney(alert.spentUsd, texts.locale),
        reset: texts.time(alert.resetsAt),
      };
      if (!alert.bot) return texts.t('admin-alert-spend-cap', vars);
      return texts.t('admin-alert-spend-cap-bot', { ...vars, id: alert.bot.id, name: botName(alert.bot) });
    }
    case 'catalog_stale':
      return texts.t('admin-alert-catalog-stale', { error: alert.error, count: alert.count });
    case 'stars_reconciliation': {
      const shown = alert.differences.slice(0, 10).map((d) => `• ${starsDifferenceLine(texts, d)}`);
      if (alert.differences.length > shown.length)
        shown.push(`… +${alert.differences.length - shown.length}`);
      // The lines are HTML already (their own variables escaped).
      return withHtml(
        texts,
        'admin-alert-reconciliation',
        { count: alert.differences.length },
        { details: shown.join('\n') },
      );
    }
  }
}

export class AdminNotifier implements AdminAlertSink {
  readonly #config: AdminNotifierOptions['config'];
  readonly #users: AdminNotifierOptions['users'];
  readonly #log: Logger;
  readonly #i18n: I18n<TelegramContext>;
  readonly #api: Api;

  constructor(opts: AdminNotifierOptions) {
    this.#config = opts.config;
    this.#users = opts.users;
    this.#log = opts.logger.child({ component: 'admin-notifier' });
    this.#api = opts.api;
    this.#i18n = opts.i18n;
  }

  async send(alert: AdminAlert): Promise<void> {
    const api = this.#api;
    for (const adminId of this.#config.adminIds) {
      const locale = (await this.#users.find(adminId))?.locale ?? this.#config.defaultLocale;
      const text = renderAlert(textsFor(this.#i18n, locale), alert);
      try {
        await api.sendMessage(adminId, text);
      } catch (err) {
        if (isChatGone(err)) {
          await this.#users.markBlocked(adminId);
          this.#log.warn({ adminId, kind: alert.kind, err }, 'admin chat unreachable: alert not delivered');
        } else {
          this.#log.error({ adminId, kind: alert.kind, err }, 'could not send an admin alert');
        }
      }
    }
  }
}
