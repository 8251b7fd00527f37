/**
 * What a file really is, from its first bytes: the type a name or a Content-Type claims is a hint,
 * never proof (a JSON body is not a photo, a PDF named cat.jpg is not an image).
 */
type MediaFamily = 'image' | 'video';

export interface MediaSignature {
  family: MediaFamily;
  format: 'jpeg' | 'png' | 'gif' | 'webp' | 'heic' | 'mp4' | 'mov' | 'webm';
}

/** Bytes needed to decide. */
export const SIGNATURE_BYTES = 16;

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'mif1', 'msf1', 'heim', 'heis', 'avif']);
const QUICKTIME_BOXES = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);

export function sniffMedia(bytes: Uint8Array): MediaSignature | undefined {
  if (bytes.length < 4) return undefined;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { family: 'image', format: 'jpeg' };
  if (bytes[0] === 0x89 && ascii(bytes, 1, 4) === 'PNG') return { family: 'image', format: 'png' };
  if (ascii(bytes, 0, 4) === 'GIF8') return { family: 'image', format: 'gif' };
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP')
    return { family: 'image', format: 'webp' };
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) {
    return { family: 'video', format: 'webm' };
  }
  const box = ascii(bytes, 4, 8);
  if (box === 'ftyp') {
    const brand = ascii(bytes, 8, 12).toLowerCase();
    if (HEIC_BRANDS.has(brand)) return { family: 'image', format: 'heic' };
    return { family: 'video', format: brand === 'qt  ' ? 'mov' : 'mp4' };
  }
  if (QUICKTIME_BOXES.has(box)) return { family: 'video', format: 'mov' };
  return undefined;
}
