/**
 * Correctness of a large streamed upload: 200 MB go through the client as a stream and the
 * simulator stores exactly that many bytes. (Memory figures live in bench/upload-stream.ts.)
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ResellerClient } from '../../src/reseller/client.js';
import { type RunningSimulator, startSimulator } from '../../src/simulator/server.js';
import { mp4Stream, mp4StreamSize } from '../support/media-fixtures.js';

const video = { durationSeconds: 10, width: 1280, height: 720, fps: 30, totalBytes: 200 * 1024 * 1024 };

let sim: RunningSimulator;
let client: ResellerClient;

beforeAll(async () => {
  sim = await startSimulator();
  client = new ResellerClient({ baseUrl: sim.baseUrl, apiKey: 'sim-key' });
});
afterAll(async () => {
  await client.close();
  await sim.close();
});

it('uploads 200 MB streamed with Content-Length; the simulator receives every byte', async () => {
  const size = mp4StreamSize(video);
  const up = await client.upload({ body: mp4Stream(video), filename: 'big.mp4', size });
  expect(up).toMatchObject({ status: 'ready', mime_type: 'video/mp4', size });
}, 120_000);

it('uploads 200 MB streamed without a known size (chunked)', async () => {
  const up = await client.upload({ body: mp4Stream(video), filename: 'big-chunked.mp4' });
  expect(up.size).toBe(mp4StreamSize(video));
}, 120_000);
