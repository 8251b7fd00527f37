/**
 * The admin tools' services in one place: statistics, the balance monitor and the alerts, plus the
 * order-pipeline hooks through which they observe refusals and completed orders.
 */
import type { Config } from '../config.js';
import type { Store } from '../db/index.js';
import type { Logger } from '../logger.js';
import type { ResellerClient } from '../reseller/client.js';
import { AdminAlerts } from './admin-alerts.js';
import { AdminStatsService } from './admin-stats.js';
import { BalanceMonitor } from './balance-monitor.js';
import type { OrderPipelineHooks } from './order-hooks.js';

export interface AdminServices {
  stats: AdminStatsService;
  alerts: AdminAlerts;
  balance: BalanceMonitor;
}

export function createAdminServices(opts: {
  config: Pick<Config, 'adminIds' | 'balanceAlert'>;
  logger: Logger;
  store: Pick<Store, 'alerts' | 'stats' | 'orders'>;
  client: Pick<ResellerClient, 'getBalance'>;
}): AdminServices {
  const { config, logger, store, client } = opts;
  const alerts = new AdminAlerts({
    store: store.alerts,
    logger,
    adminCount: config.adminIds.length,
  });
  const balance = new BalanceMonitor({
    getBalance: () => client.getBalance(),
    alerts,
    thresholdUsd: config.balanceAlert.lowUsd,
    intervalMs: config.balanceAlert.checkMs,
    logger,
  });
  return { stats: new AdminStatsService(store), alerts, balance };
}

/**
 * `base` (if any) with the admin observers in front: a refused order feeds the alerts, a completed
 * one asks for a balance check, one whose results reached nobody is reported with its id. The
 * observers never throw, so `base` runs exactly as before.
 */
export function withAdminHooks(
  base: OrderPipelineHooks | undefined,
  admin: Pick<AdminServices, 'alerts' | 'balance'>,
): OrderPipelineHooks {
  const hooks: OrderPipelineHooks = {
    onNotOrdered: async (order, error) => {
      admin.alerts.orderRefused(order, error);
      if (error.code === 'insufficient_balance') admin.balance.requestCheck();
      await base?.onNotOrdered?.(order, error);
    },
    onFinalState: async (order) => {
      if (order.status === 'completed') admin.balance.requestCheck();
      await base?.onFinalState?.(order);
    },
    onDelivered: async (order) => {
      if (order.deliveryOutcome === 'none') {
        admin.alerts.raiseLater(
          { kind: 'undelivered_order', orderId: order.id, modelName: order.modelName, chatId: order.chatId },
          order.id,
        );
      }
      await base?.onDelivered?.(order);
    },
  };
  if (base?.beforeSubmit) hooks.beforeSubmit = (order) => base.beforeSubmit!(order);
  return hooks;
}
