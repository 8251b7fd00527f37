/**
 * The Mini App's settings API (issue 26's write side): the settings document, and changes to one
 * model or to the global values. Every change names the version it read: a stale one gets 409 with
 * the current document, an invalid one 422 with one message per field. Authentication and rate
 * limits are the mount's (adminId is trusted here).
 *
 *   GET /settings                → 200 SettingsDocument
 *   PUT /settings/models/:id     → 200 | 404 | 409 | 422
 *   PUT /settings/global         → 200 | 409 | 422
 * Each answers 503 `catalog_unavailable` while the upstream's model list can be neither fetched nor
 * read from the store (the settings list every upstream model).
 */
import {
  type FieldError,
  type LocalizedText,
  MAX_DESCRIPTION_CHARS,
  MAX_MARKUP_PERCENT,
  MAX_NAME_CHARS,
  MAX_TOPUP_PACKS,
  type Parsed,
  parseGlobalPatch,
  parseModelPatch,
} from '../../domain/live-settings.js';
import { REMINDER_RULES } from '../../domain/reminders.js';
import { MAX_STARS_PER_PAYMENT } from '../../domain/wallet.js';
import type { Model } from '../../reseller/schemas.js';
import type {
  SettingsDocument,
  SettingsLanguage,
  SettingsLimits,
} from '../../services/admin/dashboard-types.js';
import type { CatalogService } from '../../services/catalog.js';
import type { LiveSettings, SettingsOutcome } from '../../services/live-settings.js';
import { catalogPrice, needsQuote } from '../../services/pricing.js';
import type { StarPricing } from '../../services/wallet/star-pricing.js';
import type { MiniAppRoute } from './route.js';

/** The document the Mini App's settings screen reads and writes: one type for the page and the server. */
export type { SettingsDocument };

export interface SettingsRoutesDeps {
  liveSettings: LiveSettings;
  catalog: Pick<CatalogService, 'upstreamModels'>;
  /** The wallet's pricing (null with BILLING=off: no Stars prices). */
  pricing: StarPricing | null;
  /** The installed languages: a model's name and description may be given in each. */
  languages: () => readonly SettingsLanguage[];
}

type Response = Awaited<ReturnType<MiniAppRoute['handle']>>;

const NO_TEXT: LocalizedText = {};

/** What parseModelPatch and parseGlobalPatch accept, for the page's "enter 1 to 10 000" texts. */
export const SETTINGS_LIMITS: SettingsLimits = {
  markupPercent: MAX_MARKUP_PERCENT,
  stars: MAX_STARS_PER_PAYMENT,
  topupPacks: MAX_TOPUP_PACKS,
  nameChars: MAX_NAME_CHARS,
  descriptionChars: MAX_DESCRIPTION_CHARS,
};

/** The settings in effect, every upstream model listed (offered or not). */
export async function settingsDocument(deps: SettingsRoutesDeps): Promise<SettingsDocument> {
  const models = await deps.catalog.upstreamModels();
  const settings = deps.liveSettings.current();
  return {
    models: models.map((model) => {
      const stored = settings.stored.models.get(model.id);
      return {
        id: model.id,
        upstreamName: model.name,
        type: model.type,
        offered: settings.isOffered(model),
        name: stored?.name ?? NO_TEXT,
        description: stored?.description ?? NO_TEXT,
        price: stored?.price ?? { kind: 'default' },
        exampleStars: exampleStars(model, deps.pricing),
      };
    }),
    languages: [...deps.languages()],
    markupPercent: settings.markupPercent,
    welcomeStars: settings.welcomeStars,
    topupPacks: [...settings.topupPacks],
    reminders: {
      rules: [...REMINDER_RULES],
      on: REMINDER_RULES.filter((rule) => settings.reminders.includes(rule)),
      fromEnvironment: settings.stored.global.reminders === null,
    },
    version: settings.version,
    limits: SETTINGS_LIMITS,
  };
}

function exampleStars(model: Model, pricing: StarPricing | null): number | null {
  if (!pricing || needsQuote(model)) return null;
  return pricing.starsFor(model.id, catalogPrice(model).amountUsd);
}

const invalid = (errors: FieldError[]): Response => ({ status: 422, json: { errors } });

/** The upstream's model list could not be had: the page says so, instead of a server error. */
const CATALOG_UNAVAILABLE: Response = { status: 503, json: { error: 'catalog_unavailable' } };

/** `work`, or 503 if the catalog it reads cannot be had (upstream down, nothing stored). */
async function withCatalog(
  catalog: SettingsRoutesDeps['catalog'],
  work: (models: Model[]) => Promise<Response>,
): Promise<Response> {
  let models: Model[];
  try {
    models = await catalog.upstreamModels();
  } catch {
    return CATALOG_UNAVAILABLE;
  }
  return work(models);
}

export function settingsRoutes(deps: SettingsRoutesDeps): MiniAppRoute[] {
  /** 200 with the new document, or 409 with the current one: either way the admin sees what is. */
  const answer = async (outcome: SettingsOutcome): Promise<Response> => {
    const settings = await settingsDocument(deps);
    return outcome.kind === 'written'
      ? { status: 200, json: settings }
      : { status: 409, json: { error: 'stale', settings } };
  };

  const write = async <T>(
    body: unknown,
    parse: (body: unknown) => Parsed<T>,
    apply: (version: number, patch: T) => Promise<SettingsOutcome>,
  ): Promise<Response> => {
    const parsed = parse(body);
    if (!parsed.ok) return invalid(parsed.errors);
    return answer(await apply(parsed.version, parsed.patch));
  };

  return [
    {
      method: 'GET',
      path: '/settings',
      handle: () =>
        withCatalog(deps.catalog, async () => ({ status: 200, json: await settingsDocument(deps) })),
    },
    {
      method: 'PUT',
      path: '/settings/models/:id',
      write: true,
      handle: ({ adminId, params, body }) =>
        withCatalog(deps.catalog, async (models) => {
          const id = /^[1-9]\d{0,9}$/.test(params.id ?? '') ? Number(params.id) : undefined;
          const model = id === undefined ? undefined : models.find((m) => m.id === id);
          if (!model) return { status: 404, json: { error: 'unknown_model' } };
          const languages = deps.languages().map((language) => language.tag);
          const parse = (patch: unknown) => parseModelPatch(patch, languages);
          return write(body, parse, (version, patch) =>
            deps.liveSettings.updateModel(adminId, model, version, patch),
          );
        }),
    },
    {
      method: 'PUT',
      path: '/settings/global',
      write: true,
      // The answer lists the models: without the catalog the change is not even tried.
      handle: ({ adminId, body }) =>
        withCatalog(deps.catalog, () =>
          write(body, parseGlobalPatch, (version, patch) =>
            deps.liveSettings.updateGlobal(adminId, version, patch),
          ),
        ),
    },
  ];
}
