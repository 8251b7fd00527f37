/**
 * The relay over real HTTP: a Telegram Bot API emulator (cloud and local mode) on one side, the
 * upstream simulator on the other, grammY's Api for getFile/getUpdates as the bot would use it.
 */
import { mkdtemp, rm, unlink } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { Api } from 'grammy';
import type { Message } from 'grammy/types';
import { type Logger, pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ResellerClient } from '../../src/reseller/client.js';
import { ResellerError } from '../../src/reseller/errors.js';
import { MediaRelay, MediaRelayError } from '../../src/services/media-relay.js';
import { fileRefFromMessage, type TelegramFileRef } from '../../src/services/telegram-file.js';
import { type RunningSimulator, startSimulator } from '../../src/simulator/server.js';
import { makeHeic, makeJpeg, makeMp4 } from '../support/media-fixtures.js';
import {
  type ScriptedUser,
  startTelegramEmulator,
  type TelegramEmulator,
} from '../support/telegram/emulator.js';

const MB = 1024 * 1024;
// Shaped like a real token so redaction has something to find (the default test token is too).
const TOKEN = '7012345678:AAH-relayTestTokenSecretPart_0123456789';

/** Log lines of every relay, checked for the token at the end. */
const logLines: string[] = [];
const logger: Logger = pino(
  { level: 'debug' },
  new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  }),
);

/** A bot's view of one emulator: the Api grammY would use and the messages it received. */
class BotSide {
  readonly api: Api;
  #offset = 0;

  constructor(readonly emu: TelegramEmulator) {
    this.api = new Api(emu.token, { apiRoot: emu.apiRoot });
  }

  /** The newest message the user sent (fetched with getUpdates, as a polling bot does). */
  async lastMessage(): Promise<Message> {
    const updates = await this.api.getUpdates({ offset: this.#offset, timeout: 0 });
    const last = updates.at(-1);
    if (!last?.message) throw new Error('no message update');
    this.#offset = last.update_id + 1;
    return last.message;
  }

  async fileSent(send: () => Promise<void>): Promise<TelegramFileRef> {
    await send();
    const ref = fileRefFromMessage(await this.lastMessage());
    if (!ref) throw new Error('message carries no file');
    return ref;
  }
}

let sim: RunningSimulator;
let client: ResellerClient;
let cloud: BotSide;
let local: BotSide;
let localDir: string;
let cloudUser: ScriptedUser;
let localUser: ScriptedUser;

function relayFor(side: BotSide, localFiles: boolean, over: { client?: ResellerClient } = {}): MediaRelay {
  return new MediaRelay({
    getFile: (id) => side.api.getFile(id),
    token: side.emu.token,
    apiRoot: side.emu.apiRoot,
    localFiles,
    client: over.client ?? client,
    logger,
    readyTimeoutMs: 10_000,
    readyIntervalMs: 50,
  });
}

/** The bytes the upstream stored, read back through the authenticated preview. */
async function storedBytes(tmpPath: string): Promise<Buffer> {
  const preview = await client.openPreview(tmpPath);
  const chunks: Buffer[] = [];
  for await (const chunk of preview.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const uploadPosts = () => sim.requests.filter((r) => r.method === 'POST' && r.path === '/upload').length;

async function relayError(promise: Promise<unknown>): Promise<MediaRelayError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(MediaRelayError);
  return err as MediaRelayError;
}

beforeAll(async () => {
  sim = await startSimulator({ heicProcessingMs: 300 });
  client = new ResellerClient({
    baseUrl: sim.baseUrl,
    apiKey: 'sim-key',
    retry: { minDelayMs: 1, maxDelayMs: 5 },
  });
  cloud = new BotSide(await startTelegramEmulator({ token: TOKEN }));
  // A local Bot API server keeps files under a directory named after the token: the paths carry it.
  localDir = await mkdtemp(join(tmpdir(), 'relay-local-'));
  local = new BotSide(
    await startTelegramEmulator({ token: TOKEN, localMode: { dir: join(localDir, TOKEN) } }),
  );
  cloudUser = cloud.emu.createUser();
  localUser = local.emu.createUser();
});

afterEach(() => {
  sim.faults.clear();
});

afterAll(async () => {
  await Promise.all([client.close(), sim?.close(), cloud?.emu.close(), local?.emu.close()]);
  await rm(localDir, { recursive: true, force: true });
});

describe('MediaRelay, cloud Bot API', () => {
  it('relays a photo: the upstream stores the same bytes and answers ready', async () => {
    const jpeg = makeJpeg(1280, 960);
    const ref = await cloud.fileSent(() => cloudUser.sendPhoto(jpeg, { width: 1280, height: 960 }));

    const upload = await relayFor(cloud, false).relay(ref);

    expect(upload.status).toBe('ready');
    expect(upload.size).toBe(jpeg.length);
    expect(upload.mime_type).toBe('image/jpeg');
    expect(upload.original_name).toBe(`photo-${ref.fileUniqueId}.jpg`);
    expect((await storedBytes(upload.tmp_path)).equals(jpeg)).toBe(true);
  });

  it('relays a video under its own file name with the same bytes', async () => {
    const mp4 = makeMp4({ durationSeconds: 6, width: 1024, height: 576, fps: 30, padToBytes: 3 * MB });
    const ref = await cloud.fileSent(() =>
      cloudUser.sendVideo(mp4, {
        duration: 6,
        width: 1024,
        height: 576,
        mime_type: 'video/mp4',
        file_name: 'beach.mp4',
      }),
    );

    const upload = await relayFor(cloud, false).relay(ref);

    expect(upload).toMatchObject({
      status: 'ready',
      original_name: 'beach.mp4',
      mime_type: 'video/mp4',
      size: mp4.length,
    });
    expect((await storedBytes(upload.tmp_path)).equals(mp4)).toBe(true);
  });

  it('waits for a HEIC document through processing until ready, converted to PNG', async () => {
    const heic = makeHeic({ width: 2000, height: 1500 });
    const ref = await cloud.fileSent(() =>
      cloudUser.sendDocument(heic, { file_name: 'IMG_0042.HEIC', mime_type: 'image/heic' }),
    );
    const statusPolls = () => sim.requests.filter((r) => r.path === '/upload/status').length;
    const pollsBefore = statusPolls();

    const upload = await relayFor(cloud, false).relay(ref);

    expect(statusPolls()).toBeGreaterThan(pollsBefore); // it was processing at first
    expect(upload).toMatchObject({ status: 'ready', mime_type: 'image/png', original_name: 'IMG_0042.HEIC' });
    expect(upload.url).not.toBeNull();
    expect(sim.state.uploads.find(upload.tmp_path)?.size).toBe(heic.length);
  });

  it('refuses a 25 MB document from file_size, before any getFile call or upload', async () => {
    const ref = await cloud.fileSent(() =>
      cloudUser.sendDocument({ size: 25 * MB }, { file_name: 'long.mp4', mime_type: 'video/mp4' }),
    );
    const getFiles = cloud.emu.callsTo('getFile').length;
    const posts = uploadPosts();

    const err = await relayError(relayFor(cloud, false).relay(ref));

    expect(err.code).toBe('too_big_for_telegram');
    expect(cloud.emu.callsTo('getFile').length).toBe(getFiles);
    expect(uploadPosts()).toBe(posts);
  });

  it("maps getFile's own 'file is too big' (size unknown beforehand) to too_big_for_telegram", async () => {
    const ref = await cloud.fileSent(() =>
      cloudUser.sendDocument({ size: 21 * MB }, { file_name: 'long.mp4', mime_type: 'video/mp4' }),
    );
    const { fileSize: _unknown, ...withoutSize } = ref;
    const posts = uploadPosts();

    const err = await relayError(relayFor(cloud, false).relay(withoutSize));

    expect(err.code).toBe('too_big_for_telegram');
    expect(uploadPosts()).toBe(posts);
  });

  it('an upstream 500 on every attempt -> upload_failed keeping the upstream code; one getFile for both attempts', async () => {
    const jpeg = makeJpeg(640, 480);
    const ref = await cloud.fileSent(() => cloudUser.sendPhoto(jpeg, { width: 640, height: 480 }));
    sim.faults.add({
      method: 'POST',
      path: '/upload',
      times: Number.POSITIVE_INFINITY,
      action: { kind: 'status', status: 500 },
    });
    const oneRetry = new ResellerClient({
      baseUrl: sim.baseUrl,
      apiKey: 'sim-key',
      retry: { retries: 1, minDelayMs: 1, maxDelayMs: 2 },
    });
    const posts = uploadPosts();
    const getFiles = cloud.emu.callsTo('getFile').length;

    const err = await relayError(relayFor(cloud, false, { client: oneRetry }).relay(ref));
    await oneRetry.close();

    expect(err.code).toBe('upload_failed');
    expect(err.cause).toBeInstanceOf(ResellerError);
    expect(err.resellerError).toMatchObject({ code: 'internal_error', httpStatus: 500 });
    expect(uploadPosts() - posts).toBe(2);
    expect(cloud.emu.callsTo('getFile').length - getFiles).toBe(1); // one getFile serves both attempts
    expect(err.message).not.toContain(TOKEN);
  });

  it('recovers from one upstream 500: the retry re-downloads and the upstream gets the full file', async () => {
    const jpeg = makeJpeg(800, 600);
    const ref = await cloud.fileSent(() => cloudUser.sendPhoto(jpeg, { width: 800, height: 600 }));
    sim.faults.add({ method: 'POST', path: '/upload', times: 1, action: { kind: 'status', status: 500 } });

    const upload = await relayFor(cloud, false).relay(ref);

    expect(upload.status).toBe('ready');
    expect((await storedBytes(upload.tmp_path)).equals(jpeg)).toBe(true);
  });

  it('keeps the token out of errors whose text carried the download URL', async () => {
    const relay = new MediaRelay({
      getFile: async () => {
        throw new Error(`request to ${cloud.emu.apiRoot}/bot${TOKEN}/getFile failed: socket hang up`);
      },
      token: TOKEN,
      apiRoot: cloud.emu.apiRoot,
      localFiles: false,
      client,
      logger,
    });

    const err = await relayError(relay.relay({ kind: 'photo', fileId: 'x', fileUniqueId: 'y' }));

    expect(err.code).toBe('telegram_download_failed');
    expect(err.message).toContain('[REDACTED]');
    expect(err.message).not.toContain(TOKEN);
    expect(String((err.cause as Error).message)).not.toContain(TOKEN);
    expect(String((err.cause as Error).stack)).not.toContain(TOKEN);
  });

  it('a download the Bot API server answers with 404 -> telegram_download_failed, nothing uploaded', async () => {
    const posts = uploadPosts();
    const relay = new MediaRelay({
      getFile: async () => ({ file_path: 'documents/file_gone.mp4', file_size: 10 }),
      token: TOKEN,
      apiRoot: cloud.emu.apiRoot,
      localFiles: false,
      client,
      logger,
    });

    const err = await relayError(relay.relay({ kind: 'document', fileId: 'gone', fileUniqueId: 'gone' }));

    expect(err.code).toBe('telegram_download_failed');
    expect(err.message).toMatch(/HTTP 404/);
    expect(uploadPosts()).toBe(posts);
    cloud.emu.problems.length = 0; // the emulator flags the unknown path as a bot mistake; here it is the point
  });
});

describe('MediaRelay, failures while bytes flow', () => {
  /** A Bot API file server that announces `size` bytes, sends `sent`, then cuts or stalls the connection. */
  async function brokenFileServer(
    size: number,
    sent: number,
    then: 'cut' | 'stall',
  ): Promise<{ root: string; server: Server }> {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-length': size, 'content-type': 'application/octet-stream' });
      res.write(makeMp4({ durationSeconds: 4, width: 1024, height: 576, fps: 30, padToBytes: sent }));
      if (then === 'cut') setTimeout(() => res.socket?.destroy(), 20);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { root: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
  }

  function relayAgainst(root: string, size: number): MediaRelay {
    return new MediaRelay({
      getFile: async () => ({ file_path: 'videos/file_7.mp4', file_size: size }),
      token: TOKEN,
      apiRoot: root,
      localFiles: false,
      client,
      logger,
    });
  }
  const video = (size: number): TelegramFileRef => ({
    kind: 'video',
    fileId: 'v',
    fileUniqueId: 'cut',
    fileSize: size,
  });

  it('a download cut off midway -> telegram_download_failed, not upload_failed, nothing stored', async () => {
    const { root, server } = await brokenFileServer(2 * MB, 256 * 1024, 'cut');
    const stored = sim.state.uploads.list().length;

    const err = await relayError(relayAgainst(root, 2 * MB).relay(video(2 * MB)));
    server.close();

    expect(err.code).toBe('telegram_download_failed');
    expect(err.message).not.toContain(TOKEN);
    expect(sim.state.uploads.list().length).toBe(stored);
  });

  it('the caller aborting a stalled relay -> aborted', async () => {
    const { root, server } = await brokenFileServer(2 * MB, 256 * 1024, 'stall');
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);

    const err = await relayError(
      relayAgainst(root, 2 * MB).relay(video(2 * MB), { signal: controller.signal }),
    );
    server.closeAllConnections();
    server.close();

    expect(err.code).toBe('aborted');
  });

  it('an upstream error answered while the body still streams -> upload_failed', async () => {
    const mp4 = makeMp4({ durationSeconds: 6, width: 1024, height: 576, fps: 30, padToBytes: 19 * MB });
    const ref = await cloud.fileSent(() =>
      cloudUser.sendDocument(mp4, { file_name: 'a.mp4', mime_type: 'video/mp4' }),
    );
    sim.faults.add({
      method: 'POST',
      path: '/upload',
      times: Number.POSITIVE_INFINITY,
      action: { kind: 'status', status: 503 },
    });
    const noRetry = new ResellerClient({ baseUrl: sim.baseUrl, apiKey: 'sim-key', retry: { retries: 0 } });

    const err = await relayError(relayFor(cloud, false, { client: noRetry }).relay(ref));
    await noRetry.close();

    expect(err.code).toBe('upload_failed');
    expect(err.resellerError).toMatchObject({ code: 'server_busy', httpStatus: 503 });
  });
});

describe('MediaRelay, local Bot API server', () => {
  it('relays the 25 MB file that cloud mode refuses, read from disk', async () => {
    const mp4 = makeMp4({ durationSeconds: 10, width: 1280, height: 720, fps: 30, padToBytes: 25 * MB });
    const ref = await local.fileSent(() =>
      localUser.sendDocument(mp4, { file_name: 'long.mp4', mime_type: 'video/mp4' }),
    );
    const info = await local.api.getFile(ref.fileId);
    expect(info.file_path?.startsWith(localDir)).toBe(true); // an absolute path: no HTTP download needed

    const upload = await relayFor(local, true).relay(ref);

    expect(upload).toMatchObject({ status: 'ready', size: mp4.length, original_name: 'long.mp4' });
    expect(sim.state.uploads.find(upload.tmp_path)?.size).toBe(mp4.length);
  });

  it('an unreadable local file -> telegram_download_failed without the path (it holds the token)', async () => {
    const jpeg = makeJpeg(640, 480);
    const ref = await local.fileSent(() => localUser.sendPhoto(jpeg, { width: 640, height: 480 }));
    const info = await local.api.getFile(ref.fileId);
    await unlink(info.file_path!);

    const err = await relayError(relayFor(local, true).relay(ref));

    expect(err.code).toBe('telegram_download_failed');
    expect(err.message).toContain('ENOENT');
    expect(err.message).not.toContain(TOKEN);
  });
});

describe('logs', () => {
  it('never carry the bot token', () => {
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(TOKEN);
    expect(logLines.some((l) => l.includes('media relayed'))).toBe(true);
    expect(logLines.some((l) => l.includes('media relay failed'))).toBe(true);
  });
});
