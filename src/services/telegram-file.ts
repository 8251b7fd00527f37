/**
 * The one file a Telegram message carries, reduced to the facts the media rules and the relay need.
 * Kept free of grammY runtime code: only the Bot API types are used.
 */
import type { Message } from 'grammy/types';

type TelegramFileKind = 'photo' | 'video' | 'animation' | 'document';
export type MediaClass = 'image' | 'video';

export interface TelegramFileRef {
  kind: TelegramFileKind;
  fileId: string;
  fileUniqueId: string;
  fileSize?: number;
  fileName?: string;
  mimeType?: string;
  width?: number;
  height?: number;
  durationSeconds?: number;
}

/** The message fields we read; a structural subset so tests and other update types fit too. */
export type FileMessage = Pick<Message, 'photo' | 'video' | 'animation' | 'document'>;

const EXT_BY_MIME: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/jpg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/heic': 'heic',
  'image/heif': 'heif',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
};

const IMAGE_EXTS = new Set(['jpg', 'jpeg', 'png', 'webp', 'gif', 'heic', 'heif']);
const VIDEO_EXTS = new Set(['mp4', 'mov', 'webm']);

/** Drops undefined values so refs compare cleanly and spread without clobbering. */
function compact(ref: TelegramFileRef): TelegramFileRef {
  return Object.fromEntries(Object.entries(ref).filter(([, v]) => v !== undefined)) as TelegramFileRef;
}

export function fileRefFromMessage(message: FileMessage): TelegramFileRef | undefined {
  // An animation message also carries `document` (Bot API backward compatibility): check it first.
  const { animation, video, photo, document } = message;
  const moving = animation
    ? ({ kind: 'animation', file: animation } as const)
    : video
      ? ({ kind: 'video', file: video } as const)
      : undefined;
  if (moving) {
    const { kind, file } = moving;
    return compact({
      kind,
      fileId: file.file_id,
      fileUniqueId: file.file_unique_id,
      fileSize: file.file_size,
      fileName: file.file_name,
      mimeType: file.mime_type,
      width: file.width,
      height: file.height,
      durationSeconds: file.duration,
    });
  }
  if (photo && photo.length > 0) {
    // Telegram lists several downscaled copies; the largest is the closest to what the user sent.
    const largest = photo.reduce((best, size) => {
      const area = size.width * size.height;
      const bestArea = best.width * best.height;
      if (area !== bestArea) return area > bestArea ? size : best;
      return (size.file_size ?? 0) > (best.file_size ?? 0) ? size : best;
    });
    return compact({
      kind: 'photo',
      fileId: largest.file_id,
      fileUniqueId: largest.file_unique_id,
      fileSize: largest.file_size,
      mimeType: 'image/jpeg', // Telegram re-encodes every photo as JPEG
      width: largest.width,
      height: largest.height,
    });
  }
  if (document) {
    return compact({
      kind: 'document',
      fileId: document.file_id,
      fileUniqueId: document.file_unique_id,
      fileSize: document.file_size,
      fileName: document.file_name,
      mimeType: document.mime_type,
    });
  }
  return undefined;
}

/** A file name's extension ("png"), lower case, if it has one. */
export function extensionOfName(name: string | undefined): string | undefined {
  if (!name) return undefined;
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return undefined; // no dot, a dotfile, or a trailing dot
  const ext = name.slice(dot + 1).toLowerCase();
  return /^[a-z0-9]{1,8}$/.test(ext) ? ext : undefined;
}

/** Lower-case extension without the dot: from the file name, else from the MIME type; photos are jpg. */
export function extensionOf(ref: TelegramFileRef): string | undefined {
  if (ref.kind === 'photo') return 'jpg';
  const fromName = extensionOfName(ref.fileName);
  if (fromName) return fromName;
  return ref.mimeType ? EXT_BY_MIME[ref.mimeType.toLowerCase().split(';')[0]!.trim()] : undefined;
}

export function mediaClassOfExtension(ext: string | undefined): MediaClass | undefined {
  if (!ext) return undefined;
  if (IMAGE_EXTS.has(ext)) return 'image';
  if (VIDEO_EXTS.has(ext)) return 'video';
  return undefined;
}

export function mediaClassOf(ref: TelegramFileRef): MediaClass | undefined {
  if (ref.kind === 'photo') return 'image';
  if (ref.kind === 'video') return 'video';
  const mime = ref.mimeType?.toLowerCase();
  if (mime?.startsWith('image/')) return 'image';
  if (mime?.startsWith('video/')) return 'video';
  // Animations are MP4 unless the name says otherwise (e.g. a GIF kept as a GIF).
  return mediaClassOfExtension(extensionOf(ref)) ?? (ref.kind === 'animation' ? 'video' : undefined);
}

/**
 * Where the Bot API serves a file getFile described: its file server's URL, which holds the bot's
 * token (use it, never log it, never hand it to a page).
 */
export function telegramFileUrl(apiRoot: string, token: string, filePath: string): string {
  return `${apiRoot}/file/bot${token}/${filePath.split('/').map(encodeURIComponent).join('/')}`;
}
