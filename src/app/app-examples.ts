/**
 * A model's examples (issue 43) for one bot, on that bot's services: the control room's picker
 * (server/miniapp/examples-routes.ts) with the owner's question sent by this bot's Api
 * (telegram/example-consent.ts), an admin's upload sent to their own chat so that Telegram keeps
 * it, the examples the customers' app lists with each model (links signed for the viewer), and
 * the file route's bytes of an example, fetched from Telegram by file id (app-gallery.ts's
 * `telegramFile`): a shown example to any customer the bot serves, any example to its admins.
 */
import type { FileLinks } from '../server/miniapp/app-file-links.js';
import {
  type ExampleUploadTarget,
  examplesRoutes,
  exampleUploadRoutes,
  UploadTickets,
} from '../server/miniapp/examples-routes.js';
import type { MiniAppRoute } from '../server/miniapp/route.js';
import type { Route } from '../server/router.js';
import type { AppModelExample } from '../services/app/models-types.js';
import type { CatalogService } from '../services/catalog.js';
import { checkUpload, type ModelExamples } from '../services/model-examples.js';
import { askOwner, storeUpload } from '../telegram/example-consent.js';
import { type Texts, textsForUser } from '../telegram/i18n.js';
import { modelName, withShownModelName } from '../telegram/texts/model-name.js';
import { fileLinksOf, telegramFile, unavailableReason } from './app-gallery.js';
import type { BotRuntime } from './bot-runtime.js';
import { perRuntime } from './per-runtime.js';

/** This bot's upload tickets; its file links are the gallery's signer (one key, one signer). */
const ticketsOf = perRuntime((rt) => new UploadTickets(rt.config.botToken, rt.botId));

/** The model's name for `texts`' reader, among all the upstream's models (offered or not). */
async function upstreamModelName(
  catalog: Pick<CatalogService, 'upstreamModels' | 'displayOf'>,
  texts: Texts,
  modelId: number,
): Promise<string | undefined> {
  const model = (await catalog.upstreamModels()).find((m) => m.id === modelId);
  if (!model) return undefined;
  return modelName(texts, { name: model.name, display: catalog.displayOf(modelId) });
}

/** The control room's example endpoints of one bot. */
export function exampleEndpoints(rt: BotRuntime): MiniAppRoute[] {
  const { modelExamples, catalog, accounts } = rt.services;
  const links = fileLinksOf(rt);
  const tickets = ticketsOf(rt);
  return examplesRoutes({
    examples: modelExamples,
    tickets,
    links: {
      example: (viewerId, exampleId, variant) => links.exampleUrl({ userId: viewerId, exampleId, variant }),
      result: (ownerId, orderId, index, variant) => links.url({ userId: ownerId, orderId, index, variant }),
    },
    modelKnown: async (modelId) => (await catalog.upstreamModels()).some((m) => m.id === modelId),
    askOwner: (example, order) =>
      askOwner(
        {
          api: rt.bot.api,
          i18n: rt.i18n,
          defaultLocale: rt.config.defaultLocale,
          findUser: (id) => accounts.find(id),
          modelNameOf: (texts, o) => withShownModelName(texts, o, (id) => catalog.displayOf(id)).modelName,
        },
        example,
        order,
      ),
  });
}

/** What becomes of an admin's upload: checked, sent to their chat, kept as a shown example. */
function uploadTarget(rt: BotRuntime): ExampleUploadTarget {
  const { modelExamples, catalog, accounts } = rt.services;
  const log = rt.logger.child({ component: 'example-uploads' });
  return {
    tickets: ticketsOf(rt),
    async upload(adminId, modelId, bytes) {
      // The ticket was signed for an admin; one removed since has no say.
      if (!modelExamples.isAdmin(adminId)) return { status: 403 };
      const check = checkUpload(bytes);
      if (!check.ok) {
        const status = check.reason === 'too_big' ? 413 : check.reason === 'unsupported' ? 415 : 400;
        return { status, json: { error: check.reason } };
      }
      if (!(await modelExamples.hasRoom(modelId))) return { status: 422, json: { error: 'full' } };
      const texts = textsForUser(rt.i18n, await accounts.find(adminId), rt.config.defaultLocale);
      const name = await upstreamModelName(catalog, texts, modelId);
      if (name === undefined) return { status: 404, json: { error: 'not_found' } };
      let stored: Awaited<ReturnType<typeof storeUpload>>;
      try {
        stored = await storeUpload(
          rt.bot.api,
          adminId,
          { bytes, kind: check.kind, format: check.format },
          texts.t('example-consent-uploaded', { model: name }),
        );
      } catch (err) {
        log.info(
          { err: err instanceof Error ? err.message : 'unknown', adminId },
          'Telegram refused an upload',
        );
        return { status: 502, json: { error: 'telegram_refused' } };
      }
      const outcome = await modelExamples.addUpload(adminId, modelId, check.kind, stored);
      if (outcome.kind !== 'added') return { status: 422, json: { error: outcome.kind } };
      return { status: 201, json: { id: outcome.example.id } };
    },
  };
}

/** The upload route of every bot served here (its bytes do not fit the API's JSON bodies). */
export function exampleUploadRoutesOf(
  runtimeOf: (botId: number) => BotRuntime | undefined,
  logger: BotRuntime['logger'],
): Route[] {
  const targetOf = perRuntime(uploadTarget);
  return exampleUploadRoutes({
    logger,
    targetOf: (botId) => {
      const rt = runtimeOf(botId);
      return rt && targetOf(rt);
    },
  });
}

/** The examples shown of these models, with links signed for the customer `userId` (the Models tab). */
export function exampleShowcase(
  rt: BotRuntime,
): (userId: number, modelIds: readonly number[]) => Promise<ReadonlyMap<number, AppModelExample[]>> {
  return signedShowcase(rt.services.modelExamples, fileLinksOf(rt));
}

/** exampleShowcase on a service and a signer (the browser tests serve the app with it too). */
export function signedShowcase(
  examples: Pick<ModelExamples, 'shown'>,
  links: Pick<FileLinks, 'exampleUrl'>,
): (userId: number, modelIds: readonly number[]) => Promise<ReadonlyMap<number, AppModelExample[]>> {
  return async (userId, modelIds) => {
    const shown = await examples.shown(modelIds);
    return new Map(
      [...shown].map(([modelId, list]) => [
        modelId,
        list.map((e) => ({
          id: e.id,
          kind: e.kind,
          thumb: links.exampleUrl({ userId, exampleId: e.id, variant: 'thumb' }),
          full: links.exampleUrl({ userId, exampleId: e.id, variant: 'full' }),
        })),
      ]),
    );
  };
}

/** The file route's side of examples for one bot: an example's bytes for the viewer it was signed for. */
export function exampleFiles(rt: BotRuntime) {
  const log = rt.logger.child({ component: 'app-files' });
  return async (ref: { userId: number; exampleId: string; variant: 'thumb' | 'full' }) => {
    const file = await rt.services.modelExamples.file(ref.userId, ref.exampleId, ref.variant);
    if (!file) return undefined;
    try {
      return await telegramFile(rt, file.fileId, file.kind === 'image' ? 'image/jpeg' : 'video/mp4');
    } catch (err) {
      log.info({ exampleId: ref.exampleId, reason: unavailableReason(err) }, 'example file not available');
      return undefined;
    }
  };
}
