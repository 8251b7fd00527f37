/**
 * After the result, a day later, end to end (the real bot process, the Telegram emulator and the
 * upstream simulator over HTTP): upstream has dropped the order's uploads, so 🔁 Again and ✏️ Change
 * upload the same files again from their Telegram file ids (the customer's photo, or a result used
 * as an input) and carry on as on the day, and so does 🔁 Try again after a failure; a file whose
 * source was never recorded still sends the customer to ✏️ Change.
 *
 * A day passes on both sides without waiting: the simulator's clock runs a day ahead, and the bot's
 * order row is dated a day back (the bot reads its own clock).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimClock } from '../../src/simulator/server.js';
import { confirmOrder, confirmPrice, continueToPrice, openModel } from '../support/e2e/flows.js';
import { waitForResultFiles } from '../support/e2e/handled.js';
import { type Stack, startStack } from '../support/e2e/stack.js';
import { makeJpeg } from '../support/media-fixtures.js';
import type { BotMessage, ScriptedUser } from '../support/telegram/emulator.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Upstream's time: the real time, moved ahead a day whenever a test lets a day pass. */
let skewMs = 0;
const clock: SimClock = { now: () => Date.now() + skewMs };
let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ simulator: { clock } });
});
afterAll(async () => {
  await stack?.close();
});

const posts = (path: string) =>
  stack.simulator.requests.filter((r) => r.method === 'POST' && r.path === path);
const newestOrder = () => stack.simulator.state.listOrders().at(-1)!;
const uploadedBytes = (tmpPath: string) =>
  readFileSync(stack.simulator.state.uploads.find(tmpPath)!.filePath);
const resultMessage = (m: BotMessage) => m.kind === 'photo' && m.buttons.some((b) => b.text === '🔁 Again');

async function botOrderCount(): Promise<number> {
  const [row] = await stack.database.query<{ n: number | string }>`select count(*) as n from orders`;
  return Number(row!.n);
}

/** Confirms the priced order on screen and waits for its delivered result (with the buttons). */
async function confirmAndDeliver(user: ScriptedUser) {
  const seq = stack.emulator.seq();
  await confirmOrder(user);
  const { id } = newestOrder();
  const result = await user.waitForMessage(resultMessage, { after: seq, timeoutMs: 20_000 });
  // The original follows the photo as a document; the delivery is recorded once both are sent.
  await user.waitForMessage((m) => m.kind === 'document', { after: seq, timeoutMs: 20_000 });
  await stack.settled();
  // What "Use as input" sends on: stored once the delivery is complete.
  await waitForResultFiles(stack.database, id);
  // Read once finished: the result's URL is there now.
  const upstream = stack.simulator.state.listOrders().find((o) => o.id === id)!;
  return { result, upstream };
}

/** An upscale of the customer's photo, from /generate to the delivered result. */
async function deliveredUpscale(user: ScriptedUser, photo: Buffer) {
  await openModel(user, 'upscale', 'Crisp Upscaler');
  await user.waitForMessage(/Photos/);
  const seq = stack.emulator.seq();
  await user.sendPhoto(photo, { width: 1024, height: 768 });
  await user.waitForMessage(/Settings/, { after: seq, timeoutMs: 15_000 });
  const summary = await continueToPrice(user);
  return { ...(await confirmAndDeliver(user)), price: confirmPrice(summary) };
}

/** A day passes for this order: upstream drops its uploads, and the bot sees the order a day old. */
async function aDayLater(upstreamOrderId: string) {
  skewMs += DAY_MS;
  await stack.database.execute`update orders set created_at = ${new Date(Date.now() - DAY_MS)}
    where upstream_order_id = ${upstreamOrderId}`;
}

/** Presses 🔁 Again under `result` and waits for the confirm screen. */
async function again(user: ScriptedUser, result: BotMessage) {
  const seq = stack.emulator.seq();
  await user.pressButton('🔁 Again', { messageId: result.message_id });
  return user.waitForMessage(/Check your order/, { after: seq, timeoutMs: 20_000 });
}

describe('a day after the result, when upstream no longer keeps the files', () => {
  it('🔁 Again uploads the photo again from Telegram: the same price, and one order with the same bytes', async () => {
    const user = stack.emulator.createUser({ first_name: 'Dana', language_code: 'en' });
    const photo = makeJpeg(1024, 768);
    const first = await deliveredUpscale(user, photo);
    const [oldPath] = first.upstream.media?.image ?? [];
    expect(uploadedBytes(oldPath!).equals(photo)).toBe(true);
    await aDayLater(first.upstream.id);
    const uploadsBefore = posts('/upload').length;

    const summary = await again(user, first.result);
    expect(confirmPrice(summary)).toBe(first.price);
    expect(posts('/upload')).toHaveLength(uploadsBefore + 1);
    const ordersBefore = posts('/orders').length;
    await confirmAndDeliver(user);

    expect(posts('/orders')).toHaveLength(ordersBefore + 1);
    const repeated = newestOrder();
    expect(repeated.id).not.toBe(first.upstream.id);
    expect(repeated.options).toEqual(first.upstream.options);
    const [freshPath] = repeated.media?.image ?? [];
    expect(freshPath).not.toBe(oldPath);
    // The customer sent the photo once, a day ago: the bot uploaded the very same bytes again.
    expect(uploadedBytes(freshPath!).equals(photo)).toBe(true);
  });

  it('✏️ Change starts with the photo uploaded again, so only what changes is asked', async () => {
    const user = stack.emulator.createUser({ first_name: 'Cora', language_code: 'en' });
    const photo = makeJpeg(1024, 768);
    const first = await deliveredUpscale(user, photo);
    await aDayLater(first.upstream.id);

    let seq = stack.emulator.seq();
    await user.pressButton('✏️ Change', { messageId: first.result.message_id });
    await user.waitForMessage(/What would you like to change/, { after: seq, timeoutMs: 20_000 });
    seq = stack.emulator.seq();
    await user.pressButton('⚙️ Settings');
    await user.waitForMessage(/Settings/, { after: seq });
    const summary = await continueToPrice(user);
    expect(summary.text).toContain('Photos: 1');
    await confirmAndDeliver(user);

    const [freshPath] = newestOrder().media?.image ?? [];
    expect(freshPath).not.toBe(first.upstream.media?.image?.[0]);
    expect(uploadedBytes(freshPath!).equals(photo)).toBe(true);
  });

  it('➕ Use as input, a day later 🔁 Again: the result is uploaded again from its own file id', async () => {
    const user = stack.emulator.createUser({ first_name: 'Ines', language_code: 'en' });
    const upscaled = await deliveredUpscale(user, makeJpeg(800, 600));
    const resultBytes = Buffer.from(await (await fetch(upscaled.upstream.result[0]!)).arrayBuffer());
    let seq = stack.emulator.seq();
    await user.pressButton('➕ Use as input', { messageId: upscaled.result.message_id });
    await user.waitForMessage(/Which model should work on this image/, { after: seq });
    seq = stack.emulator.seq();
    await user.pressButton(/^Crisp Upscaler/);
    await user.waitForMessage(/Settings/, { after: seq, timeoutMs: 15_000 });
    await continueToPrice(user);
    const second = await confirmAndDeliver(user);
    await aDayLater(second.upstream.id);

    await again(user, second.result);
    await confirmAndDeliver(user);

    const [freshPath] = newestOrder().media?.image ?? [];
    expect(freshPath).not.toBe(second.upstream.media?.image?.[0]);
    expect(uploadedBytes(freshPath!).equals(resultBytes)).toBe(true);
  });

  it('🔁 Try again after a failure: the photo uploaded again, the description and settings kept', async () => {
    const user = stack.emulator.createUser({ first_name: 'Fay', language_code: 'en' });
    const photo = makeJpeg(1024, 768);
    const prompt = 'Make it snowy [sim:fail]';
    await openModel(user, 'image', 'Nova Image Edit');
    await user.waitForMessage(/Describe what you'd like/);
    await user.sendText(prompt);
    await user.waitForMessage(/Photos/);
    let seq = stack.emulator.seq();
    await user.sendPhoto(photo, { width: 1024, height: 768 });
    await user.waitForMessage(/Got 1 of 10/, { after: seq, timeoutMs: 15_000 });
    await user.pressButton('✅ Done');
    await user.waitForMessage(/Settings/, { after: seq, timeoutMs: 15_000 });
    await continueToPrice(user);
    seq = stack.emulator.seq();
    await confirmOrder(user);
    const failure = await user.waitForMessage(/couldn't complete this order/, {
      after: seq,
      timeoutMs: 20_000,
    });
    const failed = newestOrder();
    await aDayLater(failed.id);
    const uploadsBefore = posts('/upload').length;

    seq = stack.emulator.seq();
    await user.pressButton('🔁 Try again', { messageId: failure.message_id });
    await user.waitForMessage(/Settings/, { after: seq, timeoutMs: 20_000 });
    // Nothing asked again: not the photo, not the description.
    expect(user.messages().filter((m) => m.sentAt > seq && /Photos|Describe/.test(m.text ?? ''))).toEqual([]);
    expect(posts('/upload')).toHaveLength(uploadsBefore + 1);
    const summary = await continueToPrice(user);
    expect(summary.text).toContain('Make it snowy');
    expect(summary.text).toContain('Photos: 1');
    await confirmOrder(user);

    const retried = newestOrder();
    expect(retried.id).not.toBe(failed.id);
    expect(retried.prompt).toBe(prompt);
    const [freshPath] = retried.media?.image ?? [];
    expect(freshPath).not.toBe(failed.media?.image?.[0]);
    expect(uploadedBytes(freshPath!).equals(photo)).toBe(true);
  });

  it('a file whose source was never recorded: nothing is uploaded or ordered, ✏️ Change asks for it', async () => {
    const user = stack.emulator.createUser({ first_name: 'Otto', language_code: 'en' });
    const first = await deliveredUpscale(user, makeJpeg(1024, 768));
    const [oldPath] = first.upstream.media?.image ?? [];
    // As for an order placed before the bot kept sources.
    await stack.database.execute`delete from upload_sources where path = ${oldPath}`;
    await aDayLater(first.upstream.id);
    const uploadsBefore = posts('/upload').length;
    const ordersBefore = await botOrderCount();

    let seq = stack.emulator.seq();
    await user.pressButton('🔁 Again', { messageId: first.result.message_id });
    const gone = await user.waitForMessage(/Tap ✏️ Change to send them again/, { after: seq });
    expect(posts('/upload')).toHaveLength(uploadsBefore);
    expect(await botOrderCount()).toBe(ordersBefore);

    seq = stack.emulator.seq();
    await user.pressButton('✏️ Change', { messageId: gone.message_id });
    await user.waitForMessage(/Photos/, { after: seq, timeoutMs: 15_000 });
    expect(posts('/upload')).toHaveLength(uploadsBefore);
  });
});
