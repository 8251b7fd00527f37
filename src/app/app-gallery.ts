/**
 * The customers' app (issue 43): its Results tab for one bot, on that bot's services: the gallery
 * (services/app/gallery.ts) with signed file links, the share card (telegram/share-card.ts, the one
 * inline sharing sends) saved with savePreparedInlineMessage, and the file route's bytes, fetched
 * from Telegram by file id with the bot's own Api. The file server's URL holds the token: it is
 * used here and nowhere else, never logged, never answered.
 */
import { createReadStream } from 'node:fs';
import { extname } from 'node:path';
import { Readable } from 'node:stream';
import type { MediaSignature } from '../lib/media-signature.js';
import { FileLinks, type FileSource } from '../server/miniapp/app-file-links.js';
import { appResultsRoutes } from '../server/miniapp/app-results-routes.js';
import type { CustomerRoute } from '../server/miniapp/customer-api.js';
import { GalleryService } from '../services/app/gallery.js';
import { telegramFileUrl } from '../services/telegram-file.js';
import { CLOUD_UPLOAD_LIMIT_BYTES, DownloadCache } from '../telegram/delivery/download.js';
import { textsForUser } from '../telegram/i18n.js';
import { createYoursLink, shareCard, shareCardParts } from '../telegram/share-card.js';
import { withShownModelName } from '../telegram/texts/model-name.js';
import { type BotRuntime, botUsernameOf } from './bot-runtime.js';
import { customerMayUse } from './customer-access.js';
import { perRuntime } from './per-runtime.js';

const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.mp4': 'video/mp4',
  '.mov': 'video/quicktime',
  '.webm': 'video/webm',
};

interface GalleryParts {
  gallery: GalleryService;
  links: FileLinks;
}

/** The bot's gallery and link signer. */
const partsOf = perRuntime((rt): GalleryParts => {
  const { orders, catalog } = rt.services;
  return {
    gallery: new GalleryService({
      orders,
      shownName: (order, locale) =>
        withShownModelName({ locale }, order, (id) => catalog.displayOf(id)).modelName,
    }),
    links: new FileLinks(rt.config.botToken, rt.botId),
  };
});

export function galleryEndpoints(rt: BotRuntime): CustomerRoute[] {
  const { gallery, links } = partsOf(rt);
  const { accounts, referrals } = rt.services;
  const linkFor = async (userId: number) => {
    const username = botUsernameOf(rt);
    return username ? createYoursLink(referrals, username, userId) : null;
  };
  return appResultsRoutes({
    gallery,
    links,
    sharing: rt.config.sharing,
    linkFor,
    async prepareShare(userId, orderId, index) {
      const username = botUsernameOf(rt);
      const found = username ? await gallery.shareable(userId, orderId, index) : undefined;
      if (!username || !found) return undefined;
      const texts = textsForUser(rt.i18n, await accounts.find(userId), rt.config.defaultLocale);
      const modelName = withShownModelName(texts, found.order, (id) =>
        rt.services.catalog.displayOf(id),
      ).modelName;
      const card = shareCard(
        { id: `${orderId}:${index}`, kind: found.file.kind, fileId: found.file.fileId, modelName },
        shareCardParts(texts, username, await createYoursLink(referrals, username, userId)),
      );
      const prepared = await rt.bot.api.savePreparedInlineMessage(userId, card, {
        allow_user_chats: true,
        allow_group_chats: true,
        allow_channel_chats: true,
      });
      return prepared.id;
    },
  });
}

/** The bytes of a file Telegram has, by its file id: the file server's (or, locally, the disk's). */
async function telegramBytes(
  rt: BotRuntime,
  fileId: string,
): Promise<{ body: NodeJS.ReadableStream; path: string }> {
  const file = await rt.bot.api.getFile(fileId);
  const path = file.file_path;
  if (!path) throw new Error('Telegram gave no file path');
  const { apiRoot, localFiles } = rt.config.telegram;
  if (localFiles && path.startsWith('/')) return { body: createReadStream(path), path };
  const res = await fetch(telegramFileUrl(apiRoot, rt.config.botToken, path));
  if (!res.ok || !res.body) {
    await res.body?.cancel();
    throw new Error(`the file server answered HTTP ${res.status}`);
  }
  return { body: Readable.fromWeb(res.body as import('node:stream/web').ReadableStream), path };
}

/**
 * A file Telegram has, by its file id, as the file route answers it: its bytes and the content type
 * its path names (`fallback` where it names none we know).
 */
export async function telegramFile(
  rt: BotRuntime,
  fileId: string,
  fallback: 'image/jpeg' | 'video/mp4',
): Promise<{ body: NodeJS.ReadableStream; contentType: string }> {
  const { body, path } = await telegramBytes(rt, fileId);
  return { body, contentType: CONTENT_TYPES[extname(path).toLowerCase()] ?? fallback };
}

/** Why a file could not be had, for the log: the error's message, never the token in its URL. */
export const unavailableReason = (err: unknown): string =>
  err instanceof Error ? err.message.replace(/bot\d+:[\w-]+/g, 'bot<token>') : 'unknown';

/** This bot's signer of its customers' file links (the gallery's, the examples' too). */
export const fileLinksOf = (rt: BotRuntime): FileLinks => partsOf(rt).links;

const MEDIA_TYPES: Record<MediaSignature['format'], string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  heic: 'image/heic',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
};

/**
 * A full file from upstream's copy, while upstream keeps it: the Bot API hands out files up to 20 MB
 * only, and a result up to 50 MB may have been uploaded. Fetched under the result URL policy, to a
 * temporary file removed once the answer is sent; only media is answered.
 */
async function upstreamBytes(
  rt: BotRuntime,
  url: string,
): Promise<{ body: NodeJS.ReadableStream; contentType: string } | undefined> {
  const cache = new DownloadCache({ limitBytes: CLOUD_UPLOAD_LIMIT_BYTES, policy: rt.config.resultUrls });
  const got = await cache.get(url);
  if (got.kind !== 'ok') {
    await cache.cleanup();
    return undefined;
  }
  const body = createReadStream(got.path);
  body.once('close', () => void cache.cleanup());
  return { body, contentType: MEDIA_TYPES[got.media.format] };
}

/** The file route's side for one bot: its signer, its access rule, its customers' files. */
export function galleryFiles(rt: BotRuntime): FileSource {
  const { gallery, links } = partsOf(rt);
  const log = rt.logger.child({ component: 'app-files' });
  return {
    links,
    mayUse: customerMayUse(rt),
    async open(ref) {
      const file = await gallery.file(ref.userId, ref.orderId, ref.index, ref.variant);
      if (!file) return undefined;
      try {
        const fallback = ref.variant === 'thumb' || file.kind === 'image' ? 'image/jpeg' : 'video/mp4';
        return { ...(await telegramFile(rt, file.fileId, fallback)), fileName: file.fileName };
      } catch (err) {
        // Too big for the Bot API's downloads (20 MB), or no longer there: upstream's copy if it has
        // one, else the page says the file is gone.
        const upstream = file.upstreamUrl ? await upstreamBytes(rt, file.upstreamUrl) : undefined;
        if (upstream) return { ...upstream, fileName: file.fileName };
        log.info(
          { orderId: ref.orderId, index: ref.index, reason: unavailableReason(err) },
          'result file not available',
        );
        return undefined;
      }
    },
  };
}
