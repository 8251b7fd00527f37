/**
 * Builders of small but structurally real media files. The simulator serves them as generation
 * results and previews; test/support/media-fixtures.ts re-exports them for tests.
 *
 * - PNG: palette image, 1 bit per pixel, one colour: valid and tiny even at 6000 x 6000.
 * - JPEG: baseline greyscale JFIF whose entropy data is "all blocks flat grey": decodable.
 * - MP4/MOV: ftyp + moov (mvhd, trak/tkhd, mdia/mdhd/hdlr, minf/stbl with stsd/stts/stsc/stsz/stco)
 *   + mdat holding one byte per sample (no real codec payload).
 * - HEIC: ftyp 'heic' + meta with an `ispe` (image spatial extents) property + mdat.
 * - WebP: RIFF/WEBP with a VP8X header chunk only (dimensions readable, no pixel data).
 */
import { deflateSync } from 'node:zlib';

// ---------------------------------------------------------------- byte helpers

function u16(value: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(value);
  return b;
}

function u32(value: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(value >>> 0);
  return b;
}

function ascii(text: string): Buffer {
  return Buffer.from(text, 'latin1');
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function assertDimensions(width: number, height: number, max: number): void {
  for (const side of [width, height]) {
    if (!Number.isInteger(side) || side < 1 || side > max) {
      throw new RangeError(`image side must be an integer 1..${max}, got ${side}`);
    }
  }
}

// ---------------------------------------------------------------- PNG

export interface PngOptions {
  /** The single colour of the image (default a mid blue). */
  rgb?: readonly [number, number, number];
  /** Adds a tRNS chunk making the colour half transparent (an image "with transparency"). */
  transparent?: boolean;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([ascii(type), data]);
  return Buffer.concat([u32(data.length), typeAndData, u32(crc32(typeAndData))]);
}

export function makePng(width: number, height: number, options: PngOptions = {}): Buffer {
  assertDimensions(width, height, 0x7fffffff);
  const [r, g, b] = options.rgb ?? [40, 110, 200];
  const ihdr = Buffer.concat([u32(width), u32(height), Buffer.from([1, 3, 0, 0, 0])]); // 1 bit, palette
  const rowBytes = 1 + Math.ceil(width / 8); // filter byte + packed palette indexes (all 0)
  const chunks = [pngChunk('IHDR', ihdr), pngChunk('PLTE', Buffer.from([r, g, b]))];
  if (options.transparent) chunks.push(pngChunk('tRNS', Buffer.from([0x80])));
  chunks.push(pngChunk('IDAT', deflateSync(Buffer.alloc(rowBytes * height))));
  chunks.push(pngChunk('IEND', Buffer.alloc(0)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ...chunks]);
}

// ---------------------------------------------------------------- JPEG

function jpegSegment(marker: number, payload: Buffer): Buffer {
  return Buffer.concat([Buffer.from([0xff, marker]), u16(payload.length + 2), payload]);
}

/** Huffman table with a single 1-bit code ('0') for `symbol`. */
function singleCodeHuffmanTable(tableClassAndId: number, symbol: number): Buffer {
  const counts = Buffer.alloc(16);
  counts[0] = 1;
  return jpegSegment(0xc4, Buffer.concat([Buffer.from([tableClassAndId]), counts, Buffer.from([symbol])]));
}

export function makeJpeg(width: number, height: number): Buffer {
  assertDimensions(width, height, 0xffff);
  const app0 = jpegSegment(0xe0, Buffer.concat([ascii('JFIF\0'), Buffer.from([1, 1, 0, 0, 1, 0, 1, 0, 0])]));
  const dqt = jpegSegment(0xdb, Buffer.concat([Buffer.from([0]), Buffer.alloc(64, 1)]));
  const sof0 = jpegSegment(
    0xc0,
    Buffer.concat([Buffer.from([8]), u16(height), u16(width), Buffer.from([1, 1, 0x11, 0])]),
  );
  const dcTable = singleCodeHuffmanTable(0x00, 0x00); // DC difference category 0
  const acTable = singleCodeHuffmanTable(0x10, 0x00); // end of block
  const sos = jpegSegment(0xda, Buffer.from([1, 1, 0x00, 0, 63, 0]));
  // Every 8x8 block is "DC diff 0" + "EOB": two zero bits; the last byte is padded with ones.
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  const bits = blocks * 2;
  const scan = Buffer.alloc(Math.ceil(bits / 8));
  const spareBits = scan.length * 8 - bits;
  if (spareBits > 0) scan[scan.length - 1] = (1 << spareBits) - 1;
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    app0,
    dqt,
    sof0,
    dcTable,
    acTable,
    sos,
    scan,
    Buffer.from([0xff, 0xd9]),
  ]);
}

// ---------------------------------------------------------------- ISO base media (MP4, MOV, HEIC)

function isoBox(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  return Buffer.concat([u32(body.length + 8), ascii(type), body]);
}

function isoFullBox(type: string, version: number, flags: number, ...payload: Buffer[]): Buffer {
  return isoBox(type, u32(((version & 0xff) << 24) | (flags & 0xffffff)), ...payload);
}

function ftyp(major: string, minor: number, compatible: string[]): Buffer {
  return isoBox('ftyp', ascii(major), u32(minor), ...compatible.map(ascii));
}

const UNITY_MATRIX = Buffer.concat([0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000].map(u32));

export interface VideoSpec {
  durationSeconds: number;
  width: number;
  height: number;
  fps: number;
  /** Pad the mdat so the whole file has (at least) this many bytes. */
  padToBytes?: number;
}

export interface VideoLayout {
  /** ftyp + moov + the mdat box header. */
  head: Buffer;
  /** Bytes after `head` (sample bytes plus padding), all zero. */
  payloadBytes: number;
  totalBytes: number;
}

function assertVideoSpec(spec: VideoSpec): void {
  assertDimensions(spec.width, spec.height, 0xffff);
  if (!(spec.durationSeconds > 0) || !(spec.fps > 0)) throw new RangeError('duration and fps must be > 0');
}

function videoMoov(spec: VideoSpec, sampleCount: number, chunkOffset: number): Buffer {
  const movieTimescale = 1000;
  const movieDuration = Math.round(spec.durationSeconds * movieTimescale);
  const mediaTimescale = Math.round(spec.fps * 1000);
  const sampleDelta = 1000; // so frames per second = mediaTimescale / sampleDelta
  const mvhd = isoFullBox(
    'mvhd',
    0,
    0,
    u32(0),
    u32(0),
    u32(movieTimescale),
    u32(movieDuration),
    u32(0x00010000),
    u16(0x0100),
    Buffer.alloc(10),
    UNITY_MATRIX,
    Buffer.alloc(24),
    u32(2),
  );
  const tkhd = isoFullBox(
    'tkhd',
    0,
    3,
    u32(0),
    u32(0),
    u32(1),
    u32(0),
    u32(movieDuration),
    Buffer.alloc(8),
    u16(0),
    u16(0),
    u16(0),
    u16(0),
    UNITY_MATRIX,
    u32(spec.width * 0x10000),
    u32(spec.height * 0x10000),
  );
  const mdhd = isoFullBox(
    'mdhd',
    0,
    0,
    u32(0),
    u32(0),
    u32(mediaTimescale),
    u32(sampleCount * sampleDelta),
    u16(0x55c4), // language 'und'
    u16(0),
  );
  const hdlr = isoFullBox('hdlr', 0, 0, u32(0), ascii('vide'), Buffer.alloc(12), ascii('VideoHandler\0'));
  const avc1 = isoBox(
    'avc1',
    Buffer.alloc(6),
    u16(1), // data reference index
    Buffer.alloc(16),
    u16(spec.width),
    u16(spec.height),
    u32(0x00480000),
    u32(0x00480000),
    u32(0),
    u16(1),
    Buffer.alloc(32),
    u16(0x0018),
    u16(0xffff),
  );
  const stbl = isoBox(
    'stbl',
    isoFullBox('stsd', 0, 0, u32(1), avc1),
    isoFullBox('stts', 0, 0, u32(1), u32(sampleCount), u32(sampleDelta)),
    isoFullBox('stsc', 0, 0, u32(1), u32(1), u32(sampleCount), u32(1)),
    isoFullBox('stsz', 0, 0, u32(1), u32(sampleCount)),
    isoFullBox('stco', 0, 0, u32(1), u32(chunkOffset)),
  );
  const dinf = isoBox('dinf', isoFullBox('dref', 0, 0, u32(1), isoFullBox('url ', 0, 1)));
  const minf = isoBox('minf', isoFullBox('vmhd', 0, 1, Buffer.alloc(8)), dinf, stbl);
  const trak = isoBox('trak', tkhd, isoBox('mdia', mdhd, hdlr, minf));
  return isoBox('moov', mvhd, trak);
}

/** Computes the header of a video file; callers append `payloadBytes` zero bytes. */
export function videoLayout(spec: VideoSpec, brand: 'mp4' | 'mov' = 'mp4'): VideoLayout {
  assertVideoSpec(spec);
  const sampleCount = Math.max(1, Math.round(spec.durationSeconds * spec.fps));
  const fileType =
    brand === 'mov'
      ? ftyp('qt  ', 0x20050300, ['qt  '])
      : ftyp('isom', 0x200, ['isom', 'iso2', 'avc1', 'mp41']);
  const moovLength = videoMoov(spec, sampleCount, 0).length; // independent of the offset value
  const minimal = fileType.length + moovLength + 8 + sampleCount;
  const totalBytes = Math.max(minimal, spec.padToBytes ?? 0);
  let mdatHeaderLength = 8;
  let payloadBytes = totalBytes - fileType.length - moovLength - mdatHeaderLength;
  if (payloadBytes + 8 > 0xffffffff) {
    mdatHeaderLength = 16; // 64-bit "largesize" box header
    payloadBytes -= 8;
  }
  const moov = videoMoov(spec, sampleCount, fileType.length + moovLength + mdatHeaderLength);
  const mdatHeader =
    mdatHeaderLength === 8
      ? Buffer.concat([u32(payloadBytes + 8), ascii('mdat')])
      : Buffer.concat([
          u32(1),
          ascii('mdat'),
          u32(Math.floor((payloadBytes + 16) / 2 ** 32)),
          u32(payloadBytes + 16),
        ]);
  return { head: Buffer.concat([fileType, moov, mdatHeader]), payloadBytes, totalBytes };
}

export function makeMp4(spec: VideoSpec): Buffer {
  const layout = videoLayout(spec, 'mp4');
  return Buffer.concat([layout.head, Buffer.alloc(layout.payloadBytes)]);
}

export function makeMov(spec: VideoSpec): Buffer {
  const layout = videoLayout(spec, 'mov');
  return Buffer.concat([layout.head, Buffer.alloc(layout.payloadBytes)]);
}

export function makeHeic(options: { width?: number; height?: number; brand?: 'heic' | 'heif' } = {}): Buffer {
  const width = options.width ?? 4032;
  const height = options.height ?? 3024;
  assertDimensions(width, height, 0xffffffff);
  const major = options.brand === 'heif' ? 'mif1' : 'heic';
  const hdlr = isoFullBox('hdlr', 0, 0, u32(0), ascii('pict'), Buffer.alloc(12), ascii('\0'));
  const ispe = isoFullBox('ispe', 0, 0, u32(width), u32(height));
  const meta = isoFullBox('meta', 0, 0, hdlr, isoBox('iprp', isoBox('ipco', ispe)));
  return Buffer.concat([ftyp(major, 0, ['mif1', 'heic']), meta, isoBox('mdat', Buffer.alloc(64))]);
}

// ---------------------------------------------------------------- WebP

export function makeWebp(width: number, height: number, options: { alpha?: boolean } = {}): Buffer {
  assertDimensions(width, height, 0x1000000);
  const vp8x = Buffer.alloc(18);
  vp8x.write('VP8X', 0, 'latin1');
  vp8x.writeUInt32LE(10, 4);
  vp8x[8] = options.alpha ? 0x10 : 0;
  vp8x.writeUIntLE(width - 1, 12, 3);
  vp8x.writeUIntLE(height - 1, 15, 3);
  const riffSize = Buffer.alloc(4);
  riffSize.writeUInt32LE(4 + vp8x.length);
  return Buffer.concat([ascii('RIFF'), riffSize, ascii('WEBP'), vp8x]);
}
