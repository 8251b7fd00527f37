/**
 * A test double of the live-settings HTTP contract (GET /settings, PUT /settings/models/:id and
 * /settings/global with the document's version; 409 on a stale version), enough for the settings
 * screen to be driven in the browser before the real routes are wired in.
 */
import { parseGlobalPatch, parseModelPatch } from '../../src/domain/live-settings.js';
import { REMINDER_RULES } from '../../src/domain/reminders.js';
import type { MiniAppRoute } from '../../src/server/miniapp/route.js';
import { SETTINGS_LIMITS } from '../../src/server/miniapp/settings-routes.js';
import type { SettingsDocument, SettingsModel } from '../../src/services/admin/dashboard-types.js';

/** `billing: false`: as with BILLING=off, no model has a price in Stars. */
export function fakeSettingsRoutes(opts: { topupPacks?: number[]; billing?: boolean } = {}): {
  routes: MiniAppRoute[];
  saves: unknown[];
  /** Another admin saved meanwhile: the document's version moves on. */
  bump(): void;
} {
  const saves: unknown[] = [];
  const doc: SettingsDocument = {
    models: [
      {
        id: 203,
        upstreamName: 'Lumen Text to Image',
        type: 'image',
        offered: true,
        name: { en: 'Lumen', ru: 'Люмен' },
        description: { en: null, ru: null },
        price: { kind: 'default' },
        exampleStars: 5,
      },
      {
        id: 301,
        upstreamName: 'Vela Video',
        type: 'video',
        offered: false,
        name: { en: null, ru: null },
        description: { en: null, ru: null },
        price: { kind: 'markup', markupPercent: '80' },
        exampleStars: 120,
      },
      {
        id: 401,
        upstreamName: 'Clean Cutout',
        type: 'remove_bg',
        offered: true,
        name: { en: null, ru: null },
        description: { en: null, ru: null },
        price: { kind: 'default' },
        exampleStars: 3,
      },
      {
        // A type the page has no word for yet.
        id: 501,
        upstreamName: 'Echo Voice',
        type: 'text_to_speech',
        offered: true,
        name: { en: null, ru: null },
        description: { en: null, ru: null },
        price: { kind: 'default' },
        exampleStars: null,
      },
    ],
    languages: [
      { tag: 'en', name: 'English' },
      { tag: 'ru', name: 'Русский' },
      { tag: 'uk', name: 'Українська' },
    ],
    markupPercent: '50',
    welcomeStars: 10,
    topupPacks: opts.topupPacks ?? [50, 100, 250],
    // As REMINDERS' default says, nothing set live yet.
    reminders: {
      rules: [...REMINDER_RULES],
      on: ['plan_ending', 'welcome_unused', 'quote_unconfirmed'],
      fromEnvironment: true,
    },
    version: 1,
    limits: SETTINGS_LIMITS,
  };
  if (opts.billing === false) for (const m of doc.models) m.exampleStars = null;
  const stale = (body: unknown) => (body as { version?: unknown } | undefined)?.version !== doc.version;
  return {
    saves,
    bump: () => {
      doc.version++;
    },
    routes: [
      { method: 'GET', path: '/settings', handle: async () => ({ status: 200, json: doc }) },
      {
        method: 'PUT',
        path: '/settings/models/:id',
        write: true,
        handle: async ({ params, body }) => {
          saves.push({ id: params['id'], body });
          // The real routes' validation, so the page's wording of a refusal can be seen.
          const parsed = parseModelPatch(
            body,
            doc.languages.map((language) => language.tag),
          );
          if (!parsed.ok) return { status: 422, json: { errors: parsed.errors } };
          if (stale(body)) return { status: 409 };
          const model = doc.models.find((m) => String(m.id) === params['id']);
          if (!model) return { status: 404 };
          Object.assign(model, body as Partial<SettingsModel>);
          doc.version++;
          return { status: 200, json: doc };
        },
      },
      {
        method: 'PUT',
        path: '/settings/global',
        write: true,
        handle: async ({ body }) => {
          saves.push({ id: 'global', body });
          const parsed = parseGlobalPatch(body);
          if (!parsed.ok) return { status: 422, json: { errors: parsed.errors } };
          if (stale(body)) return { status: 409 };
          const { reminders, ...values } = parsed.patch;
          Object.assign(doc, values);
          if (reminders) doc.reminders = { ...doc.reminders, on: reminders, fromEnvironment: false };
          doc.version++;
          return { status: 200, json: doc };
        },
      },
    ],
  };
}
