/**
 * Upload formats the spec accepts (section 4.3) and how a file's format is recognised: by the
 * filename's extension, else by the declared MIME type, else by the file's magic bytes.
 */
export type MediaKind = 'image' | 'video';

export interface MediaFormat {
  /** Canonical extension; `jpeg` is folded into `jpg`. */
  id: 'jpg' | 'png' | 'webp' | 'gif' | 'heic' | 'heif' | 'mp4' | 'mov' | 'webm';
  kind: MediaKind;
  mime: string;
}

const MEDIA_FORMATS: readonly MediaFormat[] = [
  { id: 'jpg', kind: 'image', mime: 'image/jpeg' },
  { id: 'png', kind: 'image', mime: 'image/png' },
  { id: 'webp', kind: 'image', mime: 'image/webp' },
  { id: 'gif', kind: 'image', mime: 'image/gif' },
  { id: 'heic', kind: 'image', mime: 'image/heic' },
  { id: 'heif', kind: 'image', mime: 'image/heif' },
  { id: 'mp4', kind: 'video', mime: 'video/mp4' },
  { id: 'mov', kind: 'video', mime: 'video/quicktime' },
  { id: 'webm', kind: 'video', mime: 'video/webm' },
];

const EXTENSION_ALIASES: Record<string, MediaFormat['id']> = {
  jpeg: 'jpg',
  jpe: 'jpg',
  m4v: 'mp4',
  qt: 'mov',
};
const MIME_ALIASES: Record<string, MediaFormat['id']> = {
  'image/jpg': 'jpg',
  'image/pjpeg': 'jpg',
  'image/heic-sequence': 'heic',
  'image/heif-sequence': 'heif',
};

function byId(id: string): MediaFormat | undefined {
  return MEDIA_FORMATS.find((f) => f.id === id);
}

/** Normalises an extension as written in a catalog (`JPEG`, `.jpeg`, `jpg` -> `jpg`). */
export function normalizeExtension(ext: string): string {
  const lower = ext.trim().toLowerCase().replace(/^\./, '');
  return EXTENSION_ALIASES[lower] ?? lower;
}

function formatFromFilename(name: string): MediaFormat | undefined {
  const dot = name.lastIndexOf('.');
  if (dot < 0 || dot === name.length - 1) return undefined;
  return byId(normalizeExtension(name.slice(dot + 1)));
}

function formatFromMime(mime: string | undefined): MediaFormat | undefined {
  if (!mime) return undefined;
  const clean = mime.split(';')[0]!.trim().toLowerCase();
  const alias = MIME_ALIASES[clean];
  if (alias) return byId(alias);
  return MEDIA_FORMATS.find((f) => f.mime === clean);
}

const HEIF_BRANDS = new Set(['mif1', 'msf1', 'heif', 'heim', 'heis', 'hevm', 'hevs']);
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx']);

/** Recognises a format from the first bytes of a file (at least 16 are needed). */
export function formatFromMagic(head: Buffer): MediaFormat | undefined {
  const starts = (bytes: number[], at = 0) => bytes.every((b, i) => head[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return byId('png');
  if (starts([0xff, 0xd8, 0xff])) return byId('jpg');
  if (head.subarray(0, 4).toString('latin1') === 'GIF8') return byId('gif');
  if (
    head.subarray(0, 4).toString('latin1') === 'RIFF' &&
    head.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return byId('webp');
  }
  if (starts([0x1a, 0x45, 0xdf, 0xa3])) return byId('webm');
  if (head.length >= 12 && head.subarray(4, 8).toString('latin1') === 'ftyp') {
    const brand = head.subarray(8, 12).toString('latin1');
    if (HEIC_BRANDS.has(brand)) return byId('heic');
    if (HEIF_BRANDS.has(brand)) return byId('heif');
    if (brand === 'qt  ') return byId('mov');
    return byId('mp4');
  }
  return undefined;
}

/** Extension first (what a user sees), then the declared MIME type, then the content. */
export function detectFormat(
  filename: string,
  mime: string | undefined,
  head: Buffer,
): MediaFormat | undefined {
  const hasExtension = /\.[^./\\]+$/.test(filename);
  const fromName = formatFromFilename(filename);
  if (fromName) return fromName;
  const fromMime = formatFromMime(mime);
  if (fromMime) return fromMime;
  // A file named `x.txt` sent as text/plain is rejected even if its bytes happen to be an image.
  return hasExtension ? undefined : formatFromMagic(head);
}
