/**
 * The customers' app's Models tab (issue 43): every model this bot offers this customer, in the
 * chat menu's order (the catalog's groups: live settings' offered models, cheapest first), those the
 * content rules keep for regular customers marked with how many paid generations open them, each
 * with the reseller's texts, what its form asks for (planForm) and the price the chat's menu shows
 * (shownPrice). Names and descriptions come
 * through `textsOf`, the chat's own rule, handed in by the app layer.
 */
import type { Model } from '../../reseller/schemas.js';
import type { CatalogModel, CatalogService } from '../catalog.js';
import type { ContentRulesService } from '../content-rules.js';
import { planForm } from '../model-form.js';
import { needsQuote, shownPrice } from '../pricing.js';
import type { StarPricing } from '../wallet/star-pricing.js';
import type { AppCount, AppModel, AppModelExample, AppModels, AppModelTakes } from './models-types.js';

export interface AppModelsDeps {
  catalog: Pick<CatalogService, 'groups' | 'getModel'>;
  contentRules: Pick<ContentRulesService, 'openTo' | 'gatesFor'>;
  /** Stars billing's prices; undefined: prices in USD. */
  pricing: Pick<StarPricing, 'starsFor' | 'isFixed'> | undefined;
  /** False where customers are not shown prices (SHOW_PRICES=false). */
  showPrices: boolean;
  /** The model's name and description in `locale`, as the chat words them. */
  textsOf(model: CatalogModel, locale: string): { name: string; description: string | undefined };
  /** The customer's active plan's Stars left (undefined: no plan, or no subscriptions). */
  planStarsLeft(userId: number): Promise<number | undefined>;
  /** The examples shown of these models, by model, with links signed for `userId` (none: no examples). */
  examplesFor?(userId: number, modelIds: readonly number[]): Promise<ReadonlyMap<number, AppModelExample[]>>;
}

function addCount(into: AppCount | null, min: number, max: number): AppCount {
  return { min: (into?.min ?? 0) + min, max: (into?.max ?? 0) + max };
}

/** What the model's form asks for, from the form's own plan. */
export function modelTakes(model: Model): AppModelTakes {
  const plan = planForm(model);
  const takes: AppModelTakes = { text: plan.prompt?.mode ?? null, photos: null, videos: null, files: null };
  for (const step of plan.media) {
    const key = step.kind === 'image' ? 'photos' : step.kind === 'video' ? 'videos' : 'files';
    takes[key] = addCount(takes[key], step.min, step.max);
  }
  // The model's overall cap bounds each kind too.
  const cap = plan.maxMediaCount;
  if (cap !== undefined) {
    for (const key of ['photos', 'videos', 'files'] as const) {
      const count = takes[key];
      if (count) takes[key] = { min: Math.min(count.min, cap), max: Math.min(count.max, cap) };
    }
  }
  return takes;
}

/**
 * The models offered to `userId` in a private chat, in the chat menu's order, with their group, and
 * what still keeps them from a model (the chat's menu lists it too, and says so when it is chosen).
 */
async function offeredTo(
  deps: Pick<AppModelsDeps, 'catalog' | 'contentRules'>,
  userId: number,
): Promise<Array<{ model: CatalogModel; type: string; locked: AppModel['locked'] }>> {
  const listed = (await deps.catalog.groups()).flatMap((group) =>
    group.models.map((model) => ({ id: model.id, model, type: group.type })),
  );
  const gated = await deps.contentRules.gatesFor(userId, 'private', listed);
  type Offered = { model: CatalogModel; type: string; locked: AppModel['locked'] };
  return gated.flatMap(({ model: { model, type }, gate }): Offered[] => {
    if (gate.kind === 'open') return [{ model, type, locked: null }];
    if (gate.kind === 'paid_orders')
      return [{ model, type, locked: { needed: gate.needed, have: gate.have } }];
    return [];
  });
}

/** The model `modelId` if this customer may open its form in their chat (the app's deep link). */
export async function modelOfferedTo(
  deps: Pick<AppModelsDeps, 'catalog' | 'contentRules'>,
  userId: number,
  modelId: number,
): Promise<CatalogModel | undefined> {
  const model = Number.isSafeInteger(modelId) ? await deps.catalog.getModel(modelId) : undefined;
  if (!model) return undefined;
  const [open] = await deps.contentRules.openTo(userId, 'private', [model]);
  return open;
}

/** GET /models: the list this customer sees, in `locale`. Throws when no catalog can be read. */
export async function customerModels(
  deps: AppModelsDeps,
  userId: number,
  locale: string,
): Promise<AppModels> {
  const offered = await offeredTo(deps, userId);
  const examples = await deps.examplesFor?.(
    userId,
    offered.map(({ model }) => model.id),
  );
  const models = offered.map(({ model, type, locked }): AppModel => {
    const texts = deps.textsOf(model, locale);
    return {
      id: model.id,
      type,
      name: texts.name,
      description: texts.description ?? null,
      takes: modelTakes(model),
      price: deps.showPrices ? shownPrice(model, deps.pricing) : null,
      quoted: needsQuote(model),
      examples: examples?.get(model.id) ?? [],
      locked,
    };
  });
  const left = deps.pricing && deps.showPrices ? await deps.planStarsLeft(userId) : undefined;
  return { models, planStarsLeft: left !== undefined && left > 0 ? left : null };
}
