import type { Message } from 'grammy/types';
import { describe, expect, it } from 'vitest';
import {
  extensionOf,
  fileRefFromMessage,
  mediaClassOf,
  type TelegramFileRef,
} from '../../src/services/telegram-file.js';

/** The envelope every message has; only the media fields vary between tests. */
function message(media: Partial<Message>): Message {
  return {
    message_id: 42,
    date: 1_732_000_000,
    chat: { id: 1001, type: 'private', first_name: 'Ann' },
    from: { id: 1001, is_bot: false, first_name: 'Ann', language_code: 'en' },
    ...media,
  } as Message;
}

describe('fileRefFromMessage', () => {
  it('picks the largest photo size, whatever the order Telegram lists them in', () => {
    const ref = fileRefFromMessage(
      message({
        photo: [
          { file_id: 'AgAD-m', file_unique_id: 'AQAD-m', width: 320, height: 240, file_size: 14_000 },
          { file_id: 'AgAD-x', file_unique_id: 'AQAD-x', width: 1280, height: 960, file_size: 131_000 },
          { file_id: 'AgAD-s', file_unique_id: 'AQAD-s', width: 90, height: 68, file_size: 1_200 },
          { file_id: 'AgAD-l', file_unique_id: 'AQAD-l', width: 800, height: 600, file_size: 60_000 },
        ],
        caption: 'my cat',
      }),
    );
    expect(ref).toEqual({
      kind: 'photo',
      fileId: 'AgAD-x',
      fileUniqueId: 'AQAD-x',
      fileSize: 131_000,
      mimeType: 'image/jpeg',
      width: 1280,
      height: 960,
    });
    expect(extensionOf(ref!)).toBe('jpg');
    expect(mediaClassOf(ref!)).toBe('image');
  });

  it('reads a video with its duration and dimensions', () => {
    const ref = fileRefFromMessage(
      message({
        video: {
          file_id: 'BAACAgIAAxk',
          file_unique_id: 'AgADvid',
          width: 1280,
          height: 720,
          duration: 12,
          mime_type: 'video/mp4',
          file_name: 'Beach.MP4',
          file_size: 5_432_100,
          thumbnail: { file_id: 't', file_unique_id: 'tu', width: 320, height: 180, file_size: 9000 },
        },
      }),
    );
    expect(ref).toMatchObject({
      kind: 'video',
      fileId: 'BAACAgIAAxk',
      fileUniqueId: 'AgADvid',
      fileSize: 5_432_100,
      fileName: 'Beach.MP4',
      width: 1280,
      height: 720,
      durationSeconds: 12,
    });
    expect(extensionOf(ref!)).toBe('mp4');
    expect(mediaClassOf(ref!)).toBe('video');
  });

  it('reads a HEIC sent as a document (no dimensions: Telegram does not report them)', () => {
    const ref = fileRefFromMessage(
      message({
        document: {
          file_id: 'BQACAgIAAxk',
          file_unique_id: 'AgADheic',
          file_name: 'IMG_0042.HEIC',
          mime_type: 'image/heic',
          file_size: 2_100_000,
        },
      }),
    );
    expect(ref).toEqual({
      kind: 'document',
      fileId: 'BQACAgIAAxk',
      fileUniqueId: 'AgADheic',
      fileName: 'IMG_0042.HEIC',
      mimeType: 'image/heic',
      fileSize: 2_100_000,
    });
    expect(extensionOf(ref!)).toBe('heic');
    expect(mediaClassOf(ref!)).toBe('image');
  });

  it('prefers the animation over the document Telegram sends alongside it', () => {
    const animation = {
      file_id: 'CgACAgIAAxk',
      file_unique_id: 'AgADgif',
      width: 480,
      height: 270,
      duration: 3,
      file_name: 'funny.gif.mp4',
      mime_type: 'video/mp4',
      file_size: 300_000,
    };
    const ref = fileRefFromMessage(message({ animation, document: { ...animation } }));
    expect(ref?.kind).toBe('animation');
    expect(ref?.durationSeconds).toBe(3);
    expect(extensionOf(ref!)).toBe('mp4');
    expect(mediaClassOf(ref!)).toBe('video');
  });

  it('returns undefined for a message without a file', () => {
    expect(fileRefFromMessage(message({ text: 'hello' }))).toBeUndefined();
    expect(fileRefFromMessage(message({ photo: [] }))).toBeUndefined();
  });
});

describe('extensionOf and mediaClassOf', () => {
  const doc = (over: Partial<TelegramFileRef>): TelegramFileRef => ({
    kind: 'document',
    fileId: 'f',
    fileUniqueId: 'u',
    ...over,
  });

  it('takes the file name first, lower-cased', () => {
    expect(extensionOf(doc({ fileName: 'Clip.MOV', mimeType: 'video/mp4' }))).toBe('mov');
    expect(extensionOf(doc({ fileName: 'photo.JPEG' }))).toBe('jpeg');
  });

  it('falls back to the MIME type when the name has no extension', () => {
    const cases: Array<[string, string]> = [
      ['image/jpeg', 'jpg'],
      ['image/png', 'png'],
      ['image/webp', 'webp'],
      ['image/gif', 'gif'],
      ['image/heic', 'heic'],
      ['image/heif', 'heif'],
      ['video/mp4', 'mp4'],
      ['video/quicktime', 'mov'],
      ['video/webm', 'webm'],
    ];
    for (const [mimeType, ext] of cases) expect(extensionOf(doc({ fileName: 'noext', mimeType }))).toBe(ext);
    expect(extensionOf(doc({ mimeType: 'application/pdf' }))).toBeUndefined();
    expect(extensionOf(doc({}))).toBeUndefined();
  });

  it('classifies documents by MIME type, then by extension', () => {
    expect(mediaClassOf(doc({ mimeType: 'image/png' }))).toBe('image');
    expect(mediaClassOf(doc({ mimeType: 'video/quicktime' }))).toBe('video');
    expect(mediaClassOf(doc({ fileName: 'x.heif', mimeType: 'application/octet-stream' }))).toBe('image');
    expect(mediaClassOf(doc({ fileName: 'report.pdf', mimeType: 'application/pdf' }))).toBeUndefined();
  });
});
