/**
 * The models an order made in front of others can use (a group's, or a guest card's; issue 42):
 * those made from a description alone, pictures first, and among them those that take no file at
 * all (a text-to-image model before an editing one), as the content rules open them to the caller.
 */
import type { CatalogModel } from '../../services/catalog.js';
import { ordersFromPromptAlone, planForm } from '../../services/model-form.js';
import type { BotDeps } from '../context.js';

/** Pictures first: the quickest and cheapest thing to make for a chat. */
const TYPE_ORDER = ['image', 'video'];
const typeRank = (type: string) => (TYPE_ORDER.includes(type) ? TYPE_ORDER.indexOf(type) : TYPE_ORDER.length);

export async function publicOrderModels(
  deps: Pick<BotDeps, 'catalog' | 'contentRules'>,
  userId: number,
): Promise<CatalogModel[]> {
  const files = (model: CatalogModel) => planForm(model).media.length;
  const models = (await deps.catalog.getModels())
    .filter(ordersFromPromptAlone)
    .sort((a, b) => typeRank(a.type) - typeRank(b.type) || files(a) - files(b));
  return deps.contentRules.openTo(userId, 'group', models);
}
