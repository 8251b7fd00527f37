/**
 * Examples of a model for the customers' app (issue 43), picked by the bot's admins in the control
 * room: a customer's delivered result of that model (a photo or a video Telegram has), shown only
 * once its owner allowed it in the chat (the admin who picks a result of their own needs nobody's
 * leave), or a file an admin uploaded. The owner may say no, or stop showing it later; an owner the
 * question cannot reach (blocked the bot) leaves it unasked, which the admins see. Admins remove
 * and reorder examples; the app shows at most SHOWN_PER_MODEL per model, in their order. Every add
 * and remove is audited. What is sent to the owner and how an upload reaches Telegram are handed in
 * by the caller: nothing here speaks Telegram.
 */
import { randomUUID } from 'node:crypto';
import type { AuditLogRepository } from '../db/index.js';
import type { ExampleKind, ExampleState, ModelExampleRecord } from '../db/model-example-records.js';
import type { DeliveredFile, OrderRecord } from '../db/records.js';
import type { ModelExamplesRepository } from '../db/repositories/model-examples.js';
import { sniffMedia } from '../lib/media-signature.js';
import type { Logger } from '../logger.js';
import { decodeCursor, encodeCursor, isDeliveredResult } from './delivered-results.js';

/** Examples the app shows of one model, at most. */
export const SHOWN_PER_MODEL = 6;
/** Examples one model may have in all (any state): the picker's list stays a list. */
export const MAX_PER_MODEL = 24;
/** Delivered results the picker reads a page at a time. */
export const CANDIDATES_PAGE = 12;
/** What an upload may weigh: Telegram's own limits for a bot's photo, and a download's (20 MB). */
export const UPLOAD_LIMITS: Readonly<Record<ExampleKind, number>> = {
  image: 10 * 1024 * 1024,
  video: 20 * 1024 * 1024,
};

/** What asking the owner came to: the message is in their chat, or their chat takes none. */
export type AskOutcome = 'sent' | 'unreachable';

/** Sends the owner of a result the question (with Allow and No, thanks) in their language. */
export type AskOwner = (example: ModelExampleRecord, order: OrderRecord) => Promise<AskOutcome>;

export type AddOutcome =
  | { kind: 'added'; example: ModelExampleRecord }
  /** That result file is an example already. */
  | { kind: 'already' }
  /** No delivered result of this model has that order id and file. */
  | { kind: 'not_found' }
  /** The file is not a photo or a video Telegram has (a document, an animation). */
  | { kind: 'not_media' }
  /** The model has MAX_PER_MODEL examples. */
  | { kind: 'full' };

export type OwnerAnswer = 'allow' | 'decline' | 'withdraw';

export type AnswerOutcome =
  /** The example is now as the owner said. */
  | { kind: 'done'; example: ModelExampleRecord }
  /** Theirs, but answered before (or removed by an admin meanwhile): as it stands, if it does. */
  | { kind: 'stale'; example: ModelExampleRecord | undefined };

/** The states an owner's answer moves an example from, and to. */
const ANSWERS: Record<OwnerAnswer, { from: readonly ExampleState[]; to: ExampleState }> = {
  // A question that seemed not to arrive (a network failure) may still be answered.
  allow: { from: ['asked', 'unreachable'], to: 'shown' },
  decline: { from: ['asked', 'unreachable'], to: 'declined' },
  withdraw: { from: ['shown'], to: 'withdrawn' },
};

/** One file of a delivered result, as the picker lists it. */
export interface ExampleCandidate {
  orderId: string;
  index: number;
  kind: ExampleKind;
  ownerUserId: number;
  description: string;
  deliveredAt: Date;
  /** An example already (in any state). */
  picked: boolean;
}

/** An uploaded file once Telegram has it. */
export interface StoredUpload {
  fileId: string;
  previewFileId: string | null;
}

/** What an upload is, from its bytes: a kind we take, or why not. */
export type UploadCheck =
  | { ok: true; kind: ExampleKind; format: string }
  | { ok: false; reason: 'unsupported' | 'too_big' | 'empty' };

/** A photo (JPEG, PNG, WebP) up to 10 MB or an MP4 video up to 20 MB, judged by its first bytes. */
export function checkUpload(bytes: Uint8Array): UploadCheck {
  if (bytes.length === 0) return { ok: false, reason: 'empty' };
  const signature = sniffMedia(bytes);
  const kind: ExampleKind | undefined =
    signature && ['jpeg', 'png', 'webp'].includes(signature.format)
      ? 'image'
      : signature?.format === 'mp4'
        ? 'video'
        : undefined;
  if (!kind || !signature) return { ok: false, reason: 'unsupported' };
  if (bytes.length > UPLOAD_LIMITS[kind]) return { ok: false, reason: 'too_big' };
  return { ok: true, kind, format: signature.format };
}

/** The kind a delivered file is shown as, if it may be an example: a photo or a video Telegram has. */
function exampleKindOf(file: DeliveredFile): ExampleKind | undefined {
  if (!file.fileId) return undefined;
  if (file.kind === 'photo') return 'image';
  if (file.kind === 'video') return 'video';
  return undefined;
}

export interface ModelExamplesDeps {
  repo: ModelExamplesRepository;
  orders: { find(id: string): Promise<OrderRecord | undefined> };
  audit: Pick<AuditLogRepository, 'record'>;
  /** The bot's admins: they may open any example's files (the picker), shown or not. */
  adminIds: readonly number[];
  logger: Logger;
  newId?: () => string;
}

export class ModelExamples {
  readonly #repo: ModelExamplesRepository;
  readonly #deps: ModelExamplesDeps;
  readonly #logger: Logger;
  readonly #newId: () => string;

  constructor(deps: ModelExamplesDeps) {
    this.#repo = deps.repo;
    this.#deps = deps;
    this.#logger = deps.logger.child({ component: 'model-examples' });
    this.#newId = deps.newId ?? randomUUID;
  }

  isAdmin(userId: number): boolean {
    return this.#deps.adminIds.includes(userId);
  }

  /**
   * `adminId` picks file `index` of the delivered result `orderId` as an example of `modelId`. A
   * result of their own is shown at once; anyone else's is asked about (`ask`), and shown only
   * once its owner allows it. Audited.
   */
  async addFromResult(
    adminId: number,
    modelId: number,
    orderId: string,
    index: number,
    ask: AskOwner,
  ): Promise<AddOutcome> {
    const order = /^[A-Za-z0-9-]{1,64}$/.test(orderId) ? await this.#deps.orders.find(orderId) : undefined;
    if (!order || !isDeliveredResult(order) || order.modelId !== modelId) return { kind: 'not_found' };
    const file = order.resultFiles?.find((f) => f.index === index);
    if (!file) return { kind: 'not_found' };
    const kind = exampleKindOf(file);
    if (!kind) return { kind: 'not_media' };
    if ((await this.#repo.listForModel(modelId)).length >= MAX_PER_MODEL) return { kind: 'full' };
    const own = order.userId === adminId;
    const example = await this.#repo.add({
      id: this.#newId(),
      modelId,
      source: 'result',
      orderId,
      fileIndex: index,
      ownerUserId: order.userId,
      state: own ? 'shown' : 'asked',
      kind,
      fileId: file.fileId,
      previewFileId: file.preview?.fileId ?? null,
      addedBy: adminId,
    });
    if (!example) return { kind: 'already' };
    await this.#deps.audit.record({
      actorId: adminId,
      action: 'example_added',
      targetUserId: order.userId,
      details: { example: example.id, model: modelId, order: orderId, index, state: example.state },
    });
    if (own) return { kind: 'added', example };
    let outcome: AskOutcome;
    try {
      outcome = await ask(example, order);
    } catch (err) {
      this.#logger.warn({ err, exampleId: example.id }, 'could not ask the owner of an example');
      outcome = 'unreachable';
    }
    if (outcome === 'unreachable') {
      const now = await this.#repo.setState(example.id, 'unreachable', ['asked']);
      return { kind: 'added', example: now ?? example };
    }
    return { kind: 'added', example };
  }

  /** `adminId` uploaded a file Telegram now has as an example of `modelId`: shown at once. Audited. */
  async addUpload(
    adminId: number,
    modelId: number,
    kind: ExampleKind,
    stored: StoredUpload,
  ): Promise<AddOutcome> {
    if ((await this.#repo.listForModel(modelId)).length >= MAX_PER_MODEL) return { kind: 'full' };
    const example = await this.#repo.add({
      id: this.#newId(),
      modelId,
      source: 'upload',
      orderId: null,
      fileIndex: null,
      ownerUserId: null,
      state: 'shown',
      kind,
      fileId: stored.fileId,
      previewFileId: stored.previewFileId,
      addedBy: adminId,
    });
    if (!example) return { kind: 'already' };
    await this.#deps.audit.record({
      actorId: adminId,
      action: 'example_added',
      details: { example: example.id, model: modelId, upload: kind },
    });
    return { kind: 'added', example };
  }

  /** Whether the model may take another example. */
  async hasRoom(modelId: number): Promise<boolean> {
    return (await this.#repo.listForModel(modelId)).length < MAX_PER_MODEL;
  }

  /** `adminId` removes an example (any state; its owner's message then names nothing). Audited. */
  async remove(adminId: number, id: string): Promise<ModelExampleRecord | undefined> {
    const removed = await this.#repo.remove(id);
    if (!removed) return undefined;
    await this.#deps.audit.record({
      actorId: adminId,
      action: 'example_removed',
      ...(removed.ownerUserId !== null && { targetUserId: removed.ownerUserId }),
      details: { example: id, model: removed.modelId, state: removed.state },
    });
    return removed;
  }

  /** Moves an example one place up or down among its model's; false when it cannot go that way. */
  move(id: string, direction: 'up' | 'down'): Promise<boolean> {
    return this.#repo.move(id, direction);
  }

  find(id: string): Promise<ModelExampleRecord | undefined> {
    return this.#repo.find(id);
  }

  /** The model's examples in every state, in their order (the control room's list). */
  listForModel(modelId: number): Promise<ModelExampleRecord[]> {
    return this.#repo.listForModel(modelId);
  }

  /** The examples the app shows, by model: the first SHOWN_PER_MODEL shown ones, in their order. */
  async shown(modelIds?: readonly number[]): Promise<Map<number, ModelExampleRecord[]>> {
    const out = new Map<number, ModelExampleRecord[]>();
    for (const example of await this.#repo.listShown(modelIds)) {
      const list = out.get(example.modelId) ?? [];
      if (list.length < SHOWN_PER_MODEL) list.push(example);
      out.set(example.modelId, list);
    }
    return out;
  }

  /**
   * The owner `userId` answers about example `id`: Allow shows it, No keeps it hidden, Stop showing
   * hides it again. Only the owner's own example moves, and only from where the answer applies.
   */
  async answer(userId: number, id: string, answer: OwnerAnswer): Promise<AnswerOutcome> {
    const { from, to } = ANSWERS[answer];
    const example = await this.#repo.setState(id, to, from, userId);
    if (example) {
      this.#logger.info({ exampleId: id, state: to }, 'owner answered about an example');
      return { kind: 'done', example };
    }
    const now = await this.#repo.find(id);
    return { kind: 'stale', example: now?.ownerUserId === userId ? now : undefined };
  }

  /**
   * A page of the model's delivered results for the picker, the last delivered first, one item per
   * photo or video, with whether each is picked already; and the cursor of the next page.
   */
  async candidates(
    modelId: number,
    cursor?: string,
  ): Promise<{ items: ExampleCandidate[]; next: string | null }> {
    const rows = await this.#repo.deliveredOfModel(modelId, {
      limit: CANDIDATES_PAGE,
      before: decodeCursor(cursor),
    });
    const picked = new Set(
      (await this.#repo.pickedOf(rows.map((r) => r.id))).map((p) => `${p.orderId}:${p.fileIndex}`),
    );
    const items = rows.flatMap((order) =>
      (order.resultFiles ?? []).flatMap((file): ExampleCandidate[] => {
        const kind = exampleKindOf(file);
        if (!kind) return [];
        return [
          {
            orderId: order.id,
            index: file.index,
            kind,
            ownerUserId: order.userId,
            description: order.request.prompt ?? '',
            deliveredAt: order.deliveredAt ?? order.createdAt,
            picked: picked.has(`${order.id}:${file.index}`),
          },
        ];
      }),
    );
    const last = rows.at(-1);
    const next =
      rows.length === CANDIDATES_PAGE && last
        ? encodeCursor({ at: last.deliveredAt ?? last.createdAt, id: last.id })
        : null;
    return { items, next };
  }

  /**
   * The Telegram file to serve of example `id` to `viewerId`: a shown example to anyone the bot
   * serves, any example to the bot's admins (their picker). The preview where one was stored.
   */
  async file(
    viewerId: number,
    id: string,
    variant: 'thumb' | 'full',
  ): Promise<{ fileId: string; kind: ExampleKind } | undefined> {
    const example = /^[A-Za-z0-9-]{1,64}$/.test(id) ? await this.#repo.find(id) : undefined;
    if (!example) return undefined;
    if (example.state !== 'shown' && !this.isAdmin(viewerId)) return undefined;
    if (variant === 'thumb' && example.previewFileId) return { fileId: example.previewFileId, kind: 'image' };
    return { fileId: example.fileId, kind: example.kind };
  }
}
