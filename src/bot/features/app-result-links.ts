/**
 * A result's Again, Change and Use as input, opened from the customers' app (issue 43): built in the
 * gallery's slice; until then the customer gets the menu (false), as for any link the bot does not know.
 */
import type { BotContext } from '../context.js';

export async function openResultAction(
  _ctx: BotContext,
  _action: 'again' | 'change' | 'input',
  _orderId: string,
): Promise<boolean> {
  return false;
}
