/**
 * The composition root: the parts every bot of the process shares (config, store engine, upstream,
 * texts, and what added bots start from: BOT_TEMPLATE), then the main bot's runtime on them
 * (bot-runtime.ts: its services, bot, workers and chores). Building starts nothing: app.ts starts
 * and stops them, jobs.ts lists the singleton jobs, routes.ts the HTTP routes, bot-fleet.ts serves
 * the bots added at run time.
 */
import { addedBotBase, type Config } from '../config.js';
import { MAIN_BOT_ID, openStore } from '../db/index.js';
import { trustingOrigin } from '../lib/url-policy.js';
import type { Logger } from '../logger.js';
import { LIVE_SETTINGS_REFRESH_MS } from '../services/live-settings.js';
import { SettingsWatch } from '../services/settings-watch.js';
import { createI18n } from '../telegram/i18n.js';
import { reportUntranslatedTo } from '../telegram/texts/labels.js';
import { connectUpstream, type Upstream } from '../upstream.js';
import { InboxLooks } from '../workers/inbox-looks.js';
import { InboxPartition } from '../workers/inbox-partition.js';
import { SlotShare } from '../workers/slot-share.js';
import { type BotRuntime, createBotRuntime, type SharedParts } from './bot-runtime.js';

export type { Chore } from './bot-runtime.js';

/** The main bot's runtime, with the parts it shares with every added bot. */
export interface Container extends BotRuntime {
  upstream: Upstream;
  shared: SharedParts;
}

export async function createSharedParts(loaded: Config, logger: Logger): Promise<SharedParts> {
  let config = loaded;
  // Migrated before anything reads it (on PostgreSQL under an advisory lock: replicas may start together).
  const store = await openStore(config.database, { defaultLocale: config.defaultLocale });
  const upstream = await connectUpstream(config, logger);
  // Sandbox mode: the in-process simulator serves its results from its own origin (plain http on
  // loopback). That origin, exactly, is trusted; every other result URL stays under the strict policy.
  if (upstream.sandbox)
    config = { ...config, resultUrls: trustingOrigin(config.resultUrls, upstream.baseUrl) };
  const i18n = createI18n(config.defaultLocale, config.branding, config.billing.mode, config.timeZone);
  // A catalog word shown as upstream wrote it (no text of ours yet) is logged once, to be translated.
  reportUntranslatedTo((kind, slug, locale) =>
    logger.warn({ kind, slug, locale }, 'catalog word without a translation: add it to locales/'),
  );
  // Added bots start from BOT_TEMPLATE's settings: their own texts when it names any.
  const added = addedBotBase(config);
  const addedBots = {
    config: added,
    i18n: config.botTemplate
      ? createI18n(added.defaultLocale, added.branding, added.billing.mode, added.timeZone)
      : i18n,
  };
  // Every bot's settings version in one look every 2 s, not one look per bot.
  const settingsWatch = new SettingsWatch({
    versions: store.settingsVersions,
    logger,
    intervalMs: LIVE_SETTINGS_REFRESH_MS,
  });
  // The replicas split the inbox's lanes: this one claims its own shards (issue 41). Its place among
  // them lapses within 6 s (or three quarters of a claim's lease, if shorter): a dead replica's
  // chats wait no longer than that for the others, who renew every quarter of it (one statement).
  const partition = new InboxPartition({
    replicas: store.inboxReplicas,
    owner: config.replicaId,
    leaseMs: Math.min(6_000, Math.floor((config.inboxLeaseMs * 3) / 4)),
    ...(store.engine.listen && { listen: store.engine.listen }),
    logger,
  });
  // Every quiet bot's inbox in one look every 250 ms, not a claiming pass per bot.
  const inboxLooks = new InboxLooks({
    waiting: store.waitingBots,
    logger,
    intervalMs: 250,
    shards: () => partition.range(),
  });
  return {
    config,
    logger,
    store,
    upstream,
    i18n,
    addedBots,
    slots: new SlotShare(),
    settingsWatch,
    inboxLooks,
    partition,
  };
}

/** The main bot's runtime on the shared parts (the main bot is never suspended). */
export function mainContainer(shared: SharedParts): Container {
  const { config } = shared;
  const main = createBotRuntime(shared, {
    id: MAIN_BOT_ID,
    token: config.botToken,
    adminIds: config.adminIds,
    suspended: () => false,
  });
  return { ...main, upstream: shared.upstream, shared };
}
