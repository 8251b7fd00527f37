/**
 * The customers' app's files past the Bot API's downloads (issue 43), end to end: Telegram hands a
 * bot files up to 20 MB only (getFile: "file is too big"), while a result up to 50 MB may have been
 * uploaded. The emulator's download limit is set below the result's size, so Telegram refuses every
 * copy: the signed link to the full file answers upstream's bytes (the simulator still keeps them),
 * and the preview, which has no other copy, is gone (404), as the page then says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GalleryPage } from '../../src/services/app/gallery-types.js';
import { ensureMiniAppBuilt } from '../miniapp/built-page.js';
import { confirmOrder, pricedTextImage } from '../support/e2e/flows.js';
import { freePort } from '../support/e2e/free-port.js';
import { waitForResultFiles } from '../support/e2e/handled.js';
import { type Stack, startStack } from '../support/e2e/stack.js';
import { signInitData } from '../support/miniapp-init-data.js';

const ANN = 7310001;
let stack: Stack;
let port: number;

beforeAll(async () => {
  await ensureMiniAppBuilt();
  port = await freePort();
  stack = await startStack({
    env: { HTTP_PORT: String(port), PUBLIC_URL: 'https://shop.example.com' },
    emulator: { getFileLimitBytes: 64 },
  });
}, 180_000);
afterAll(async () => {
  await stack?.close();
});

describe("the app's files too big for the Bot API", () => {
  it("answers the full file from upstream's copy, and says the preview is gone", async () => {
    const ann = stack.emulator.createUser({ id: ANN, first_name: 'Ann', language_code: 'en' });
    await pricedTextImage(ann, 'A lighthouse at dusk');
    await confirmOrder(ann);
    await ann.waitForMessage((m) => m.kind === 'photo', { timeoutMs: 20_000 });
    await stack.settled();
    const upstream = stack.simulator.state.listOrders().at(-1)!;
    await waitForResultFiles(stack.database, upstream.id);

    const base = `http://127.0.0.1:${port}`;
    const initData = signInitData({
      botToken: stack.emulator.token,
      user: { id: ANN, first_name: 'Ann', language_code: 'en' },
      authDate: Math.floor(Date.now() / 1000),
    });
    const res = await fetch(`${base}/miniapp/me/results`, { headers: { authorization: `tma ${initData}` } });
    expect(res.status).toBe(200);
    const [item] = ((await res.json()) as GalleryPage).items;
    const full = await fetch(`${base}${item!.fullUrl}`);
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toMatch(/^image\//);
    const bytes = Buffer.from(await full.arrayBuffer());
    const fromUpstream = Buffer.from(await (await fetch(upstream.result[0]!)).arrayBuffer());
    expect(bytes.equals(fromUpstream)).toBe(true);
    expect(bytes.length).toBeGreaterThan(64);
    expect((await fetch(`${base}${item!.previewUrl}`)).status).toBe(404);
  });
});
