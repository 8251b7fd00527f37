/**
 * The customers' app (issue 43): the endpoints of its Models and Wallet tabs for one bot, on that
 * bot's services. What speaks Telegram is made here and handed in: the chat's own wording of model
 * and plan names, the referral link, and the invoice links, made with the bot's Api in the
 * customer's chat language exactly as the chat makes them (telegram/invoice-links.ts).
 */
import type { I18n } from '@grammyjs/i18n';
import type { Api } from 'grammy';
import type { Config } from '../config.js';
import { appModelsRoutes } from '../server/miniapp/app-models-routes.js';
import { appWalletRoutes } from '../server/miniapp/app-wallet-routes.js';
import type { CustomerRoute } from '../server/miniapp/customer-api.js';
import { type AppModelsDeps, customerModels } from '../services/app/models.js';
import { AppWalletService } from '../services/app/wallet.js';
import type { Services } from '../services/index.js';
import type { TelegramContext } from '../telegram/context.js';
import { textsFor, textsForUser } from '../telegram/i18n.js';
import { planInvoiceLink, topupInvoiceLink } from '../telegram/invoice-links.js';
import { modelDescription, modelName } from '../telegram/texts/model-name.js';
import { planName } from '../telegram/texts/plan-name.js';
import { referralLink } from '../telegram/texts/start-links.js';
import { exampleShowcase } from './app-examples.js';
import { type BotRuntime, botUsernameOf } from './bot-runtime.js';

/** What the two tabs need of one bot. */
export interface AppWalletParts {
  config: Pick<Config, 'billing' | 'branding' | 'defaultLocale'>;
  services: Pick<
    Services,
    'catalog' | 'contentRules' | 'wallet' | 'subscriptions' | 'promo' | 'referrals' | 'ordering' | 'accounts'
  >;
  i18n: I18n<TelegramContext>;
  /** The bot's Api: its invoice links. */
  api: Api;
  /** The bot's @username once known (its referral links), else null. */
  botUsername(): string | null;
  /** The examples admins picked for each model, signed for the viewer (app-examples.ts). */
  examplesFor?: AppModelsDeps['examplesFor'];
}

/** The Models and Wallet tabs' endpoints (tests build them from an in-process bot's parts). */
export function modelsAndWalletRoutes(parts: AppWalletParts): CustomerRoute[] {
  const { config, services, i18n, api } = parts;
  const { catalog, contentRules, wallet, subscriptions, promo, referrals, ordering, accounts } = services;
  // The customer's chat language (/language, else Telegram's): the chat's invoices are in it too.
  const chatTexts = async (userId: number) =>
    textsForUser(i18n, await accounts.find(userId), config.defaultLocale);
  const models = (userId: number, locale: string) =>
    customerModels(
      {
        catalog,
        contentRules,
        pricing: wallet?.pricing,
        showPrices: config.branding.showPrices !== false,
        textsOf: (model, asked) => {
          const texts = textsFor(i18n, asked);
          return { name: modelName(texts, model), description: modelDescription(texts, model) };
        },
        planStarsLeft: async (userId) => {
          const status = await subscriptions?.status(userId);
          return status?.subscription.state === 'active' ? status.allowanceLeft : undefined;
        },
        ...(parts.examplesFor && { examplesFor: parts.examplesFor }),
      },
      userId,
      locale,
    );
  const appWallet = wallet
    ? new AppWalletService({
        wallet,
        subscriptions,
        promo,
        referrals,
        referralRules: config.billing.mode === 'stars' ? config.billing.referral : undefined,
        findOrder: (id) => ordering.find(id),
        planName: (planId, locale) => planName(textsFor(i18n, locale), { id: planId }),
        inviteLink: (code) => {
          const username = parts.botUsername();
          return username ? referralLink(username, code) : undefined;
        },
        links: {
          topup: async (userId, payload, stars) =>
            topupInvoiceLink(api, await chatTexts(userId), payload, stars),
          plan: async (userId, invoice) => planInvoiceLink(api, await chatTexts(userId), invoice),
        },
      })
    : null;
  return [...appModelsRoutes({ models }), ...appWalletRoutes(appWallet)];
}

export function walletEndpoints(rt: BotRuntime): CustomerRoute[] {
  return modelsAndWalletRoutes({
    config: rt.config,
    services: rt.services,
    i18n: rt.i18n,
    api: rt.bot.api,
    botUsername: () => botUsernameOf(rt),
    examplesFor: exampleShowcase(rt),
  });
}
