/**
 * The playground as a newcomer uses it: `npm run playground` in a terminal, typed into line by line.
 * A generation ends with the picture (saved, its path printed); with `--billing stars --admin`, a
 * top-up paid with !pay (pre-checkout included) pays for the order, and the picture arrives. The
 * printed link to the customers' app opens a gallery with that picture.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { sniffMedia } from '../../src/lib/media-signature.js';
import type { GalleryPage } from '../../src/services/app/gallery-types.js';
import { PlaygroundProcess } from './playground-process.js';

let playground: PlaygroundProcess | undefined;
afterEach(() => {
  playground?.kill();
  playground = undefined;
});

/** The delivered photo's saved file, once printed; fails at once on "could not be delivered". */
async function deliveredPhoto(p: PlaygroundProcess): Promise<Buffer> {
  const match = await p.waitFor(/\[photo[^\]\n]*: (\S+)\]|could not be delivered/, 90_000);
  expect(match[0]).not.toMatch(/could not be delivered/);
  return readFileSync(match[1]!);
}

/** /generate -> Images -> a priced image model -> a description -> Continue: the confirm button. */
async function orderPicture(p: PlaygroundProcess): Promise<string> {
  p.type('/generate');
  await p.press(/🖼 Images/);
  // Without billing a customer sees no amount (it is the bot's cost); with Stars, the price.
  const model = await p.press(/Lumen Text to Image.*/);
  expect(model).not.toMatch(/\$/);
  await p.waitFor(/Describe what you/);
  p.type('A lighthouse at dawn');
  await p.press(/➡️ Continue/);
  return p.press(/✅ Confirm.*/);
}

describe('npm run playground', () => {
  it('a customer orders a picture and sees it delivered', async () => {
    playground = PlaygroundProcess.start();
    const ready = await playground.waitFor(/Playground ready: you are user (\d+) \(customer\)/, 120_000);
    expect(Number(ready[1])).toBeGreaterThan(0);
    expect(playground.output).toMatch(/!pay/);

    const confirm = await orderPicture(playground);
    expect(confirm).toBe('✅ Confirm');
    // The callback answer is shown as Telegram would show its toast.
    await playground.waitFor(/💬 Placing the order/);
    expect(sniffMedia(await deliveredPhoto(playground))?.family).toBe('image');

    // The customers' app, from the printed link: the picture is in the gallery, its preview served.
    const link = /customers' app.*?: (http:\/\/127\.0\.0\.1:\d+\/miniapp\/app\.html#\S+)/.exec(
      playground.output,
    )?.[1];
    expect(link).toBeDefined();
    const url = new URL(link!);
    const initData = new URLSearchParams(url.hash.slice(1)).get('tgWebAppData');
    const gallery = async () => {
      const res = await fetch(new URL('/miniapp/me/results', url.origin), {
        headers: { Authorization: `tma ${initData}` },
      });
      return (await res.json()) as GalleryPage;
    };
    // The picture is in the chat a moment before its file ids are stored.
    await expect.poll(async () => (await gallery()).items.length, { timeout: 20_000 }).toBe(1);
    const [item] = (await gallery()).items;
    expect(item!.description).toBe('A lighthouse at dawn');
    const preview = await fetch(new URL(item!.previewUrl, url.origin));
    expect(preview.status).toBe(200);
    expect(sniffMedia(new Uint8Array(await preview.arrayBuffer()))?.family).toBe('image');
    expect(await playground.quit()).toBe(0);
  }, 240_000);

  it('--billing stars --admin: top up with !pay, then the order is paid and delivered', async () => {
    playground = PlaygroundProcess.start(['--billing', 'stars', '--admin']);
    await playground.waitFor(/you are user \d+ \(admin, Stars wallet on\)/, 120_000);

    const confirm = await orderPicture(playground);
    const price = Number(/⭐\s?(\d+)/.exec(confirm)?.[1]);
    expect(price).toBeGreaterThan(0);
    // An empty wallet: the order waits for a top-up.
    await playground.press(/➕ Add ⭐\s?50/);
    await playground.waitFor(/\[invoice: .*⭐\s?50; type !pay/);
    playground.type('!pay');
    await playground.waitFor(/💳 Paid ⭐ 50/);
    await playground.press(/✅ Place the order · .+/);
    expect(sniffMedia(await deliveredPhoto(playground))?.family).toBe('image');

    playground.type('/wallet');
    await playground.waitFor(new RegExp(`Your wallet: ⭐\\s?${50 - price}\\b`));
    // An admin command answers for the playground user.
    playground.type('/stats');
    await playground.waitFor(/📊 Statistics/);
    // The chat was open before the bot started: its admin commands were registered without a warning.
    expect(playground.output).not.toMatch(/could not register the admin commands/);
    expect(await playground.quit()).toBe(0);
  }, 240_000);
});
