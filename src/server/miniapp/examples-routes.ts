/**
 * The control room's examples of a model (issue 43), under /miniapp/api (api.ts checks the admin):
 *
 *   GET  /examples/:model                   → 200 AdminExamples (every state, in order)
 *   GET  /examples/:model/results?cursor=   → 200 ExampleCandidates: the model's latest delivered
 *                                              results across customers, a page at a time
 *   POST /examples/:model/results {orderId, index} → 201 AdminExamples; 409/404/422 { error }
 *   POST /examples/:model/upload            → 200 ExampleUploadTicket (where to send the bytes)
 *   POST /examples/item/:id/move {direction: 'up'|'down'} → 200 AdminExamples; 404
 *   POST /examples/item/:id/remove          → 200 AdminExamples; 404
 *
 * A pick of a customer's result asks its owner in the chat (the caller's `askOwner`); it is shown
 * only once they allow it. Thumbnails are signed links (app-file-links.ts), never Telegram's URLs.
 *
 * The bytes of an upload do not fit the API's JSON bodies: the page asks for a ticket above, then
 * POSTs the file itself (its bytes as the body, up to 20 MB) to the ticket's URL,
 *
 *   POST /miniapp/uploads/examples/<bot id>/<admin id>/<model id>?exp=<unix s>&sig=<hex>
 *
 * signed like the file links (HMAC under a key derived from the bot's token with a label of its
 * own, ten minutes), so only an admin the API let in gets one; anything tampered or late is 403.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ExpiringSignature } from '../../lib/expiring-signature.js';
import type { Logger } from '../../logger.js';
import type {
  AdminExample,
  AdminExamples,
  ExampleCandidates,
  ExampleRefusal,
  ExampleUploadTicket,
} from '../../services/admin/examples-types.js';
import type { FileVariant } from '../../services/app/gallery.js';
import {
  type AskOwner,
  MAX_PER_MODEL,
  type ModelExamples,
  SHOWN_PER_MODEL,
  UPLOAD_LIMITS,
} from '../../services/model-examples.js';
import { type Route, route, send } from '../router.js';
import { BodyTooLarge, readBody } from '../webhook.js';
import { answerJson } from './api-routing.js';
import type { MiniAppRoute } from './route.js';

export const EXAMPLE_UPLOADS_PREFIX = '/miniapp/uploads/examples';
const TICKET_LABEL = 'control room example uploads v1';
const TICKET_SECONDS = 10 * 60;

/** Signed links to the files the control room shows. */
export interface ExampleLinkSigner {
  /** An example's file as `viewerId` (the admin) opens it. */
  example(viewerId: number, exampleId: string, variant: FileVariant): string;
  /** A delivered result's file: a link as its owner's gallery signs it. */
  result(ownerId: number, orderId: string, index: number, variant: FileVariant): string;
}

/** One bot's signer and checker of upload tickets. */
export class UploadTickets {
  readonly #signature: ExpiringSignature;

  constructor(
    botToken: string,
    readonly botId: number,
    now: () => number = Date.now,
  ) {
    this.#signature = new ExpiringSignature(botToken, TICKET_LABEL, now);
  }

  url(adminId: number, modelId: number): string {
    const exp = this.#signature.expiryIn(TICKET_SECONDS);
    const sig = this.#signature.sign([this.botId, adminId, modelId], exp);
    return `${EXAMPLE_UPLOADS_PREFIX}/${this.botId}/${adminId}/${modelId}?exp=${exp}&sig=${sig}`;
  }

  verify(adminId: number, modelId: number, exp: number, sig: string): boolean {
    return this.#signature.verify([this.botId, adminId, modelId], exp, sig);
  }
}

export interface ExamplesRoutesDeps {
  examples: Pick<ModelExamples, 'listForModel' | 'candidates' | 'addFromResult' | 'remove' | 'move' | 'find'>;
  links: ExampleLinkSigner;
  tickets: UploadTickets;
  /** The model is one of the upstream's (offered or not). */
  modelKnown(modelId: number): Promise<boolean>;
  /** Asks a result's owner in the chat (telegram/example-consent.ts). */
  askOwner: AskOwner;
}

const modelOf = (raw: string | undefined): number | undefined =>
  raw && /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;

const refusal = (status: number, error: ExampleRefusal) => ({ status, json: { error } });

export function examplesRoutes(deps: ExamplesRoutesDeps): MiniAppRoute[] {
  const { examples, links } = deps;
  async function listed(adminId: number, modelId: number): Promise<AdminExamples> {
    const rows = await examples.listForModel(modelId);
    return {
      examples: rows.map(
        (e): AdminExample => ({
          id: e.id,
          kind: e.kind,
          source: e.source,
          state: e.state,
          thumb: links.example(adminId, e.id, 'thumb'),
          full: links.example(adminId, e.id, 'full'),
        }),
      ),
      shownMax: SHOWN_PER_MODEL,
      max: MAX_PER_MODEL,
      maxImageBytes: UPLOAD_LIMITS.image,
      maxVideoBytes: UPLOAD_LIMITS.video,
    };
  }
  /** The model named in the path, if the upstream has it. */
  async function knownModel(raw: string | undefined): Promise<number | undefined> {
    const modelId = modelOf(raw);
    return modelId !== undefined && (await deps.modelKnown(modelId)) ? modelId : undefined;
  }
  const itemIdOf = (raw: string | undefined) => (raw && /^[A-Za-z0-9-]{1,64}$/.test(raw) ? raw : undefined);
  return [
    {
      method: 'GET',
      path: '/examples/:model',
      async handle({ adminId, params }) {
        const modelId = await knownModel(params.model);
        if (modelId === undefined) return { status: 404 };
        return { status: 200, json: await listed(adminId, modelId) };
      },
    },
    {
      method: 'GET',
      path: '/examples/:model/results',
      async handle({ params, query }) {
        const modelId = await knownModel(params.model);
        if (modelId === undefined) return { status: 404 };
        const page = await examples.candidates(modelId, query.get('cursor') ?? undefined);
        const json: ExampleCandidates = {
          items: page.items.map((c) => ({
            orderId: c.orderId,
            index: c.index,
            kind: c.kind,
            thumb: links.result(c.ownerUserId, c.orderId, c.index, 'thumb'),
            description: c.description,
            deliveredAt: c.deliveredAt.toISOString(),
            picked: c.picked,
          })),
          next: page.next,
        };
        return { status: 200, json };
      },
    },
    {
      method: 'POST',
      path: '/examples/:model/results',
      write: true,
      async handle({ adminId, params, body }) {
        const modelId = await knownModel(params.model);
        if (modelId === undefined) return refusal(404, 'not_found');
        const { orderId, index } = (body ?? {}) as { orderId?: unknown; index?: unknown };
        if (typeof orderId !== 'string' || !Number.isSafeInteger(index) || (index as number) < 0)
          return { status: 400 };
        const outcome = await examples.addFromResult(
          adminId,
          modelId,
          orderId,
          index as number,
          deps.askOwner,
        );
        if (outcome.kind === 'added') return { status: 201, json: await listed(adminId, modelId) };
        if (outcome.kind === 'already') return refusal(409, 'already');
        if (outcome.kind === 'not_found') return refusal(404, 'not_found');
        return refusal(422, outcome.kind);
      },
    },
    {
      method: 'POST',
      path: '/examples/:model/upload',
      write: true,
      async handle({ adminId, params }) {
        const modelId = await knownModel(params.model);
        if (modelId === undefined) return { status: 404 };
        const ticket: ExampleUploadTicket = { url: deps.tickets.url(adminId, modelId) };
        return { status: 200, json: ticket };
      },
    },
    {
      method: 'POST',
      path: '/examples/item/:id/move',
      write: true,
      async handle({ adminId, params, body }) {
        const id = itemIdOf(params.id);
        const direction = (body as { direction?: unknown } | undefined)?.direction;
        if (direction !== 'up' && direction !== 'down') return { status: 400 };
        const example = id ? await examples.find(id) : undefined;
        if (!example || !id) return { status: 404 };
        await examples.move(id, direction);
        return { status: 200, json: await listed(adminId, example.modelId) };
      },
    },
    {
      method: 'POST',
      path: '/examples/item/:id/remove',
      write: true,
      async handle({ adminId, params }) {
        const id = itemIdOf(params.id);
        const removed = id ? await examples.remove(adminId, id) : undefined;
        if (!removed) return { status: 404 };
        return { status: 200, json: await listed(adminId, removed.modelId) };
      },
    },
  ];
}

/** One bot's side of the upload route: its tickets, and what becomes of the bytes. */
export interface ExampleUploadTarget {
  tickets: UploadTickets;
  /** Keeps `bytes` as an example of `modelId` for `adminId`: the answer to the page. */
  upload(adminId: number, modelId: number, bytes: Buffer): Promise<{ status: number; json?: unknown }>;
}

const UPLOAD_PATH = /^\/miniapp\/uploads\/examples\/(\d{1,16})\/(\d{1,16})\/(\d{1,9})$/;

/** The bytes taken at most: the largest upload, with room for nothing else. */
const MAX_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_LIMITS));

export function exampleUploadRoutes(opts: {
  targetOf(botId: number): ExampleUploadTarget | undefined;
  logger: Logger;
}): Route[] {
  const log = opts.logger.child({ component: 'example-uploads' });
  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const match = UPLOAD_PATH.exec(url.pathname);
    const target = match ? opts.targetOf(Number(match[1])) : undefined;
    const adminId = Number(match?.[2]);
    const modelId = Number(match?.[3]);
    const exp = Number(url.searchParams.get('exp'));
    if (!target?.tickets.verify(adminId, modelId, exp, url.searchParams.get('sig') ?? '')) {
      req.resume();
      return send(res, 403);
    }
    let bytes: Buffer;
    try {
      bytes = await readBody(req, MAX_UPLOAD_BYTES);
    } catch (err) {
      if (err instanceof BodyTooLarge) return answerJson(res, 413, { error: 'too_big' });
      return answerJson(res, 400, undefined);
    }
    const answer = await target.upload(adminId, modelId, bytes);
    answerJson(res, answer.status, answer.json);
  }
  const handle = (req: IncomingMessage, res: ServerResponse) =>
    serve(req, res).catch((err: unknown) => {
      // Never the URL: it is a credential for ten minutes.
      log.error({ err: err instanceof Error ? err.message : 'unknown' }, 'example upload failed');
      send(res, 500);
    });
  return [route('POST', `${EXAMPLE_UPLOADS_PREFIX}/*`, handle)];
}
