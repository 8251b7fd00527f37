/**
 * Minimal ISO base media file format (MP4 / MOV / HEIF) box walking. Top-level boxes are found with
 * positioned reads so a 300 MB file is never loaded; only `moov` / `meta` bodies are read whole.
 */
import type { FileHandle } from 'node:fs/promises';

export interface BoxRef {
  type: string;
  /** Offset of the box header. */
  start: number;
  /** Offset of the box payload (after the 8 or 16 byte header). */
  payloadStart: number;
  /** Offset just past the box. */
  end: number;
}

const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'dinf', 'edts', 'iprp', 'ipco', 'udta']);
const MAX_BOXES = 10_000;

export async function readAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/** Boxes at the top of a file, from their headers alone. */
export async function topLevelBoxes(file: FileHandle, fileSize: number): Promise<BoxRef[]> {
  const boxes: BoxRef[] = [];
  let offset = 0;
  while (offset + 8 <= fileSize && boxes.length < MAX_BOXES) {
    const header = await readAt(file, offset, 16);
    const box = parseHeader(header, 0, fileSize - offset);
    if (!box) break;
    boxes.push({ ...box, start: offset, payloadStart: offset + box.payloadStart, end: offset + box.end });
    offset += box.end;
  }
  return boxes;
}

/** Parses a box header at `at` in `buffer`; offsets in the result are relative to `at`'s buffer. */
function parseHeader(buffer: Buffer, at: number, available: number): BoxRef | undefined {
  if (buffer.length < at + 8) return undefined;
  let size = buffer.readUInt32BE(at);
  const type = buffer.toString('latin1', at + 4, at + 8);
  let headerSize = 8;
  if (size === 1) {
    if (buffer.length < at + 16) return undefined;
    size = Number(buffer.readBigUInt64BE(at + 8));
    headerSize = 16;
  } else if (size === 0) {
    size = available; // box extends to the end
  }
  if (size < headerSize || size > available) return undefined;
  return { type, start: at, payloadStart: at + headerSize, end: at + size };
}

/** Direct children of the box whose payload spans [start, end) of `buffer`. */
export function childBoxes(buffer: Buffer, start: number, end: number): BoxRef[] {
  const boxes: BoxRef[] = [];
  let offset = start;
  while (offset + 8 <= end && boxes.length < MAX_BOXES) {
    const box = parseHeader(buffer, offset, end - offset);
    if (!box) break;
    boxes.push(box);
    offset = box.end;
  }
  return boxes;
}

/** Depth-first search for boxes of `type` under the given payload range. */
export function findBoxes(buffer: Buffer, start: number, end: number, type: string, depth = 0): BoxRef[] {
  const found: BoxRef[] = [];
  if (depth > 12) return found;
  for (const box of childBoxes(buffer, start, end)) {
    if (box.type === type) found.push(box);
    if (CONTAINERS.has(box.type))
      found.push(...findBoxes(buffer, box.payloadStart, box.end, type, depth + 1));
    if (box.type === 'meta') {
      // In HEIF `meta` is a full box (4 bytes version/flags before its children).
      found.push(...findBoxes(buffer, box.payloadStart + 4, box.end, type, depth + 1));
    }
  }
  return found;
}

export function firstBox(buffer: Buffer, start: number, end: number, type: string): BoxRef | undefined {
  return findBoxes(buffer, start, end, type)[0];
}
