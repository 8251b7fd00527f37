import { describe, expect, it } from 'vitest';
import { sniffMedia } from '../../src/lib/media-signature.js';

const bytes = (...parts: Array<string | number[]>) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
const box = (type: string, brand: string) => bytes([0, 0, 0, 0x18], type, brand, [0, 0, 0, 0]);

describe('sniffMedia', () => {
  it.each([
    ['jpeg', bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'), 'image'],
    ['png', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]), 'image'],
    ['gif', bytes('GIF89a'), 'image'],
    ['webp', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '), 'image'],
    ['heic', box('ftyp', 'heic'), 'image'],
    ['mp4', box('ftyp', 'isom'), 'video'],
    ['mov', box('ftyp', 'qt  '), 'video'],
    ['mov', bytes([0, 0, 0, 8], 'wide'), 'video'],
    ['webm', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x01]), 'video'],
  ])('%s', (format, data, family) => {
    expect(sniffMedia(data)).toEqual({ family, format });
  });

  it.each([
    ['JSON', bytes('{"internal": true}')],
    ['HTML', bytes('<!doctype html><html>')],
    ['PDF', bytes('%PDF-1.7\n')],
    ['ZIP', bytes('PK', [3, 4, 0, 0])],
    ['too short', bytes('GI')],
    ['empty', bytes()],
  ])('%s is not media', (_name, data) => {
    expect(sniffMedia(data)).toBeUndefined();
  });
});
