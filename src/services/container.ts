/**
 * Builds the services on top of the database and the upstream, in one place for the bot process,
 * the tests and the benchmarks.
 */
import type { Config } from '../config.js';
import type { OrdersRepository, Store, UsersRepository } from '../db/index.js';
import type { Logger } from '../logger.js';
import { ResellerClient } from '../reseller/client.js';
import { Accounts } from './accounts.js';
import { AuditTrail } from './admin/audit-trail.js';
import { BroadcastAdmin } from './admin/broadcasts.js';
import { CustomerAdmin } from './admin/customers.js';
import { type AdminServices, createAdminServices, withAdminHooks } from './admin.js';
import { CatalogService, type ModelSource } from './catalog.js';
import { composeHooks } from './compose-hooks.js';
import { MediaRelay, type TelegramFileInfo } from './media-relay.js';
import type { OrderPipelineHooks } from './order-hooks.js';
import { OrderingService } from './ordering.js';
import { PromptLibraryService } from './prompt-library.js';
import { UserLimits } from './user-limits.js';
import { WalletService } from './wallet/wallet.js';
import { WalletAdmin } from './wallet/wallet-admin.js';

export interface Services {
  users: UsersRepository;
  orders: OrdersRepository;
  client: ResellerClient;
  catalog: CatalogService;
  ordering: OrderingService;
  relay: MediaRelay;
  /**
   * The admins' tools: /balance, /stats and the alerts (the monitor runs only once main.ts starts
   * it), broadcasts, customers, wallet refunds and grants (null unless BILLING=stars), the audit log.
   */
  admin: AdminTools;
  /** The sender's own account: their stored row on every update, their language. */
  accounts: Accounts;
  promptLibrary: PromptLibraryService;
  /** The customers' Stars wallet; null unless BILLING=stars. */
  wallet: WalletService | null;
  /** Per-user caps (MAX_ACTIVE_ORDERS_PER_USER and the daily ones) and a customer's usage of them. */
  limits: UserLimits;
}

export interface AdminTools extends AdminServices {
  /** Started, paused, resumed, cancelled and audited (/broadcast; the sender runs once in the cluster). */
  broadcasts: BroadcastAdmin;
  /** A customer's card and ban, audited (/user). */
  customers: CustomerAdmin;
  /** Refunds and grants, audited (/refund, /grant, /wallet <id>); null unless BILLING=stars. */
  wallet: WalletAdmin | null;
  /** What admins did (/audit). */
  audit: AuditTrail;
}

export function createServices(opts: {
  config: Config;
  logger: Logger;
  store: Store;
  upstream: { baseUrl: string; apiKey: string };
  /** Telegram's getFile (the bot's Api): the relay asks it where a user's file is. */
  getFile?: (fileId: string) => Promise<TelegramFileInfo>;
  hooks?: OrderPipelineHooks;
}): Services {
  const { config, logger, store } = opts;
  const client = new ResellerClient({ baseUrl: opts.upstream.baseUrl, apiKey: opts.upstream.apiKey, logger });
  // HIDDEN_MODEL_TYPES: whole categories never reach the catalog, so menu, form and prompt library agree.
  const hiddenTypes = new Set(config.catalog.hiddenModelTypes);
  const models: ModelSource =
    hiddenTypes.size === 0
      ? client
      : {
          readCatalog: async () => {
            const reading = await client.readCatalog();
            return { ...reading, models: reading.models.filter((m) => !hiddenTypes.has(m.type)) };
          },
        };
  const admin = createAdminServices({ config, logger, store, client });
  const catalog = new CatalogService(models, {
    logger,
    allowedModelIds: config.catalog.allowedModelIds,
    store: store.catalogSnapshots,
    reporter: {
      unreadableModel: (model, reason) =>
        admin.alerts.raiseLater({ kind: 'unreadable_model', model, reason }, model),
      servingStored: (error, count) => admin.alerts.raiseLater({ kind: 'catalog_stale', error, count }),
    },
  });
  const wallet =
    config.billing.mode === 'stars'
      ? new WalletService({ ledger: store.wallet, config: config.billing, logger })
      : null;
  const limits = new UserLimits(store.stats, config.userLimits);
  const ordering = new OrderingService({
    orders: store.orders,
    client,
    catalog,
    logger,
    // Per-user limits first: they hold nothing, so a refusal there needs no release elsewhere. The
    // wallet's hold is not a hook: it is booked in the transaction that starts the submission.
    hooks: withAdminHooks(composeHooks(limits.hooks, wallet?.hooks, opts.hooks), admin),
    ...(wallet && {
      starPrice: (modelId: number, usd: string) => wallet.pricing.starsFor(modelId, usd),
      submissionHold: (tx, order) => wallet.holdForSubmission(tx, order),
      settle: (tx, orderId) => wallet.settle(orderId, tx),
    }),
    // The catalog priced it wrong (or upstream changed its prices): admins hear, the catalog reloads.
    onChargeMismatch: (order, chargedUsd) => {
      admin.alerts.raiseLater(
        { kind: 'charge_mismatch', modelName: order.modelName, confirmedUsd: order.priceUsd, chargedUsd },
        String(order.modelId),
      );
      catalog
        .refresh()
        .catch((err: unknown) => logger.warn({ err }, 'catalog refresh after a charge mismatch failed'));
    },
  });
  const relay = new MediaRelay({
    getFile: async (fileId) => {
      if (!opts.getFile) throw new Error('no Telegram getFile given to createServices');
      return opts.getFile(fileId);
    },
    token: config.botToken,
    apiRoot: config.telegram.apiRoot,
    localFiles: config.telegram.localFiles,
    client,
    logger,
  });
  return {
    users: store.users,
    orders: ordering.orders,
    client,
    catalog,
    ordering,
    relay,
    admin: {
      ...admin,
      broadcasts: new BroadcastAdmin({
        broadcasts: store.broadcasts,
        audit: store.audit,
        logger,
        rate: config.broadcastRate,
      }),
      customers: new CustomerAdmin({
        users: store.users,
        orders: store.orders,
        stats: store.stats,
        audit: store.audit,
        adminIds: config.adminIds,
        logger,
      }),
      wallet: wallet && new WalletAdmin({ wallet, users: store.users, audit: store.audit, logger }),
      audit: new AuditTrail(store.audit, store.users),
    },
    accounts: new Accounts(store.users, config.adminIds),
    promptLibrary: new PromptLibraryService(client, { logger }),
    wallet,
    limits,
  };
}
