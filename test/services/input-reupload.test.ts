/**
 * Uploading an older order's inputs again, over real HTTP (the Telegram Bot API emulator and the
 * upstream simulator) and a real store (the run's engine: SQLite, and PostgreSQL in its project):
 * the relay records where each upload came from, and InputReupload sends the same Telegram files up
 * again under fresh paths, with the same bytes and names; a file with no recorded source, or one
 * Telegram no longer gives, gets nothing.
 */
import { readFileSync } from 'node:fs';
import { Api } from 'grammy';
import type { Message } from 'grammy/types';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../src/db/index.js';
import { ResellerClient } from '../../src/reseller/client.js';
import { InputReupload } from '../../src/services/input-reupload.js';
import { MediaRelay } from '../../src/services/media-relay.js';
import { fileRefFromMessage, type TelegramFileRef } from '../../src/services/telegram-file.js';
import { type RunningSimulator, startSimulator } from '../../src/simulator/server.js';
import { createTestDatabase, type TestDatabase } from '../support/databases.js';
import { makeJpeg, makePng } from '../support/media-fixtures.js';
import {
  type ScriptedUser,
  startTelegramEmulator,
  type TelegramEmulator,
} from '../support/telegram/emulator.js';

const logger = pino({ level: 'silent' });

describe('uploading inputs again', () => {
  let sim: RunningSimulator;
  let emu: TelegramEmulator;
  let api: Api;
  let user: ScriptedUser;
  let client: ResellerClient;
  let database: TestDatabase;
  let store: Store;
  let offset = 0;

  beforeAll(async () => {
    sim = await startSimulator();
    emu = await startTelegramEmulator();
    api = new Api(emu.token, { apiRoot: emu.apiRoot });
    user = emu.createUser();
    client = new ResellerClient({ baseUrl: sim.baseUrl, apiKey: 'sim-key' });
    database = await createTestDatabase();
    store = await database.open();
  });
  afterAll(async () => {
    await Promise.all([client?.close(), sim?.close(), emu?.close(), database?.drop()]);
  });

  /** The relay as the bot builds it, remembering sources in the store unless told not to. */
  const relay = (remember = true) =>
    new MediaRelay({
      getFile: (id) => api.getFile(id),
      token: emu.token,
      apiRoot: emu.apiRoot,
      localFiles: false,
      client,
      logger,
      ...(remember && { sources: store.uploadSources }),
    });
  const reupload = () => new InputReupload({ sources: store.uploadSources, relay: relay() });

  /** The file of the message the user just sent, as the bot reads it from its update. */
  async function fileSent(send: () => Promise<unknown>): Promise<TelegramFileRef> {
    await send();
    const updates = await api.getUpdates({ offset, timeout: 0 });
    offset = updates.at(-1)!.update_id + 1;
    return fileRefFromMessage(updates.at(-1)!.message as Message)!;
  }
  const bytesOf = (tmpPath: string) => readFileSync(sim.state.uploads.find(tmpPath)!.filePath);
  const uploadPosts = () => sim.requests.filter((r) => r.method === 'POST' && r.path === '/upload').length;

  it('sends the same files up again under fresh paths: same bytes, same names, same places', async () => {
    const jpeg = makeJpeg(800, 600);
    const png = makePng(640, 480);
    const photo = await fileSent(() => user.sendPhoto(jpeg, { width: 800, height: 600 }));
    const sketch = await fileSent(() =>
      user.sendDocument(png, { file_name: 'sketch 1.png', mime_type: 'image/png' }),
    );
    const first = await relay().relay(photo);
    const second = await relay().relay(sketch);
    const media = { image: [first.tmp_path, second.tmp_path], style: [second.tmp_path] };

    const outcome = await reupload().reupload(media);

    if (!outcome.ok) throw new Error(`not uploaded again: ${JSON.stringify(outcome)}`);
    const fresh = outcome.media;
    expect(Object.keys(fresh)).toEqual(['image', 'style']);
    expect(fresh.image).toHaveLength(2);
    expect(fresh.style).toHaveLength(1);
    for (const path of [...fresh.image!, ...fresh.style!]) {
      expect([first.tmp_path, second.tmp_path]).not.toContain(path);
    }
    expect(bytesOf(fresh.image![0]!).equals(jpeg)).toBe(true);
    expect(bytesOf(fresh.image![1]!).equals(png)).toBe(true);
    expect(bytesOf(fresh.style![0]!).equals(png)).toBe(true);
    expect(sim.state.uploads.find(fresh.style![0]!)?.originalName).toBe('sketch 1.png');
    // The fresh uploads are remembered in turn, so the new order can be repeated a day later too.
    const remembered = await store.uploadSources.find([...fresh.image!, ...fresh.style!]);
    expect(remembered.map((s) => s.telegramFileId).sort()).toEqual(
      [photo.fileId, sketch.fileId, sketch.fileId].sort(),
    );
  });

  it('uploads nothing when one file has no recorded source', async () => {
    const jpeg = makeJpeg(320, 240);
    const known = await relay().relay(
      await fileSent(() => user.sendPhoto(jpeg, { width: 320, height: 240 })),
    );
    const unknown = await relay(false).relay(
      await fileSent(() => user.sendPhoto(jpeg, { width: 320, height: 240 })),
    );
    const before = uploadPosts();

    const outcome = await reupload().reupload({ image: [known.tmp_path, unknown.tmp_path] });

    expect(outcome).toEqual({ ok: false, reason: 'unknown_source' });
    expect(uploadPosts()).toBe(before);
  });

  it('says the relay failed when Telegram no longer gives the file', async () => {
    await store.uploadSources.record({
      path: 'tmp/gone/1.jpg',
      kind: 'photo',
      telegramFileId: 'a-file-id-telegram-does-not-know',
      telegramFileUniqueId: 'gone',
      fileName: null,
      mimeType: 'image/jpeg',
    });
    const before = uploadPosts();

    const outcome = await reupload().reupload({ image: ['tmp/gone/1.jpg'] });

    expect(outcome).toEqual({ ok: false, reason: 'relay_failed', code: 'telegram_download_failed' });
    expect(uploadPosts()).toBe(before);
  });
});
