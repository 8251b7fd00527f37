/**
 * Memory and speed of the media relay with a big video. A child process runs the Telegram Bot API
 * emulator and the upstream simulator and plays the user who sends the file as a document; this
 * process is the bot: getFile, then MediaRelay streams the file into POST /upload. Its RSS is sampled
 * every 50 ms, so the growth shown is the relay's own, not the servers'.
 *
 *   npx tsx bench/relay-video.ts [localMB=200] [cloudMB=15] [liftedCloudMB=200]
 *   (node --expose-gc --import tsx bench/relay-video.ts  collects garbage before each baseline)
 *
 * The first run of a process also pays one-time costs (JIT, undici and fs buffer pools): about 40 MB
 * whatever the file size (50, 200 and 290 MB give the same); later runs show the steady state.
 *
 * Local mode: a local Bot API server, getFile returns an absolute path, the file is read from disk.
 * Cloud mode: the file is downloaded over HTTP from /file/bot<token>/<path> (20 MB cap, hence 15 MB).
 * "cloud*": the same HTTP path with the cap lifted in the emulator and the relay, to show that it
 * streams as well (the real cloud Bot API stops at 20 MB).
 */
import { fork } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { Api } from 'grammy';
import { pino } from 'pino';
import { ResellerClient } from '../src/reseller/client.js';
import { MediaRelay } from '../src/services/media-relay.js';
import { fileRefFromMessage } from '../src/services/telegram-file.js';
import { startSimulator } from '../src/simulator/server.js';
import { mp4Stream, mp4StreamSize } from '../test/support/media-fixtures.js';
import { startTelegramEmulator } from '../test/support/telegram/emulator.js';

const MB = 1024 * 1024;

interface ServersReady {
  apiRoot: string;
  token: string;
  baseUrl: string;
  sizeBytes: number;
}

/** Child: the servers and the user. The video is written to disk by streaming, never held in memory. */
async function serve(mode: 'local' | 'cloud', megabytes: number): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), `relay-bench-${mode}-`));
  const sim = await startSimulator();
  // Above 20 MB in cloud mode the emulator's getFile cap is lifted (see cloudLimitBytes below).
  const emu = await startTelegramEmulator(
    mode === 'local' ? { localMode: { dir } } : { getFileLimitBytes: Math.max(20, megabytes + 1) * MB },
  );
  const spec = { durationSeconds: 20, width: 1280, height: 720, fps: 30, totalBytes: megabytes * MB };
  const path = join(dir, 'clip.mp4');
  await pipeline(mp4Stream(spec), createWriteStream(path));
  const sizeBytes = mp4StreamSize(spec);
  await emu
    .createUser()
    .sendDocument({ path, size: sizeBytes }, { file_name: 'clip.mp4', mime_type: 'video/mp4' });
  const ready: ServersReady = { apiRoot: emu.apiRoot, token: emu.token, baseUrl: sim.baseUrl, sizeBytes };
  process.send?.(ready);
  process.once('disconnect', () => {
    void Promise.all([emu.close(), sim.close()]).finally(() => rm(dir, { recursive: true, force: true }));
  });
}

function startServers(mode: 'local' | 'cloud', megabytes: number) {
  const child = fork(fileURLToPath(import.meta.url), ['--serve', mode, String(megabytes)], {
    stdio: 'inherit',
  });
  const ready = new Promise<ServersReady>((resolve, reject) => {
    child.once('message', (m) => resolve(m as ServersReady));
    child.once('exit', (code) => reject(new Error(`server process exited with ${code}`)));
  });
  return { child, ready };
}

async function run(mode: 'local' | 'cloud', megabytes: number, label: string = mode): Promise<void> {
  const { child, ready } = startServers(mode, megabytes);
  const servers = await ready;
  const api = new Api(servers.token, { apiRoot: servers.apiRoot });
  const client = new ResellerClient({ baseUrl: servers.baseUrl, apiKey: 'sim-key' });
  const relay = new MediaRelay({
    getFile: (id) => api.getFile(id),
    token: servers.token,
    apiRoot: servers.apiRoot,
    localFiles: mode === 'local',
    client,
    logger: pino({ level: 'silent' }),
    // Lifted only for the "cloud*" run; at 15 MB it stays the real 20 MB.
    cloudDownloadLimitBytes: Math.max(20, megabytes + 1) * MB,
  });
  const [update] = await api.getUpdates({ timeout: 0 });
  const ref = update?.message && fileRefFromMessage(update.message);
  if (!ref) throw new Error('the user message carries no file');

  global.gc?.();
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 50);
  const started = performance.now();
  const upload = await relay.relay(ref);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage.rss());

  if (upload.size !== servers.sizeBytes)
    throw new Error(`upstream got ${upload.size} of ${servers.sizeBytes} bytes`);
  const mb = (n: number) => (n / MB).toFixed(1);
  console.log(
    `${label.padEnd(6)}  size ${mb(servers.sizeBytes).padStart(6)} MB  ${seconds.toFixed(2).padStart(6)} s  ` +
      `${(servers.sizeBytes / MB / seconds).toFixed(0).padStart(5)} MB/s  ` +
      `RSS baseline ${mb(baseline)} MB  peak ${mb(peak)} MB  growth ${mb(peak - baseline)} MB`,
  );
  await client.close();
  child.disconnect();
  await new Promise((resolve) => child.once('exit', resolve));
}

if (process.argv[2] === '--serve') {
  await serve(process.argv[3] as 'local' | 'cloud', Number(process.argv[4]));
} else {
  const localMb = Number(process.argv[2] ?? 200);
  const cloudMb = Number(process.argv[3] ?? 15);
  const liftedMb = Number(process.argv[4] ?? 200);
  console.log(`media relay: Telegram -> POST /upload, RSS of the relaying process sampled every 50 ms\n`);
  await run('local', localMb);
  await run('cloud', cloudMb);
  await run('cloud', liftedMb, 'cloud*');
}
