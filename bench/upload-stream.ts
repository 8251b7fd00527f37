/**
 * Streamed upload benchmark: relays a >= 200 MB MP4 through ResellerClient.upload to an in-process
 * simulator and samples RSS every 50 ms. Growth far below the file size shows nothing is buffered
 * whole (the simulator's own receiving side, which streams to disk, is included in the figure).
 *
 *   npx tsx bench/upload-stream.ts            # 200 MB
 *   BENCH_UPLOAD_MB=290 npx tsx bench/upload-stream.ts
 */
import { ResellerClient } from '../src/reseller/client.js';
import { startSimulator } from '../src/simulator/server.js';
import { mp4Stream, mp4StreamSize } from '../test/support/media-fixtures.js';

const MB = 1024 * 1024;
const sizeMb = Number(process.env.BENCH_UPLOAD_MB ?? 200);
const video = { durationSeconds: 10, width: 1280, height: 720, fps: 30, totalBytes: sizeMb * MB };

async function main(): Promise<void> {
  const sim = await startSimulator();
  const client = new ResellerClient({ baseUrl: sim.baseUrl, apiKey: 'sim-key' });
  try {
    // A small warm-up so module loading and the first connection are not counted as growth.
    await client.upload({ body: mp4Stream({ ...video, totalBytes: MB }), filename: 'warmup.mp4' });
    globalThis.gc?.();

    const size = mp4StreamSize(video);
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);

    const started = performance.now();
    const upload = await client.upload({ body: mp4Stream(video), filename: 'bench.mp4', size });
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);

    if (upload.size !== size) throw new Error(`simulator stored ${upload.size} bytes, expected ${size}`);
    const fmt = (bytes: number) => (bytes / MB).toFixed(1);
    console.log('streamed upload through ResellerClient -> simulator (same process)');
    console.log(`  size          ${fmt(size)} MB (${size} bytes, confirmed by the upload response)`);
    console.log(`  time          ${seconds.toFixed(2)} s`);
    console.log(`  throughput    ${(size / MB / seconds).toFixed(1)} MB/s`);
    console.log(`  baseline RSS  ${fmt(baseline)} MB`);
    console.log(`  peak RSS      ${fmt(peak)} MB`);
    console.log(`  growth        ${fmt(peak - baseline)} MB`);
  } finally {
    await client.close();
    await sim.close();
  }
}

await main();
