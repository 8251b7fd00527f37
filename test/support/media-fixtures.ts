/**
 * Small REAL media files for tests (simulator tests and end-to-end tests): valid headers that the
 * simulator (and real tools) can read, generated in memory.
 *
 * - makePng(w, h): palette PNG, 1 bit per pixel, one colour (optionally with a tRNS chunk).
 * - makeJpeg(w, h): decodable baseline greyscale JFIF (flat grey), SOF0 carries the dimensions.
 * - makeMp4 / makeMov({ durationSeconds, width, height, fps, padToBytes? }): ftyp + moov
 *   (mvhd timescale/duration, tkhd 16.16 width/height, mdhd, stts so fps = timescale / delta) + mdat.
 * - makeHeic({ width?, height? }): ftyp 'heic' + meta/iprp/ipco/ispe (dimensions) + mdat.
 * - makeWebp(w, h): RIFF/WEBP with a VP8X header (no pixel data).
 * - mp4Stream({ ..., totalBytes }): a Readable producing a valid MP4 header followed by zero padding
 *   up to totalBytes, without ever holding the whole file in memory.
 */
import { Readable } from 'node:stream';
import { type VideoSpec, videoLayout } from '../../src/simulator/media-builders.js';

export {
  makeHeic,
  makeJpeg,
  makeMov,
  makeMp4,
  makePng,
  makeWebp,
  type PngOptions,
  type VideoSpec,
} from '../../src/simulator/media-builders.js';

const CHUNK = 64 * 1024;

export interface StreamedVideoSpec extends Omit<VideoSpec, 'padToBytes'> {
  totalBytes: number;
  brand?: 'mp4' | 'mov';
}

export function mp4Stream(spec: StreamedVideoSpec): Readable {
  const layout = videoLayout({ ...spec, padToBytes: spec.totalBytes }, spec.brand ?? 'mp4');
  const zeros = Buffer.alloc(CHUNK);
  let headSent = false;
  let remaining = layout.payloadBytes;
  return new Readable({
    read() {
      if (!headSent) {
        headSent = true;
        this.push(layout.head);
        return;
      }
      if (remaining <= 0) {
        this.push(null);
        return;
      }
      const size = Math.min(CHUNK, remaining);
      remaining -= size;
      this.push(size === CHUNK ? zeros : zeros.subarray(0, size));
    },
  });
}

/** Total size of the file mp4Stream would produce (at least `totalBytes`). */
export function mp4StreamSize(spec: StreamedVideoSpec): number {
  return videoLayout({ ...spec, padToBytes: spec.totalBytes }, spec.brand ?? 'mp4').totalBytes;
}
