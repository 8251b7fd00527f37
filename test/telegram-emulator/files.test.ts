import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InputFile } from 'grammy';
import type { InputMediaPhoto, Update } from 'grammy/types';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptedUser, TelegramEmulator } from '../support/telegram/emulator.js';
import { botFor, type Harness, png, rawCall, startEmulator, startPollingBot } from './helpers.js';

const MB = 1024 * 1024;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex').slice(0, 16);

describe('files the bot sends', () => {
  let emu: TelegramEmulator;
  let user: ScriptedUser;
  let web: Server;
  let webRoot: string;
  const api = () => botFor(emu).api;
  const picture = png(64, 32);

  beforeAll(async () => {
    emu = await startEmulator();
    user = emu.createUser();
    web = createServer((req, res) => {
      if (req.url === '/pic.png') {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(picture);
      } else if (req.url === '/page.pdf') {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<html></html>');
      } else {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((r) => web.listen(0, '127.0.0.1', r));
    webRoot = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await emu.close();
    await new Promise((r) => web.close(r));
  });

  it('sendPhoto via multipart: the test can read the bytes, the call shows an upload descriptor', async () => {
    const sent = await api().sendPhoto(user.chatId, new InputFile(picture), {
      caption: 'A <b>cat</b>',
      parse_mode: 'HTML',
    });
    expect(sent.photo.at(-1)).toMatchObject({ width: 64, height: 32, file_size: picture.length });
    const m = user.lastMessage()!;
    expect(m).toMatchObject({ kind: 'photo', caption: 'A cat', media: { size: picture.length } });
    expect(await m.media!.bytes()).toEqual(picture);
    expect(emu.callsTo('sendPhoto').at(-1)!.params).toMatchObject({
      chat_id: user.chatId,
      photo: { filename: 'photo.jpg', size: picture.length },
    });
  });

  it('keeps document file names with spaces and non-ASCII characters', async () => {
    await api().sendDocument(user.chatId, new InputFile(Buffer.from('%PDF-1.4'), 'Отчёт за май (final).pdf'));
    expect(user.lastMessage()!.media).toMatchObject({
      file_name: 'Отчёт за май (final).pdf',
      mime_type: 'application/pdf',
    });
  });

  it('sendMediaGroup with attach:// uploads becomes one album', async () => {
    const video = Buffer.from('fake mp4 bytes');
    const sent = await api().sendMediaGroup(user.chatId, [
      { type: 'photo', media: new InputFile(png(10, 10)), caption: 'first' },
      { type: 'photo', media: new InputFile(picture) },
      { type: 'video', media: new InputFile(video, 'clip.mp4'), width: 640, height: 360, duration: 3 },
    ]);
    expect(sent).toHaveLength(3);
    const album = user.messages().slice(-3);
    expect(new Set(album.map((m) => m.mediaGroupId)).size).toBe(1);
    expect(album.map((m) => [m.kind, m.mediaType])).toEqual([
      ['media_group_item', 'photo'],
      ['media_group_item', 'photo'],
      ['media_group_item', 'video'],
    ]);
    expect(album[0]!.caption).toBe('first');
    expect(await album[2]!.media!.bytes()).toEqual(video);
    expect(album[2]!.media).toMatchObject({ file_name: 'clip.mp4', duration: 3, width: 640 });

    await expect(
      api().sendMediaGroup(user.chatId, [
        { type: 'photo', media: new InputFile(picture) },
        { type: 'document', media: new InputFile(picture, 'a.png') },
      ] as unknown as InputMediaPhoto[]), // grammY's types forbid this mix; a buggy bot could still send it
    ).rejects.toThrow("document can't be mixed with other media types");
    await expect(
      api().sendMediaGroup(user.chatId, [{ type: 'photo', media: new InputFile(picture) }]),
    ).rejects.toThrow('400');
  });

  it('re-sends known files by file_id and rejects unknown ones', async () => {
    const first = await api().sendPhoto(user.chatId, new InputFile(picture));
    const id = first.photo.at(-1)!.file_id;
    const again = await api().sendPhoto(user.chatId, id);
    expect(again.photo.at(-1)!.file_id).toBe(id);
    await expect(api().sendPhoto(user.chatId, 'AgACAgIAAxkBAAIunknown')).rejects.toThrow(
      'Bad Request: wrong file identifier/HTTP URL specified',
    );
    await expect(api().sendVideo(user.chatId, id)).rejects.toThrow('type of file mismatch');
  });

  it('downloads files given by URL, and fails like Telegram on 404 and wrong content types', async () => {
    emu.problems.length = 0;
    await api().sendPhoto(user.chatId, `${webRoot}/pic.png`);
    expect(await user.lastMessage()!.media!.bytes()).toEqual(picture);
    await expect(api().sendPhoto(user.chatId, `${webRoot}/missing.png`)).rejects.toThrow(
      'Bad Request: failed to get HTTP URL content',
    );
    expect(emu.problems).toEqual([]); // a dead URL is not a bot bug
    await expect(api().sendDocument(user.chatId, `${webRoot}/page.pdf`)).rejects.toThrow(
      'Bad Request: wrong type of the web page content',
    );
    expect(emu.problems).toHaveLength(1);
  });

  it('rejects uploads over the limit with 413', async () => {
    const small = await startEmulator({ uploadLimitBytes: 1000 });
    try {
      const u = small.createUser();
      await expect(
        botFor(small).api.sendDocument(u.chatId, new InputFile(Buffer.alloc(2000, 1), 'big.bin')),
      ).rejects.toThrow('413: Request Entity Too Large');
      await botFor(small).api.sendDocument(u.chatId, new InputFile(Buffer.alloc(900, 1), 'ok.bin'));
      expect(u.lastMessage()!.media!.size).toBe(900);
    } finally {
      await small.close();
    }
  });
});

describe('files users send', () => {
  let h: Harness | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await h?.stop();
    h = undefined;
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = undefined;
  });

  /** The bot replies with getFile's answer, or with the download's size and hash. */
  function fileBot(mode: 'download' | 'path') {
    return (bot: Harness['bot'], emu: TelegramEmulator) => {
      bot.on(['message:photo', 'message:document'], async (ctx) => {
        try {
          const file = await ctx.getFile();
          if (mode === 'path') return void (await ctx.reply(`path ${file.file_path} size ${file.file_size}`));
          const res = await fetch(`${emu.apiRoot}/file/bot${emu.token}/${file.file_path}`);
          const bytes = Buffer.from(await res.arrayBuffer());
          await ctx.reply(`got ${bytes.length} bytes ${sha(bytes)}`);
        } catch (err) {
          await ctx.reply(`getFile failed: ${(err as Error).message}`);
        }
      });
    };
  }

  it("getFile + download returns the user's photo bytes", async () => {
    h = await startPollingBot(fileBot('download'));
    const user = h.emu.createUser();
    const bytes = png(1500, 1000);
    await user.sendPhoto(bytes, { caption: 'my photo' });
    const reply = await user.waitForMessage(/^got/);
    expect(reply.text).toBe(`got ${bytes.length} bytes ${sha(bytes)}`);
    expect(h.emu.problems).toEqual([]);
  });

  it('sends Telegram-style PhotoSize lists', async () => {
    const emu = await startEmulator();
    try {
      const user = emu.createUser();
      const bytes = png(1500, 1000);
      await user.sendPhoto(bytes);
      const [update] = (await rawCall(emu, 'getUpdates')).json['result'] as Update[];
      const sizes = update!.message!.photo!;
      expect(sizes.map((p) => [p.width, p.height])).toEqual([
        [90, 60],
        [320, 213],
        [800, 533],
        [1500, 1000],
      ]);
      expect(sizes.every((p) => p.file_size === bytes.length)).toBe(true);
      expect(new Set(sizes.map((p) => p.file_id)).size).toBe(4);
    } finally {
      await emu.close();
    }
  });

  it('refuses getFile over 20 MB (a fake 25 MB document costs no memory)', async () => {
    h = await startPollingBot(fileBot('download'));
    const user = h.emu.createUser();
    await user.sendDocument({ size: 25 * MB }, { file_name: 'big.mp4', mime_type: 'video/mp4' });
    const reply = await user.waitForMessage(/getFile failed/);
    expect(reply.text).toContain('400: Bad Request: file is too big');
    await user.sendDocument({ size: 2 * MB }, { file_name: 'ok.bin', mime_type: 'application/octet-stream' });
    expect((await user.waitForMessage(/^got/)).text).toBe(`got ${2 * MB} bytes ${sha(Buffer.alloc(2 * MB))}`);
    expect(h.emu.problems).toEqual([]);
  });

  it('local mode: no getFile cap and file_path is an absolute path on disk', async () => {
    dir = await mkdtemp(join(tmpdir(), 'tg-local-'));
    h = await startPollingBot(fileBot('path'), { localMode: { dir } });
    const user = h.emu.createUser();
    const doc = Buffer.from('local bytes');
    await user.sendDocument(doc, { file_name: 'notes.txt', mime_type: 'text/plain' });
    const small = await user.waitForMessage(/^path/);
    const smallPath = /^path (\S+) /.exec(small.text!)![1]!;
    expect(smallPath.startsWith(dir)).toBe(true);
    expect(await readFile(smallPath)).toEqual(doc);

    const s = h.emu.seq();
    await user.sendDocument({ size: 25 * MB }, { file_name: 'big.mp4', mime_type: 'video/mp4' });
    const big = await user.waitForMessage(/^path/, { after: s });
    const bigPath = /^path (\S+) /.exec(big.text!)![1]!;
    expect(big.text).toContain(`size ${25 * MB}`);
    expect((await stat(bigPath)).size).toBe(25 * MB);
  });
});
