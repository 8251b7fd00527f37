/**
 * A model's form, opened from the customers' app (issue 43): built in the models' slice; until then
 * the customer gets the menu (false), as for any link the bot does not know.
 */
import type { BotContext } from '../context.js';

export async function openModelForm(_ctx: BotContext, _modelId: string): Promise<boolean> {
  return false;
}
