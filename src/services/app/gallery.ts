/**
 * The customers' app's Results tab (issue 43): a customer's delivered results, each file its own
 * item, the last delivered first; filtered by model and kind, searched by the words of the
 * description; a page at a time. Only the orders repository's customer scope is read (their private
 * chat's orders, theirs in groups and on guest cards), within the bot's own store: nobody else's
 * result is ever listed or opened here.
 *
 * The words are matched here rather than in SQL: every word of the search, in any case of any
 * alphabet (SQLite's lower() knows ASCII only). Rows are read in batches until a page is full, at
 * most SCAN_BATCHES of them per request; the cursor picks up where the reading stopped.
 */

import type { OrdersRepository } from '../../db/index.js';
import type { DeliveredFile, OrderRecord } from '../../db/records.js';
import { urlExtension } from '../../lib/url-extension.js';
import { decodeCursor, encodeCursor, isDeliveredResult } from '../delivered-results.js';
import { extensionOfName, mediaClassOfExtension } from '../telegram-file.js';
import type { GalleryItem, GalleryKind } from './gallery-types.js';

/** Items a page holds at least (whole orders: an album's files stay together). */
export const GALLERY_PAGE_ITEMS = 30;
const SCAN_BATCH = 100;
const SCAN_BATCHES = 5;

export type FileVariant = 'thumb' | 'full';

/**
 * One result file as the service knows it: the page's item (gallery-types.ts) before the route
 * signs its links and writes its date.
 */
export type GalleryResult = Omit<GalleryItem, 'previewUrl' | 'fullUrl' | 'deliveredAt'> & {
  deliveredAt: Date;
};

export interface GalleryQuery {
  modelId?: number | undefined;
  kind?: GalleryKind | undefined;
  /** Words of the description, all of them, any case. */
  search?: string | undefined;
  cursor?: string | undefined;
  /** One order's files only (the app opened from the button under that result). */
  orderId?: string | undefined;
  /** The files the customer starred only. */
  favourites?: boolean | undefined;
}

export interface GalleryDeps {
  orders: Pick<
    OrdersRepository,
    'listDeliveredForCustomer' | 'deliveredModelsOfCustomer' | 'findForCustomer' | 'setFavourite'
  >;
  /** The model's name as customers read it in `locale` (an admin's name for it, else the stored one). */
  shownName(order: { modelId: number; modelName: string }, locale: string): string;
}

/** The bytes to serve for one file of a result, by Telegram's file id. */
export interface ResultFile {
  fileId: string;
  kind: GalleryKind;
  fileName: string;
  /** The full file's upstream URL: its copy where Telegram will not hand ours out (over 20 MB). */
  upstreamUrl?: string | undefined;
}

/** The extension of the upstream URL a delivered file came from, if it names one. */
function resultUrlExtension(order: Pick<OrderRecord, 'result'>, file: DeliveredFile): string | undefined {
  const url = order.result?.[file.index];
  return url ? urlExtension(url) : undefined;
}

function kindOf(order: Pick<OrderRecord, 'modelType' | 'result'>, file: DeliveredFile): GalleryKind {
  if (file.kind === 'photo') return 'image';
  if (file.kind === 'video' || file.kind === 'animation') return 'video';
  const ext = extensionOfName(file.original?.fileName) ?? resultUrlExtension(order, file);
  const media = mediaClassOfExtension(ext);
  if (media) return media;
  return order.modelType.includes('video') ? 'video' : 'image';
}

/** `<model>-<order>-<n>.<ext>`, in safe characters only. */
function fileNameOf(
  order: Pick<OrderRecord, 'id' | 'modelName' | 'result'>,
  file: DeliveredFile,
  kind: GalleryKind,
): string {
  const ext =
    extensionOfName(file.original?.fileName) ??
    (file.kind === 'photo'
      ? 'jpg'
      : file.kind === 'document'
        ? (resultUrlExtension(order, file) ?? (kind === 'video' ? 'mp4' : 'jpg'))
        : 'mp4');
  const model =
    order.modelName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 32) || 'result';
  return `${model}-${order.id.slice(0, 8)}-${file.index + 1}.${ext}`;
}

function wordsOf(search: string | undefined): string[] {
  return (search ?? '').toLocaleLowerCase().split(/\s+/).filter(Boolean).slice(0, 10);
}

export class GalleryService {
  constructor(private readonly deps: GalleryDeps) {}

  /** The customer's files of one order, as items (those of `kind`, or their favourites, when asked). */
  #itemsOf(order: OrderRecord, locale: string, query: GalleryQuery): GalleryResult[] {
    const modelName = this.deps.shownName(order, locale);
    const out: GalleryResult[] = [];
    for (const file of order.resultFiles ?? []) {
      const fileKind = kindOf(order, file);
      if (query.kind && fileKind !== query.kind) continue;
      if (query.favourites && !file.favourite) continue;
      out.push({
        orderId: order.id,
        index: file.index,
        kind: fileKind,
        modelId: order.modelId,
        modelName,
        description: order.request.prompt ?? '',
        deliveredAt: order.deliveredAt ?? order.finishedAt ?? order.createdAt,
        fileName: fileNameOf(order, file, fileKind),
        shareable: file.kind === 'photo' || file.kind === 'video',
        favourite: file.favourite === true,
      });
    }
    return out;
  }

  /** A page of the customer's results, newest first, and the cursor of the next one. */
  async page(
    userId: number,
    query: GalleryQuery,
    locale: string,
  ): Promise<{ items: GalleryResult[]; next: string | null }> {
    if (query.orderId !== undefined) {
      const order = await this.result(userId, query.orderId);
      return { items: order ? this.#itemsOf(order, locale, query) : [], next: null };
    }
    const words = wordsOf(query.search);
    const items: GalleryResult[] = [];
    let before = decodeCursor(query.cursor);
    for (let batch = 0; batch < SCAN_BATCHES; batch++) {
      const rows = await this.deps.orders.listDeliveredForCustomer(userId, {
        limit: SCAN_BATCH,
        ...(before && { before }),
        ...(query.modelId !== undefined && { modelId: query.modelId }),
      });
      for (const [i, row] of rows.entries()) {
        before = { at: row.deliveredAt ?? new Date(0), id: row.id };
        const description = (row.request.prompt ?? '').toLocaleLowerCase();
        if (words.every((w) => description.includes(w))) items.push(...this.#itemsOf(row, locale, query));
        if (items.length >= GALLERY_PAGE_ITEMS) {
          const more = i < rows.length - 1 || rows.length === SCAN_BATCH;
          return { items, next: more ? encodeCursor(before) : null };
        }
      }
      if (rows.length < SCAN_BATCH) return { items, next: null };
    }
    // Read as much as one request may: the next page goes on from here.
    return { items, next: before ? encodeCursor(before) : null };
  }

  /** Stars (or unstars) one of the customer's own result files; false where there is no such file. */
  setFavourite(userId: number, orderId: string, index: number, favourite: boolean): Promise<boolean> {
    if (!/^[A-Za-z0-9-]{1,64}$/.test(orderId) || !Number.isInteger(index) || index < 0) {
      return Promise.resolve(false);
    }
    return this.deps.orders.setFavourite(userId, orderId, index, favourite);
  }

  /** The models among the customer's results, for the filter, named as they read them. */
  async models(userId: number, locale: string): Promise<Array<{ id: number; name: string }>> {
    const rows = await this.deps.orders.deliveredModelsOfCustomer(userId);
    return rows.map((r) => ({ id: r.modelId, name: this.deps.shownName(r, locale) }));
  }

  /** One of the customer's delivered results (their own only), or undefined. */
  async result(userId: number, orderId: string): Promise<OrderRecord | undefined> {
    if (!/^[A-Za-z0-9-]{1,64}$/.test(orderId)) return undefined;
    const order = await this.deps.orders.findForCustomer(orderId, userId);
    return order && isDeliveredResult(order) ? order : undefined;
  }

  /**
   * The file to serve for a result of the customer's: the preview (the full file where none was
   * stored) or the full file (a photo's original where one was sent), by Telegram's file id.
   */
  async file(
    userId: number,
    orderId: string,
    index: number,
    variant: FileVariant,
  ): Promise<ResultFile | undefined> {
    const order = await this.result(userId, orderId);
    const file = order?.resultFiles?.find((f) => f.index === index);
    if (!order || !file) return undefined;
    const kind = kindOf(order, file);
    if (variant === 'thumb') {
      return {
        fileId: file.preview?.fileId ?? file.fileId,
        kind: file.preview ? 'image' : kind,
        fileName: 'preview.jpg',
      };
    }
    return {
      fileId: file.original?.fileId ?? file.fileId,
      kind,
      fileName: fileNameOf(order, file, kind),
      upstreamUrl: order.result?.[file.index],
    };
  }

  /** A result file that can be shared as a card (a photo or a video Telegram has), or undefined. */
  async shareable(
    userId: number,
    orderId: string,
    index: number,
  ): Promise<{ order: OrderRecord; file: DeliveredFile & { kind: 'photo' | 'video' } } | undefined> {
    const order = await this.result(userId, orderId);
    const file = order?.resultFiles?.find((f) => f.index === index);
    if (!order || !file || (file.kind !== 'photo' && file.kind !== 'video')) return undefined;
    return { order, file: { ...file, kind: file.kind } };
  }
}
