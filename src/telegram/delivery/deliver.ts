/**
 * Sends the results of a completed order to its chat. For each batch of the plan (plan.ts):
 * 1. by URL, so Telegram fetches the file itself and nothing passes through the bot;
 * 2. if Telegram refuses the URL (400: too big for URL fetching, wrong type, unreachable), the bot
 *    downloads the file (download.ts) and uploads it;
 * 3. if that fails too (too big to upload, refused again), the user gets a download link.
 * A file that is gone upstream (404 or past `expires_at`) is counted as expired, never retried.
 * Documents are always uploaded: Telegram fetches only GIF, PDF and ZIP documents by URL.
 *
 * Exactly once is the caller's business: `onFirstSent` runs right after the first message that
 * carries a result reached the chat (the caller records delivery there), and everything after it
 * is best effort, so a failure later on never causes a second delivery.
 */
import { type Api, GrammyError, type InlineKeyboard, InputFile, InputMediaBuilder } from 'grammy';
import type { InputMediaDocument, InputMediaPhoto, InputMediaVideo, Message, PhotoSize } from 'grammy/types';
import type { Logger } from 'pino';
import type { Dispatcher } from 'undici';
import type { DeliveredFile, OrderRecord } from '../../db/index.js';
import { resultsExpired } from '../../domain/order-state.js';
import { checkUrl, type UrlPolicy } from '../../lib/url-policy.js';
import type { Semaphore } from '../../services/rate-limiter.js';
import type { Texts } from '../i18n.js';
import type { DeliverySummary } from '../order-status.js';
import {
  CLOUD_UPLOAD_LIMIT_BYTES,
  DownloadCache,
  type Downloaded,
  type DownloadLimits,
  LOCAL_UPLOAD_LIMIT_BYTES,
} from './download.js';
import {
  batchFiles,
  kindFromContentType,
  type PlannedFile,
  planDelivery,
  type ResultKind,
  resultFileName,
} from './plan.js';

/** Telegram takes uploaded photos up to 10 MB; bigger images go as documents. */
const PHOTO_UPLOAD_LIMIT_BYTES = 10 * 1024 * 1024;
const LINKS_PER_MESSAGE = 20;

export interface DeliveryDeps {
  api: Api;
  logger: Logger;
  /** Local Bot API server: uploads up to 2000 MB instead of 50 MB. */
  localFiles: boolean;
  now?: () => number;
  /** For the downloads (tests); a shared agent that applies the URL policy to DNS answers otherwise. */
  dispatcher?: Dispatcher;
  /** Which result URLs may be fetched by the bot or handed to Telegram (lib/url-policy.ts). */
  urlPolicy: UrlPolicy;
  /** Download deadline and minimum rate (download.ts defaults otherwise). */
  downloadLimits?: Partial<DownloadLimits>;
  /** Aborts downloads in flight (shutdown). */
  signal?: AbortSignal;
  /**
   * Downloads at once, shared by every delivery: only a delivery that must download waits for one,
   * so slow result hosts never hold up results Telegram fetches by URL.
   */
  downloadSlots?: Semaphore;
}

export interface DeliverOptions {
  chatId: number;
  texts: Texts;
  /**
   * Called once, right after the first message carrying a result was sent: `fileSent` is true when
   * it carried a file (false for a message of download links, which comes last: no file follows).
   * Returning false means the order was already delivered (by another run): the delivery stops there.
   */
  onFirstSent?: (fileSent: boolean) => Promise<boolean> | boolean;
  /**
   * Called once the results themselves are in the chat (before any originals follow), with
   * Telegram's ids of those that arrived: their ↗️ Share button works from that moment.
   */
  onResultsSent?: (files: DeliveredFile[]) => Promise<void>;
  /** The caption of the first result message (the model, maybe the prompt). */
  caption?: string;
  /**
   * Buttons for the results: on the result message itself when it goes alone, otherwise on a
   * message of `keyboardText` right after them (an album carries no buttons).
   */
  keyboard?: {
    forFiles: (files: readonly PlannedFile[]) => InlineKeyboard;
    /** The message above the buttons, told which files they are for (so it can explain them). */
    text: (files: readonly PlannedFile[]) => string;
  };
}

/** How a delivery went, and Telegram's ids of the files that reached the chat. */
export type DeliveryReport = DeliverySummary & { files: DeliveredFile[] };

export type DeliverableOrder = Pick<OrderRecord, 'id' | 'modelType' | 'result' | 'resultExpiresAt'>;

/** The order turned out to be delivered by someone else; nothing more is sent. */
export class DeliveryAborted extends Error {
  override readonly name = 'DeliveryAborted';
}

function isBadRequest(err: unknown): boolean {
  return err instanceof GrammyError && err.error_code === 400;
}

/** The chat cannot receive anything: the user blocked the bot, deleted the account, and so on. */
export function isChatGone(err: unknown): boolean {
  if (!(err instanceof GrammyError)) return false;
  if (err.error_code === 403) return true;
  return (
    err.error_code === 400 && /chat not found|user is deactivated|PEER_ID_INVALID/i.test(err.description)
  );
}

/** Telegram answered (as opposed to a network failure, worth retrying later). */
export function isTelegramRefusal(err: unknown): boolean {
  return (
    err instanceof GrammyError && err.error_code >= 400 && err.error_code < 500 && err.error_code !== 429
  );
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

interface ReadyFile {
  file: PlannedFile;
  path: string;
  kind: ResultKind;
  name: string;
}

export async function deliverResults(
  deps: DeliveryDeps,
  order: DeliverableOrder,
  opts: DeliverOptions,
): Promise<DeliveryReport> {
  const urls = order.result ?? [];
  const summary: DeliveryReport = { sent: 0, expired: 0, linked: 0, failed: 0, files: [] };
  if (urls.length === 0) return summary;
  if (resultsExpired(order, (deps.now ?? Date.now)())) {
    summary.expired = urls.length;
    return summary;
  }
  const cache = new DownloadCache({
    limitBytes: deps.localFiles ? LOCAL_UPLOAD_LIMIT_BYTES : CLOUD_UPLOAD_LIMIT_BYTES,
    policy: deps.urlPolicy,
    ...(deps.dispatcher ? { dispatcher: deps.dispatcher } : {}),
    ...(deps.downloadLimits ? { limits: deps.downloadLimits } : {}),
    ...(deps.signal ? { signal: deps.signal } : {}),
  });
  try {
    await new ResultDelivery(deps, order, opts, cache, summary).run();
  } finally {
    await cache.cleanup();
  }
  return summary;
}

class ResultDelivery {
  readonly #log: Logger;
  #claimed = false;
  /** Results (or originals too big to upload) Telegram would not take: sent as links at the end. */
  readonly #links: Array<{ file: PlannedFile; original: boolean }> = [];
  /** Indexes already settled as a document, a link or expired: no separate original for them. */
  readonly #settled = new Set<number>();
  /** The results that reached the chat, by index, with Telegram's file ids. */
  readonly #files = new Map<number, DeliveredFile>();
  #captioned = false;
  #keyboardPlaced = false;

  constructor(
    private readonly deps: DeliveryDeps,
    private readonly order: DeliverableOrder,
    private readonly opts: DeliverOptions,
    private readonly cache: DownloadCache,
    private readonly summary: DeliveryReport,
  ) {
    this.#log = deps.logger.child({ component: 'delivery', orderId: order.id });
  }

  async run(): Promise<void> {
    const plan = planDelivery(this.order.modelType, this.order.result ?? []);
    for (const batch of plan.batches) {
      await this.#guard(batch.items, false, () => this.#sendBatch(batch.items, false));
    }
    if (this.opts.onResultsSent && this.#files.size > 0) await this.opts.onResultsSent(this.#sortedFiles());
    for (const batch of plan.originals) {
      const items = batch.items.filter((f) => !this.#settled.has(f.index));
      if (items.length > 0) await this.#guard(items, true, () => this.#sendOriginals(items));
    }
    const links = this.#links;
    if (links.length > 0) {
      const results = links.filter((l) => !l.original).map((l) => l.file);
      await this.#guard(results, false, () => this.#sendLinks(links));
    }
    this.summary.files = this.#sortedFiles();
    const keyboard = this.opts.keyboard;
    if (keyboard && !this.#keyboardPlaced && this.#files.size > 0) {
      const files = this.summary.files.map((f) => ({ url: '', index: f.index, kind: f.kind }));
      await this.#guard([], true, async () => {
        await this.deps.api.sendMessage(this.opts.chatId, keyboard.text(files), {
          reply_markup: keyboard.forFiles(files),
        });
      });
    }
  }

  /** Caption and buttons for a result message that goes alone (`items` holds one file). */
  #decoration(items: readonly PlannedFile[]): { caption?: string; reply_markup?: InlineKeyboard } {
    const out: { caption?: string; reply_markup?: InlineKeyboard } = {};
    if (!this.#captioned && this.opts.caption) out.caption = this.opts.caption;
    if (items.length === 1 && this.opts.keyboard && !this.#keyboardPlaced) {
      out.reply_markup = this.opts.keyboard.forFiles(items);
    }
    return out;
  }

  /** Notes what reached the chat: the caption and buttons are placed, the file ids kept. */
  #sentResults(
    items: readonly PlannedFile[],
    messages: readonly Message[],
    extra: { reply_markup?: unknown },
  ) {
    this.#captioned ||= this.opts.caption !== undefined;
    if (extra.reply_markup) this.#keyboardPlaced = true;
    items.forEach((item, i) => {
      const file = messages[i] && fileOf(messages[i]);
      if (file) this.#files.set(item.index, { index: item.index, ...file });
    });
  }

  #sentOriginals(items: readonly PlannedFile[], messages: readonly Message[]) {
    items.forEach((item, i) => {
      const doc = messages[i]?.document;
      const result = this.#files.get(item.index);
      if (!doc || !result) return;
      result.original = {
        fileId: doc.file_id,
        fileUniqueId: doc.file_unique_id,
        ...(doc.file_name ? { fileName: doc.file_name } : {}),
        ...(doc.file_size !== undefined ? { size: doc.file_size } : {}),
      };
    });
  }

  /** The results that reached the chat so far, in the order of the order's results. */
  #sortedFiles(): DeliveredFile[] {
    return [...this.#files.values()].sort((a, b) => a.index - b.index);
  }

  /**
   * Before anything reached the chat, a failure propagates (the caller retries the whole delivery
   * later, or explains). After that, a failing call is counted and logged, and the rest goes on.
   */
  async #guard(items: PlannedFile[], original: boolean, send: () => Promise<void>): Promise<void> {
    try {
      await send();
    } catch (err) {
      if (err instanceof DeliveryAborted || !this.#claimed || isChatGone(err)) throw err;
      this.#log.warn({ err, files: items.map((f) => f.index), original }, 'could not send result files');
      if (!original) this.summary.failed += items.length;
    }
  }

  async #delivered(count: number, original: boolean): Promise<void> {
    if (!original) this.summary.sent += count;
    if (this.#claimed) return;
    this.#claimed = true;
    if (this.opts.onFirstSent && !(await this.opts.onFirstSent(this.summary.sent > 0))) {
      throw new DeliveryAborted(`order ${this.order.id} was already delivered`);
    }
  }

  async #sendBatch(items: PlannedFile[], original: boolean): Promise<void> {
    // Telegram (a local Bot API server above all) gets only http(s) URLs: `file:` would upload a file
    // of the server's host. Telegram fetching a private address is harmless to us: its network, not ours.
    // A trusted origin (the built-in simulator on our loopback) is ours to fetch, not Telegram's.
    const forTelegram = { ...this.deps.urlPolicy, allowPrivate: true, trustedOrigins: [] };
    if (items.every((f) => f.kind !== 'document' && checkUrl(f.url, forTelegram).ok)) {
      try {
        await this.#sendUrls(items);
        await this.#delivered(items.length, original);
        return;
      } catch (err) {
        if (err instanceof DeliveryAborted || !isBadRequest(err) || isChatGone(err)) throw err;
        this.#log.info(
          { files: items.map((f) => f.index), reason: (err as GrammyError).description },
          'Telegram refused the result URL; uploading the file instead',
        );
      }
    }
    const ready = await this.#download(items, original);
    for (const batch of batchFiles(ready.map((r) => ({ ...r.file, kind: r.kind })))) {
      const files = batch.items.map((f) => ready.find((r) => r.file.index === f.index)!);
      await this.#upload(files, original);
    }
  }

  async #sendOriginals(items: PlannedFile[]): Promise<void> {
    const ready = await this.#download(items, true);
    for (const batch of batchFiles(ready.map((r) => ({ ...r.file, kind: 'document' as const })))) {
      const files = batch.items.map((f) => ({
        ...ready.find((r) => r.file.index === f.index)!,
        kind: 'document' as const,
      }));
      await this.#upload(files, true);
    }
  }

  /** Downloads each file; expired ones are counted, others that cannot be had become links. */
  async #download(items: PlannedFile[], original: boolean): Promise<ReadyFile[]> {
    const ready: ReadyFile[] = [];
    for (const file of items) {
      const fetch = () => this.cache.get(file.url);
      const slots = this.deps.downloadSlots;
      const result: Downloaded = await (slots ? slots.run(fetch) : fetch());
      if (result.kind === 'ok') {
        ready.push({
          file,
          path: result.path,
          kind: original ? 'document' : uploadKind(file.kind, result.contentType, result.size),
          name: resultFileName(file, result.contentType),
        });
        continue;
      }
      this.#log.info({ file: file.index, outcome: result.kind, original }, 'result file not downloadable');
      this.#settled.add(file.index);
      if (result.kind === 'not_found') {
        if (!original) this.summary.expired += 1;
      } else if (result.kind === 'refused' || result.kind === 'not_media') {
        // Not a file we may fetch, or not a media file at all: neither sent nor linked, and said so.
        this.#log.warn({ file: file.index, outcome: result }, 'result refused: not a safe media file');
        if (!original) this.summary.failed += 1;
      } else {
        this.#links.push({ file, original });
      }
    }
    for (const r of ready) if (r.kind === 'document' && !original) this.#settled.add(r.file.index);
    return ready;
  }

  async #upload(files: ReadyFile[], original: boolean): Promise<void> {
    try {
      await this.#sendUploads(files, original);
      await this.#delivered(files.length, original);
    } catch (err) {
      if (err instanceof DeliveryAborted || isChatGone(err) || !isTelegramRefusal(err)) throw err;
      this.#log.warn(
        { files: files.map((f) => f.file.index), reason: (err as GrammyError).description, original },
        'Telegram refused the uploaded file; sending a link instead',
      );
      for (const f of files) {
        this.#settled.add(f.file.index);
        if (!original) this.#links.push({ file: f.file, original });
      }
    }
  }

  async #sendUrls(items: PlannedFile[]): Promise<void> {
    const { api } = this.deps;
    const chatId = this.opts.chatId;
    const extra = this.#decoration(items);
    if (items.length === 1) {
      const [file] = items as [PlannedFile];
      const sent =
        file.kind === 'photo'
          ? await api.sendPhoto(chatId, file.url, extra)
          : file.kind === 'video'
            ? await api.sendVideo(chatId, file.url, { ...extra, supports_streaming: true })
            : await api.sendAnimation(chatId, file.url, extra);
      this.#sentResults(items, [sent], extra);
      return;
    }
    const caption = (i: number) => (i === 0 && extra.caption ? { caption: extra.caption } : {});
    const sent = await api.sendMediaGroup(
      chatId,
      items.map((f, i) =>
        f.kind === 'photo'
          ? InputMediaBuilder.photo(f.url, caption(i))
          : InputMediaBuilder.video(f.url, { ...caption(i), supports_streaming: true }),
      ),
    );
    this.#sentResults(items, sent, {});
  }

  async #sendUploads(files: ReadyFile[], original: boolean): Promise<void> {
    const { api } = this.deps;
    const chatId = this.opts.chatId;
    const decoration = original ? {} : this.#decoration(files.map((f) => ({ ...f.file, kind: f.kind })));
    const caption = original ? this.opts.texts.t('tracking-originals-caption') : decoration.caption;
    const input = (f: ReadyFile) => new InputFile(f.path, f.name);
    const noted = (messages: readonly Message[]) => {
      const items = files.map((f) => ({ ...f.file, kind: f.kind }));
      if (original) this.#sentOriginals(items, messages);
      else this.#sentResults(items, messages, decoration);
    };
    if (files.length === 1) {
      const [f] = files as [ReadyFile];
      const extra = {
        ...(caption ? { caption } : {}),
        ...(decoration.reply_markup ? { reply_markup: decoration.reply_markup } : {}),
      };
      const sent =
        f.kind === 'photo'
          ? await api.sendPhoto(chatId, input(f), extra)
          : f.kind === 'video'
            ? await api.sendVideo(chatId, input(f), { ...extra, supports_streaming: true })
            : f.kind === 'animation'
              ? await api.sendAnimation(chatId, input(f), extra)
              : await api.sendDocument(chatId, input(f), extra);
      noted([sent]);
      return;
    }
    const media: Array<InputMediaPhoto | InputMediaVideo | InputMediaDocument> = files.map((f, i) => {
      const extra = i === 0 && caption ? { caption } : {};
      if (f.kind === 'photo') return InputMediaBuilder.photo(input(f), extra);
      if (f.kind === 'video')
        return InputMediaBuilder.video(input(f), { ...extra, supports_streaming: true });
      return InputMediaBuilder.document(input(f), extra);
    });
    noted(await api.sendMediaGroup(chatId, media as InputMediaPhoto[]));
  }

  async #sendLinks(links: Array<{ file: PlannedFile; original: boolean }>): Promise<void> {
    const { texts, chatId } = this.opts;
    const sorted = [...links].sort((a, b) => a.file.index - b.file.index);
    for (let i = 0; i < sorted.length; i += LINKS_PER_MESSAGE) {
      const part = sorted.slice(i, i + LINKS_PER_MESSAGE);
      const lines = part.map(
        ({ file }) =>
          `<a href="${escapeAttribute(file.url)}">${texts.t('tracking-link', { n: file.index + 1 })}</a>`,
      );
      await this.deps.api.sendMessage(chatId, [texts.t('tracking-links-title'), ...lines].join('\n'), {
        link_preview_options: { is_disabled: true },
      });
      this.summary.linked += part.filter((l) => !l.original).length;
      await this.#delivered(0, false);
    }
  }
}

/** A preview's side: about what a phone's gallery grid shows, three to a row. */
const PREVIEW_SIDE = 320;

type Preview = NonNullable<DeliveredFile['preview']>;

function previewOf(size: PhotoSize | undefined): { preview?: Preview } {
  if (!size) return {};
  return {
    preview: {
      fileId: size.file_id,
      fileUniqueId: size.file_unique_id,
      width: size.width,
      height: size.height,
    },
  };
}

/** The smallest of a photo's sizes that is at least PREVIEW_SIDE on its longer side (not the full one). */
function photoPreview(sizes: readonly PhotoSize[]): PhotoSize | undefined {
  const smaller = sizes.slice(0, -1);
  return smaller.find((s) => Math.max(s.width, s.height) >= PREVIEW_SIDE) ?? smaller.at(-1);
}

/**
 * The result file a sent message carries, with Telegram's ids (the largest size of a photo), and a
 * small preview of it where Telegram made one (a smaller photo size, a video's thumbnail).
 */
function fileOf(message: Message): Omit<DeliveredFile, 'index'> | undefined {
  const photo = message.photo?.at(-1);
  if (photo) {
    return {
      kind: 'photo',
      fileId: photo.file_id,
      fileUniqueId: photo.file_unique_id,
      ...previewOf(photoPreview(message.photo ?? [])),
    };
  }
  const { video, animation, document } = message;
  if (video)
    return {
      kind: 'video',
      fileId: video.file_id,
      fileUniqueId: video.file_unique_id,
      ...previewOf(video.thumbnail),
    };
  if (animation)
    return {
      kind: 'animation',
      fileId: animation.file_id,
      fileUniqueId: animation.file_unique_id,
      ...previewOf(animation.thumbnail),
    };
  if (document)
    return {
      kind: 'document',
      fileId: document.file_id,
      fileUniqueId: document.file_unique_id,
      ...previewOf(document.thumbnail),
    };
  return undefined;
}

/** The kind an uploaded file goes as, once its real type and size are known. */
function uploadKind(planned: ResultKind, contentType: string | undefined, size: number): ResultKind {
  const actual = planned === 'document' ? 'document' : (kindFromContentType(contentType) ?? planned);
  if (actual === 'photo' && size > PHOTO_UPLOAD_LIMIT_BYTES) return 'document';
  return actual;
}
