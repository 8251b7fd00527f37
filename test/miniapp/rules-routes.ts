/**
 * The Rules screen's real routes (content-rules-routes.ts) over a store, for the browser tests: the
 * real ContentRulesService and the installed languages, with a stand-in for the upstream's model
 * list that can be taken down (the 503 the screen words).
 */
import { pino } from 'pino';
import type { Store } from '../../src/db/index.js';
import type { Model } from '../../src/reseller/schemas.js';
import { contentRulesRoutes } from '../../src/server/miniapp/content-rules-routes.js';
import type { MiniAppRoute } from '../../src/server/miniapp/route.js';
import { ContentRulesService } from '../../src/services/content-rules.js';
import { languageLabel, SUPPORTED_LOCALES } from '../../src/texts/locales.js';
import { ADMIN } from './page-server.js';
import { NOW } from './seed.js';

function upstreamModel(id: number, name: string, type: string): Model {
  return {
    id,
    name,
    type,
    price_usd: '0.10',
    fields: [],
    prompt: { mode: 'optional' },
    media: { required: false, max_count: 0, accepted: [], inputs: [] },
    options_schema: [],
  };
}

/** The upstream's catalog as the screen lists it: a long name, and a type the page has no word for. */
export const RULES_MODELS: readonly Model[] = [
  upstreamModel(203, 'Lumen Text to Image', 'image'),
  upstreamModel(301, 'Vela Video Ultra Long Cinematic Edition 1080p', 'video'),
  upstreamModel(401, 'Clean Cutout', 'remove_bg'),
  upstreamModel(501, 'Echo Voice', 'text_to_speech'),
];

export function rulesRoutesOn(store: Store): {
  routes: MiniAppRoute[];
  service: ContentRulesService;
  /** While false, the upstream's model list can be neither fetched nor read (the routes answer 503). */
  catalog: { up: boolean };
} {
  const catalog = { up: true };
  const service = new ContentRulesService({
    repo: store.contentRules,
    audit: store.audit,
    paidOrders: async () => 0,
    adminIds: [ADMIN],
    logger: pino({ level: 'silent' }),
    now: () => NOW,
  });
  const routes = contentRulesRoutes({
    contentRules: service,
    catalog: {
      upstreamModels: async () => {
        if (!catalog.up) throw new Error('upstream down');
        return [...RULES_MODELS];
      },
    },
    languages: () => SUPPORTED_LOCALES.map((tag) => ({ tag, name: languageLabel(tag) })),
  });
  return { routes, service, catalog };
}
