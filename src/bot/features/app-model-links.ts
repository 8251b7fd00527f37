/**
 * A model's form, opened from the customers' app (issue 43, `/start m_<model id>`): the same header
 * and the same conversation as picking the model from the menu. A model this customer is not offered
 * (not in the catalog, hidden, kept from them by the content rules), or no catalog at all, is false:
 * the customer gets the menu, as for any link the bot does not know.
 */
import { modelOfferedTo } from '../../services/app/models.js';
import type { BotContext } from '../context.js';
import { enterModelForm, formHeader } from './generate.js';

export async function openModelForm(ctx: BotContext, modelId: string): Promise<boolean> {
  if (!/^\d{1,12}$/.test(modelId) || !ctx.from) return false;
  const model = await modelOfferedTo(ctx.deps, ctx.from.id, Number(modelId)).catch((err: unknown) => {
    ctx.logger.warn({ err }, 'model link: the catalog could not be read');
    return undefined;
  });
  if (!model) return false;
  await ctx.reply(formHeader(ctx, model));
  await enterModelForm(ctx, model);
  return true;
}
