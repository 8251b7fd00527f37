/**
 * The control room's Rules screen (issue 42): the content rules with what they refused lately, and
 * the whole document written back. A write names the version it read: a stale one gets 409 with
 * the current document, an invalid one 422 with one message per field.
 *
 *   GET /rules → 200 RulesDocument
 *   PUT /rules → 200 | 409 | 422
 */
import { CONTENT_LIMITS, parseContentRules } from '../../domain/content-rules.js';
import type { Model } from '../../reseller/schemas.js';
import type { RulesDocument, SettingsLanguage } from '../../services/admin/dashboard-types.js';
import type { CatalogService } from '../../services/catalog.js';
import type { ContentRulesService } from '../../services/content-rules.js';
import type { MiniAppRoute } from './route.js';

export interface RulesRoutesDeps {
  contentRules: ContentRulesService;
  catalog: Pick<CatalogService, 'upstreamModels'>;
  languages: () => readonly SettingsLanguage[];
}

/** Refused descriptions the screen lists. */
const RECENT = 50;

/** The upstream's models, or none while it can be neither fetched nor read from the store. */
async function modelsOf(catalog: RulesRoutesDeps['catalog']): Promise<Model[] | undefined> {
  try {
    return await catalog.upstreamModels();
  } catch {
    return undefined;
  }
}

export async function rulesDocument(deps: RulesRoutesDeps, models: readonly Model[]): Promise<RulesDocument> {
  const [{ version, rules }, figures, recent] = await Promise.all([
    deps.contentRules.current(),
    deps.contentRules.figures(30),
    deps.contentRules.recent(RECENT),
  ]);
  return {
    version,
    rules: {
      blocked: Object.fromEntries(Object.entries(rules.blocked).map(([list, lines]) => [list, [...lines]])),
      privateOnlyModelIds: [...rules.privateOnlyModelIds],
      minPaidOrders: { ...rules.minPaidOrders },
      strikes: { ...rules.strikes },
    },
    languages: [...deps.languages()],
    models: models.map((m) => ({ id: m.id, name: m.name, type: m.type })),
    limits: { ...CONTENT_LIMITS },
    figures,
    recent: recent.map((r) => ({
      at: r.createdAt.toISOString(),
      userId: r.userId,
      place: r.place,
      line: r.line,
      description: r.description,
      banned: r.banned,
    })),
  };
}

export function contentRulesRoutes(deps: RulesRoutesDeps): MiniAppRoute[] {
  return [
    {
      method: 'GET',
      path: '/rules',
      handle: async () => {
        const models = await modelsOf(deps.catalog);
        if (!models) return { status: 503, json: { error: 'catalog_unavailable' } };
        return { status: 200, json: await rulesDocument(deps, models) };
      },
    },
    {
      method: 'PUT',
      path: '/rules',
      write: true,
      handle: async ({ adminId, body }) => {
        const models = await modelsOf(deps.catalog);
        if (!models) return { status: 503, json: { error: 'catalog_unavailable' } };
        const ids = new Set(models.map((m) => m.id));
        const languages = deps.languages().map((l) => l.tag);
        const parsed = parseContentRules(body, languages, (id) => ids.has(id));
        if (!parsed.ok) return { status: 422, json: { errors: parsed.errors } };
        const outcome = await deps.contentRules.update(adminId, parsed.version, parsed.rules);
        const document = await rulesDocument(deps, models);
        return outcome.kind === 'written'
          ? { status: 200, json: document }
          : { status: 409, json: { error: 'stale', rules: document } };
      },
    },
  ];
}
