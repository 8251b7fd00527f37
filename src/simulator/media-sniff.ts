/**
 * Reads the facts the model rules need (dimensions, transparency, duration, frame rate) from an
 * uploaded file on disk with positioned reads. Facts that cannot be read stay undefined and the
 * checks that need them are skipped (the upstream would decide; the simulator is lenient).
 */
import { type FileHandle, open } from 'node:fs/promises';
import { type BoxRef, childBoxes, findBoxes, firstBox, readAt, topLevelBoxes } from './iso-bmff.js';
import type { MediaFormat } from './media-formats.js';

export interface MediaFacts {
  width?: number;
  height?: number;
  hasAlpha?: boolean;
  durationSeconds?: number;
  fps?: number;
}

const MAX_MOOV_BYTES = 64 * 1024 * 1024;

export async function sniffMediaFacts(filePath: string, format: MediaFormat): Promise<MediaFacts> {
  const file = await open(filePath, 'r');
  try {
    const { size } = await file.stat();
    switch (format.id) {
      case 'png':
        return await sniffPng(file);
      case 'jpg':
        return await sniffJpeg(file, size);
      case 'gif':
        return sniffGif(await readAt(file, 0, 10));
      case 'webp':
        return sniffWebp(await readAt(file, 0, 30));
      case 'heic':
      case 'heif':
        return await sniffHeif(file, size);
      case 'mp4':
      case 'mov':
        return await sniffIsoVideo(file, size);
      default:
        return {};
    }
  } catch {
    return {}; // unreadable facts: accepted without the checks that need them
  } finally {
    await file.close();
  }
}

async function sniffPng(file: FileHandle): Promise<MediaFacts> {
  const head = await readAt(file, 0, 33);
  if (head.length < 33 || head.toString('latin1', 12, 16) !== 'IHDR') return {};
  const colourType = head[25]!;
  let hasAlpha = colourType === 4 || colourType === 6;
  // A tRNS chunk before the image data also means transparency.
  let offset = 8;
  for (let i = 0; i < 1000 && !hasAlpha; i++) {
    const chunk = await readAt(file, offset, 8);
    if (chunk.length < 8) break;
    const type = chunk.toString('latin1', 4, 8);
    if (type === 'IDAT' || type === 'IEND') break;
    if (type === 'tRNS') hasAlpha = true;
    offset += 12 + chunk.readUInt32BE(0);
  }
  return { width: head.readUInt32BE(16), height: head.readUInt32BE(20), hasAlpha };
}

const JPEG_SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

async function sniffJpeg(file: FileHandle, size: number): Promise<MediaFacts> {
  let offset = 2;
  for (let i = 0; i < 1000 && offset + 4 <= size; i++) {
    const header = await readAt(file, offset, 9);
    if (header[0] !== 0xff) return {};
    const marker = header[1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      offset += 2; // markers without a length
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return {}; // reached the scan without a frame header
    if (JPEG_SOF.has(marker))
      return { height: header.readUInt16BE(5), width: header.readUInt16BE(7), hasAlpha: false };
    offset += 2 + header.readUInt16BE(2);
  }
  return {};
}

function sniffGif(head: Buffer): MediaFacts {
  if (head.length < 10) return {};
  return { width: head.readUInt16LE(6), height: head.readUInt16LE(8) };
}

function sniffWebp(head: Buffer): MediaFacts {
  if (head.length < 30) return {};
  const chunk = head.toString('latin1', 12, 16);
  if (chunk === 'VP8X') {
    return {
      width: 1 + head.readUIntLE(24, 3),
      height: 1 + head.readUIntLE(27, 3),
      hasAlpha: (head[20]! & 0x10) !== 0,
    };
  }
  if (chunk === 'VP8L') {
    const bits = head.readUInt32LE(21);
    return {
      width: (bits & 0x3fff) + 1,
      height: ((bits >>> 14) & 0x3fff) + 1,
      hasAlpha: ((bits >>> 28) & 1) === 1,
    };
  }
  if (chunk === 'VP8 ') {
    return { width: head.readUInt16LE(26) & 0x3fff, height: head.readUInt16LE(28) & 0x3fff, hasAlpha: false };
  }
  return {};
}

async function readTopLevelBox(file: FileHandle, size: number, type: string): Promise<Buffer | undefined> {
  const box = (await topLevelBoxes(file, size)).find((b) => b.type === type);
  if (!box || box.end - box.start > MAX_MOOV_BYTES) return undefined;
  return readAt(file, box.start, box.end - box.start);
}

async function sniffHeif(file: FileHandle, size: number): Promise<MediaFacts> {
  const meta = await readTopLevelBox(file, size, 'meta');
  if (!meta) return {};
  const ispe = firstBox(meta, 0, meta.length, 'ispe');
  if (!ispe || ispe.end - ispe.payloadStart < 12) return {};
  return {
    width: meta.readUInt32BE(ispe.payloadStart + 4),
    height: meta.readUInt32BE(ispe.payloadStart + 8),
  };
}

/** Reads a version-0/1 full box field pair laid out as (creation, modification, timescale, duration). */
function timescaleAndDuration(buffer: Buffer, box: BoxRef): { timescale: number; duration: number } {
  const version = buffer[box.payloadStart]!;
  const at = box.payloadStart + 4;
  if (version === 1) {
    return { timescale: buffer.readUInt32BE(at + 16), duration: Number(buffer.readBigUInt64BE(at + 20)) };
  }
  return { timescale: buffer.readUInt32BE(at + 8), duration: buffer.readUInt32BE(at + 12) };
}

function trackDimensions(buffer: Buffer, tkhd: BoxRef): { width: number; height: number } {
  const version = buffer[tkhd.payloadStart]!;
  // After version/flags: times, track id, reserved, duration, reserved(8), layer..volume(8), matrix(36).
  const at = tkhd.payloadStart + 4 + (version === 1 ? 32 : 20) + 8 + 8 + 36;
  return { width: buffer.readUInt32BE(at) / 0x10000, height: buffer.readUInt32BE(at + 4) / 0x10000 };
}

function handlerType(buffer: Buffer, trak: BoxRef): string | undefined {
  const hdlr = firstBox(buffer, trak.payloadStart, trak.end, 'hdlr');
  return hdlr ? buffer.toString('latin1', hdlr.payloadStart + 8, hdlr.payloadStart + 12) : undefined;
}

function framesPerSecond(buffer: Buffer, trak: BoxRef): number | undefined {
  const mdhd = firstBox(buffer, trak.payloadStart, trak.end, 'mdhd');
  const stts = firstBox(buffer, trak.payloadStart, trak.end, 'stts');
  if (!mdhd || !stts) return undefined;
  const { timescale } = timescaleAndDuration(buffer, mdhd);
  const entries = buffer.readUInt32BE(stts.payloadStart + 4);
  let samples = 0;
  let ticks = 0;
  for (let i = 0; i < entries; i++) {
    const at = stts.payloadStart + 8 + i * 8;
    if (at + 8 > stts.end) break;
    const count = buffer.readUInt32BE(at);
    samples += count;
    ticks += count * buffer.readUInt32BE(at + 4);
  }
  if (samples === 0 || ticks === 0 || timescale === 0) return undefined;
  return Math.round(((samples * timescale) / ticks) * 100) / 100;
}

async function sniffIsoVideo(file: FileHandle, size: number): Promise<MediaFacts> {
  const moov = await readTopLevelBox(file, size, 'moov');
  if (!moov) return {};
  const payload = childBoxes(moov, 0, moov.length)[0];
  if (!payload) return {};
  const facts: MediaFacts = {};
  const mvhd = firstBox(moov, payload.payloadStart, payload.end, 'mvhd');
  if (mvhd) {
    const { timescale, duration } = timescaleAndDuration(moov, mvhd);
    if (timescale > 0) facts.durationSeconds = duration / timescale;
  }
  const tracks = findBoxes(moov, payload.payloadStart, payload.end, 'trak');
  const video = tracks.find((t) => handlerType(moov, t) === 'vide');
  if (video) {
    const tkhd = firstBox(moov, video.payloadStart, video.end, 'tkhd');
    if (tkhd) Object.assign(facts, trackDimensions(moov, tkhd));
    const fps = framesPerSecond(moov, video);
    if (fps !== undefined) facts.fps = fps;
    if (facts.durationSeconds === undefined) {
      const mdhd = firstBox(moov, video.payloadStart, video.end, 'mdhd');
      if (mdhd) {
        const { timescale, duration } = timescaleAndDuration(moov, mdhd);
        if (timescale > 0) facts.durationSeconds = duration / timescale;
      }
    }
  }
  return facts;
}
