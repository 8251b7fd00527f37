/**
 * A result's Again, Change and Use as input, opened from the customers' app (issue 43) by a deep
 * link (`/start a_<order id>`, `h_<order id>`, `u_<order id>[_<file index>]`): the same flows as the
 * buttons under a result (after-result.ts), with their quote, confirm and hold rules. Only the
 * customer's own finished order (their chat's, theirs in a group or on a guest card) opens anything;
 * any other id, a forged one or an unfinished order is false: the customer gets the menu, as for any
 * link the bot does not know, and learns nothing of whose order it was.
 */
import type { OrderRecord } from '../../db/records.js';
import { isFinalStatus } from '../../domain/order-state.js';
import { modelsTaking } from '../../services/result-reuse.js';
import { mainMenuButton } from '../../telegram/keyboards/main-menu.js';
import type { BotContext } from '../context.js';
import { againFlow, changeFlow, offerModelsTaking, reusableFile } from './after-result.js';

/** `<order id>` or `<order id>_<file index>` (an order id has no `_`). */
function parseCode(code: string): { id: string; n: number } {
  const match = /^([A-Za-z0-9-]+)_(\d{1,3})$/.exec(code);
  return match ? { id: match[1]!, n: Number(match[2]) } : { id: code, n: 0 };
}

async function ownFinishedOrder(ctx: BotContext, id: string): Promise<OrderRecord | undefined> {
  const userId = ctx.from?.id;
  if (userId === undefined || ctx.chat?.type !== 'private') return undefined;
  const order = await ctx.deps.ordering.findForCustomer(id, userId);
  return order && order.stage === 'submitted' && isFinalStatus(order.status) ? order : undefined;
}

/** ➕ Use as input from the app: the models that take this result file, or a sentence why none. */
async function useAsInput(ctx: BotContext, order: OrderRecord, n: number): Promise<boolean> {
  const reusable = reusableFile(order, n);
  if (!reusable) {
    await ctx.reply(ctx.t('after-result-use-gone'), { reply_markup: mainMenuButton(ctx) });
    return true;
  }
  let groups: Awaited<ReturnType<typeof ctx.deps.catalog.groups>>;
  try {
    groups = await ctx.deps.catalog.groups();
  } catch (error) {
    ctx.logger.warn({ err: error }, 'use as input: the catalog could not be loaded');
    await ctx.reply(ctx.t('gen-catalog-unavailable'), { reply_markup: mainMenuButton(ctx) });
    return true;
  }
  const taking = modelsTaking(groups, reusable.kind);
  if (taking.length === 0) {
    await ctx.reply(ctx.t('after-result-use-none'), { reply_markup: mainMenuButton(ctx) });
    return true;
  }
  await offerModelsTaking(ctx, { id: order.id, n, kind: reusable.kind }, taking);
  return true;
}

export async function openResultAction(
  ctx: BotContext,
  action: 'again' | 'change' | 'input',
  code: string,
): Promise<boolean> {
  const { id, n } = parseCode(code);
  const order = await ownFinishedOrder(ctx, id);
  if (!order) return false;
  if (action === 'again') await againFlow(ctx, order);
  else if (action === 'change') await changeFlow(ctx, order);
  else return useAsInput(ctx, order, n);
  return true;
}
