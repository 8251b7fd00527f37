/**
 * Several OrderPipelineHooks as one (per-user limits, a wallet, ...), each step calling them in order.
 */
import { ResellerError } from '../reseller/errors.js';
import type { OrderPipelineHooks, OrderRecord } from './order-hooks.js';

/** Runs every call even when one fails, then throws the first failure (all of them if several). */
async function runAll(calls: Array<() => Promise<void> | undefined>): Promise<void> {
  const errors: unknown[] = [];
  for (const call of calls) {
    try {
      await call();
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1) throw new AggregateError(errors, 'several order hooks failed');
}

/**
 * beforeSubmit runs the hooks in order and stops at the first refusal; the hooks that had already
 * passed hear onNotOrdered for that order (a wallet releases its hold), because the pipeline never
 * tells them otherwise. Put checks that hold nothing (limits) first. onNotOrdered, onFinalState and
 * onDelivered reach every hook, even after one of them failed.
 */
export function composeHooks(...list: Array<OrderPipelineHooks | undefined>): OrderPipelineHooks {
  const hooks = list.filter((h): h is OrderPipelineHooks => h !== undefined);
  return {
    async beforeSubmit(order: OrderRecord) {
      for (const [i, hook] of hooks.entries()) {
        try {
          await hook.beforeSubmit?.(order);
        } catch (refusal) {
          const error = new ResellerError('refused', 'a later beforeSubmit hook refused the order');
          try {
            await runAll(hooks.slice(0, i).map((passed) => () => passed.onNotOrdered?.(order, error)));
          } catch (releaseFailure) {
            // The refusal stays first: the bot explains it; the failed release is logged with it.
            throw new AggregateError([refusal, releaseFailure], 'order refused; releasing a hold failed');
          }
          throw refusal;
        }
      }
    },
    onNotOrdered: (order, error) => runAll(hooks.map((hook) => () => hook.onNotOrdered?.(order, error))),
    onFinalState: (order) => runAll(hooks.map((hook) => () => hook.onFinalState?.(order))),
    onDelivered: (order) => runAll(hooks.map((hook) => () => hook.onDelivered?.(order))),
  };
}
