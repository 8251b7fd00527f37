/**
 * Serves the bots added at run time (issue 40) beside the main bot, in this process: each gets its
 * own runtime (bot-runtime.ts) on the shared engine and upstream (with its own upstream key if its
 * admin set one), its own way in (a long poll, or its webhook route /telegram/<bot id> with a
 * secret of its own) and its singleton jobs on the cluster's one lock. A bot added here is served
 * at once; every replica also looks at the registry every few seconds, so a bot added, suspended or
 * resumed on another replica, or given another upstream key, follows within that.
 * A bot whose token stops working is logged and left out; the others go on.
 */

import { Api, GrammyError, InputFile } from 'grammy';
import type { LanguageCode } from 'grammy/types';
import { type BotRecord, MAIN_BOT_ID } from '../db/index.js';
import { Periodic } from '../lib/periodic.js';
import type { Logger } from '../logger.js';
import { miniAppUrlOf } from '../server/miniapp/api.js';
import { type Route, type RouteHandler, route, send } from '../server/router.js';
import {
  BOT_WEBHOOKS_PATH,
  botIdOfWebhookPath,
  botWebhookPath,
  botWebhookSecret,
} from '../server/webhook.js';
import { type BotFigures, RefusedTokenError, type TokenOwner } from '../services/bot-registry.js';
import type { SingletonJob, SingletonJobs } from '../services/singleton-jobs.js';
import { type Locale, languageCodeOf, SUPPORTED_LOCALES } from '../telegram/i18n.js';
import { suggestedBotName } from '../telegram/managed-bot.js';
import { pollIntake, registerWebhook, webhookIntake } from './bot-intake.js';
import { startBot, stopBot } from './bot-lifecycle.js';
import { type BotRuntime, createBotRuntime, type SharedParts } from './bot-runtime.js';
import { singletonJobs } from './jobs.js';

/** How often each replica reads the registry for bots added or changed elsewhere. */
const SYNC_MS = 5_000;

interface Served {
  token: string;
  /** Its own upstream key as sealed in the registry, or null for the shared one: a change serves it again. */
  upstreamKeySealed: string | null;
  runtime: BotRuntime;
  jobs: SingletonJob[];
  stopReceiving: () => Promise<void>;
  handle: RouteHandler | undefined;
}

export interface BotFleetOptions {
  shared: SharedParts;
  /** The main bot's runtime: its registry and its figures. */
  main: BotRuntime;
  singletons: SingletonJobs;
  logger: Logger;
}

export class BotFleet {
  readonly #opts: BotFleetOptions;
  readonly #served = new Map<number, Served>();
  /** Each added bot's registry row as last read (its status decides whether it is suspended). */
  readonly #records = new Map<number, BotRecord>();
  /** One change at a time: a sync and an add never start the same bot twice. */
  #turn: Promise<unknown> = Promise.resolve();
  readonly #sync: Periodic<void>;
  #stopped = false;
  /** Bots whose last start failed and was logged: tried again at each sync, logged once. */
  readonly #failing = new Set<number>();

  constructor(opts: BotFleetOptions) {
    this.#opts = opts;
    this.#sync = new Periodic({
      name: 'sync-added-bots',
      intervalMs: SYNC_MS,
      logger: opts.logger,
      run: () => this.#serialized(() => this.#syncOnce()),
    });
    opts.main.services.bots.bindFleet({
      identify: (token) => identify(token, opts.shared.config.telegram.apiRoot),
      serve: (bot, token) => this.#serialized(() => this.#serve(bot, token)),
      statusChanged: async (bot) => {
        this.#records.set(bot.id, bot);
      },
      setUpProfile: (botId, creator) => this.#setUpProfile(botId, creator),
      figures: (botId) => this.#figures(botId),
    });
  }

  /** Serves every stored bot, then keeps following the registry. */
  async start(): Promise<void> {
    await this.#sync.runOnce();
    this.#sync.start();
  }

  /** Stops following the registry and drains every added bot. */
  async stop(graceMs: number): Promise<void> {
    this.#stopped = true;
    await this.#sync.stop();
    await this.#serialized(async () => {
      await Promise.all([...this.#served.values()].map((s) => this.#stopServing(s, graceMs)));
      this.#served.clear();
    });
  }

  /** The runtime of a bot served here (the main bot's included), or undefined. */
  runtimeOf(botId: number): BotRuntime | undefined {
    return botId === MAIN_BOT_ID ? this.#opts.main : this.#served.get(botId)?.runtime;
  }

  /** POST /telegram/<bot id>: the added bot's webhook, 503 while this replica does not serve it yet. */
  webhookRoute(): Route {
    return route('POST', BOT_WEBHOOKS_PATH, async (req, res) => {
      const botId = botIdOfWebhookPath((req.url ?? '').split('?')[0] ?? '');
      const served = botId === undefined ? undefined : this.#served.get(botId);
      if (!served?.handle) {
        // Telegram sends it again: by then this replica has read the registry.
        send(res, botId === undefined ? 404 : 503);
        req.resume();
        return;
      }
      await served.handle(req, res);
    });
  }

  #serialized<T>(work: () => Promise<T>): Promise<T> {
    const next = this.#turn.then(work, work);
    this.#turn = next.catch(() => undefined);
    return next;
  }

  async #syncOnce(): Promise<void> {
    if (this.#stopped) return;
    const wanted = await this.#opts.main.services.bots.served();
    for (const { bot, token } of wanted) {
      this.#records.set(bot.id, bot);
      if (this.#servedAsIs(bot, token)) continue;
      await this.#serve(bot, token).catch((err: unknown) => {
        if (this.#failing.has(bot.id)) return;
        this.#failing.add(bot.id);
        this.#opts.logger.error(
          { err, bot: bot.id },
          'could not serve an added bot: trying again every few seconds',
        );
      });
    }
  }

  /**
   * Starts serving the bot (again, with a new token or upstream key, if it was served already).
   * Its admin changes its upstream key only while it has no order in flight
   * (services/upstream-key.ts), so the runtime it replaces leaves no order for the other account.
   */
  async #serve(record: BotRecord, token: string): Promise<void> {
    if (this.#stopped || record.id === MAIN_BOT_ID) return;
    this.#records.set(record.id, record);
    if (this.#servedAsIs(record, token)) return;
    const before = this.#served.get(record.id);
    const registry = this.#opts.main.services.bots;
    const upstreamKey = registry.upstreamKeyOf(record);
    if (before) {
      this.#served.delete(record.id);
      await this.#stopServing(before, this.#opts.shared.config.drainGraceMs);
    }
    const { shared } = this.#opts;
    const runtime = createBotRuntime(
      { ...shared, config: addedBotConfig(shared, record.id), i18n: shared.addedBots.i18n },
      {
        id: record.id,
        token,
        adminIds: record.createdBy === null ? [] : [record.createdBy],
        suspended: () => this.#records.get(record.id)?.status === 'suspended',
        // Its spend cap reached: the operator hears it from the main bot.
        operatorAlerts: this.#opts.main.services.admin.alerts,
        ...(upstreamKey !== null && { upstreamKey }),
        // Set or cleared by its admin here: served again now (other replicas follow at their sync).
        upstreamKeyChanged: () => this.#followRegistry(),
      },
    );
    const jobs = singletonJobs(runtime).map((job) => ({ ...job, name: `${job.name}:bot-${record.id}` }));
    try {
      await startBot(runtime);
      await this.#opts.singletons.add(jobs);
      const receiving = await this.#receive(runtime);
      this.#served.set(record.id, {
        token,
        upstreamKeySealed: record.upstreamKeySealed,
        runtime,
        jobs,
        ...receiving,
      });
    } catch (err) {
      // Whatever had started stops, so the next try starts from nothing (no second set of loops).
      await this.#opts.singletons.remove(jobs).catch(() => undefined);
      await stopBot(runtime, 0).catch(() => undefined);
      throw err;
    }
    this.#failing.delete(record.id);
    runtime.logger.info({ username: runtime.bot.botInfo.username }, 'added bot started');
  }

  /** Served here already with this token and upstream key: nothing to start again. */
  #servedAsIs(record: BotRecord, token: string): boolean {
    const served = this.#served.get(record.id);
    return served?.token === token && served.upstreamKeySealed === record.upstreamKeySealed;
  }

  /**
   * Reads the registry now rather than at the next sync. Not awaited by whoever asks: the update
   * that asked must finish before its bot's runtime can drain.
   */
  #followRegistry(): void {
    this.#serialized(() => this.#syncOnce()).catch((err: unknown) =>
      this.#opts.logger.error({ err }, 'could not follow the bot registry'),
    );
  }

  async #receive(rt: BotRuntime): Promise<Pick<Served, 'stopReceiving' | 'handle'>> {
    const { mode } = this.#opts.shared.config;
    if (mode.kind === 'webhook') {
      const secret = botWebhookSecret(mode.secret, rt.botId);
      const handle = webhookIntake(rt, secret);
      await registerWebhook(rt, mode.url, botWebhookPath(rt.botId), secret);
      return { handle, stopReceiving: async () => undefined };
    }
    // One bot's revoked token ends its polling only: the process and the other bots go on.
    const stopReceiving = await pollIntake(rt, (err) =>
      rt.logger.error({ err }, 'Telegram ended polling for an added bot'),
    );
    return { handle: undefined, stopReceiving };
  }

  async #stopServing(served: Served, graceMs: number): Promise<void> {
    await served.stopReceiving();
    await this.#opts.singletons.remove(served.jobs);
    await stopBot(served.runtime, graceMs);
  }

  /**
   * A bot just created through the main bot gets the template's profile through its own Api: the
   * description and short description in each language we speak (and the default language's for
   * everyone else), in its own texts (BOT_TEMPLATE's brand), and BOT_PHOTO as its profile photo
   * when the template names one. Its name is the one its creator chose in Telegram's dialog; when
   * that is the name the main bot suggested, each language gets the suggestion in that language.
   * The command menus were registered when it started (bot-lifecycle.ts).
   */
  async #setUpProfile(botId: number, creator: { firstName: string }): Promise<void> {
    const rt = this.#served.get(botId)?.runtime;
    if (!rt) return;
    const { i18n, config } = rt;
    const { api } = rt.bot;
    // The suggestion /newbot offered (in the added bots' texts), so a kept one is recognised.
    const suggested = (locale: Locale) => suggestedBotName(i18n, locale, creator.firstName);
    const keptSuggestion = SUPPORTED_LOCALES.some(
      (locale) => suggested(locale) === rt.bot.botInfo.first_name,
    );
    const languages: Array<{ locale: Locale; language_code?: LanguageCode }> = [
      ...SUPPORTED_LOCALES.map((locale) => ({ locale, language_code: languageCodeOf(locale) })),
      { locale: config.defaultLocale },
    ];
    try {
      for (const { locale, language_code } of languages) {
        const other = language_code ? { language_code } : {};
        await api.setMyDescription(i18n.t(locale, 'managed-bots-profile-description'), other);
        await api.setMyShortDescription(i18n.t(locale, 'managed-bots-profile-short-description'), other);
        if (keptSuggestion && language_code) await api.setMyName(suggested(locale), other);
      }
    } catch (err) {
      rt.logger.warn({ err }, 'could not set the profile of a bot just created');
    }
    const photo = config.botTemplate?.photoPath;
    if (!photo) return;
    try {
      await api.setMyProfilePhoto({ type: 'static', photo: new InputFile(photo) });
    } catch (err) {
      rt.logger.warn({ err }, 'could not set the profile photo of a bot just created');
    }
  }

  async #figures(botId: number): Promise<BotFigures> {
    const rt = this.runtimeOf(botId);
    if (!rt) throw new Error(`bot ${botId} is not served here`);
    const [customers, money] = await Promise.all([
      rt.store.users.count(),
      rt.services.admin.dashboard.money(7),
    ]);
    return {
      customers,
      revenueStars: money.totals.revenueStars,
      costUsd: money.totals.costUsd,
      spentTodayUsd: await rt.services.spendCap.spentToday(),
    };
  }
}

/**
 * An added bot starts from the template (BOT_TEMPLATE's settings over the main bot's, the main
 * bot's own without one: SharedParts.addedBots); its control room is the same page with the bot's
 * id in the URL (`?bot=<id>`), which the page names on each API call: the API checks its initData
 * with this bot's token and admins (server/miniapp/api.ts).
 */
function addedBotConfig(shared: SharedParts, botId: number): SharedParts['config'] {
  const { config } = shared.addedBots;
  return { ...config, miniApp: { ...config.miniApp, url: miniAppUrlOf(config.miniApp.url, botId) } };
}

/** getMe with a token: who it belongs to, or RefusedTokenError when Telegram does not know it. */
async function identify(token: string, apiRoot: string): Promise<TokenOwner> {
  try {
    const me = await new Api(token, { apiRoot }).getMe();
    return { id: me.id, username: me.username };
  } catch (error) {
    if (error instanceof GrammyError && (error.error_code === 401 || error.error_code === 404)) {
      throw new RefusedTokenError('Telegram does not know this token');
    }
    throw error;
  }
}
