/**
 * A model's name as customers see it: the one an admin gave it in the reader's language (live
 * settings), else the English one they gave (a language admins name nothing in reads English),
 * else upstream's. Plain text: escaped like any variable when put into a message.
 */
import type { CatalogModel } from '../../services/catalog.js';
import type { ModelDisplay } from '../../services/live-settings.js';

export function modelName(texts: { locale: string }, model: Pick<CatalogModel, 'name' | 'display'>): string {
  const names: Record<string, string | null> | undefined = model.display?.name;
  return names?.[texts.locale] ?? names?.en ?? model.name;
}

/** The short description an admin gave the model in the reader's language (else English), if any. */
export function modelDescription(
  texts: { locale: string },
  model: Pick<CatalogModel, 'display'>,
): string | undefined {
  const descriptions: Record<string, string | null> | undefined = model.display?.description;
  return descriptions?.[texts.locale] ?? descriptions?.en ?? undefined;
}

/** The names admins gave models, by model id, readable at once (CatalogService.displayOf). */
export type ModelDisplays = (modelId: number) => Pick<ModelDisplay, 'name'> | undefined;

/**
 * `order` with its model named as customers read it in `texts`' language: the name an admin gave it
 * now, else the one stored with the order (upstream's). For the views drawn from the order row alone
 * (the status message, the result caption), so they match the form and the price summary.
 */
export function withShownModelName<T extends { modelId: number; modelName: string }>(
  texts: { locale: string },
  order: T,
  displays: ModelDisplays | undefined,
): T {
  const names: Record<string, string | null> | undefined = displays?.(order.modelId)?.name;
  const name = names?.[texts.locale] ?? names?.en;
  return name ? { ...order, modelName: name } : order;
}
