/**
 * After the result, end to end (the real bot process, the Telegram emulator and the upstream
 * simulator over HTTP): 🔁 Again prices the same inputs and orders once however often Confirm is
 * pressed, ✏️ Change changes one part and keeps the rest, ➕ Use as input uploads the result's own
 * bytes to the next model, and a button of another customer's order does nothing.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmOrder, confirmPrice, continueToPrice, pricedTextImage } from '../support/e2e/flows.js';
import { waitForResultFiles } from '../support/e2e/handled.js';
import { type Stack, startStack } from '../support/e2e/stack.js';
import type { BotMessage, ScriptedUser } from '../support/telegram/emulator.js';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.close();
});

const posts = (path: string) =>
  stack.simulator.requests.filter((r) => r.method === 'POST' && r.path === path);
const upstreamOrders = () => stack.simulator.state.listOrders();
const newestOrder = () => upstreamOrders().at(-1)!;
const hasButton = (m: BotMessage, label: string) => m.buttons.some((b) => b.text === label);
const dataOf = (m: BotMessage, label: string | RegExp) =>
  m.buttons.find((b) => (typeof label === 'string' ? b.text === label : label.test(b.text)))!.callback_data!;

async function botOrderCount(): Promise<number> {
  const [row] = await stack.database.query<{ n: number | string }>`select count(*) as n from orders`;
  return Number(row!.n);
}

/** A text-to-image order from /generate to its delivered photo, which carries the buttons. */
async function deliveredImage(user: ScriptedUser, prompt: string) {
  const summary = await pricedTextImage(user, prompt);
  const price = confirmPrice(summary);
  await confirmOrder(user);
  const result = await user.waitForMessage(
    (m) => m.kind === 'photo' && m.buttons.some((b) => b.text.startsWith('🔁')),
    {
      timeoutMs: 20_000,
    },
  );
  // The original follows the photo as a document; its file id is what "Use as input" sends on.
  await user.waitForMessage((m) => m.kind === 'document', { timeoutMs: 20_000 });
  await stack.settled();
  const upstream = newestOrder();
  // What "Use as input" and sharing send on: stored once the delivery is complete.
  await waitForResultFiles(stack.database, upstream.id);
  return { result, price, upstream };
}

describe('after a delivered result', () => {
  it('🔁 Again: the same price on the confirm screen, and one new order however often Confirm is pressed', async () => {
    const user = stack.emulator.createUser({ first_name: 'Ria', language_code: 'en' });
    const first = await deliveredImage(user, 'A lighthouse at dusk <b>&</b> gulls');
    expect(first.result.caption).toContain('Lumen Text to Image');

    await user.pressButton('🔁 Again', { messageId: first.result.message_id });
    const summary = await user.waitForMessage(/Check your order/, { timeoutMs: 15_000 });
    expect(confirmPrice(summary)).toBe(first.price);
    expect(summary.text).toContain('A lighthouse at dusk <b>&</b> gulls');

    const ordersBefore = posts('/orders').length;
    const confirm = dataOf(summary, /^✅/);
    await Promise.all([
      user.pressCallbackData(confirm, summary.message_id),
      user.pressCallbackData(confirm, summary.message_id),
    ]);
    await user.waitForMessage((m) => m.kind === 'photo' && m.message_id > first.result.message_id, {
      timeoutMs: 20_000,
    });
    await user.pressCallbackData(confirm, summary.message_id);
    await stack.settled();
    expect(posts('/orders')).toHaveLength(ordersBefore + 1);
    const again = newestOrder();
    expect(again.id).not.toBe(first.upstream.id);
    expect(again.prompt).toBe(first.upstream.prompt);
    expect(again.options).toEqual(first.upstream.options);
    expect(again.media ?? {}).toEqual(first.upstream.media ?? {});
  });

  it('the caption names the model, and shows the prompt once the customer turns it on in /language', async () => {
    const user = stack.emulator.createUser({ first_name: 'Pia', language_code: 'ru' });
    const plain = await deliveredImage(user, 'Кот <в> сапогах & шляпе');
    expect(plain.result.caption).toBe('🎨 Lumen Text to Image');

    await user.sendCommand('language');
    await user.waitForMessage(/Язык и подпись к результатам/);
    const answer = await user.pressButton('📝 Описание под результатом: выкл.');
    expect(answer.text).toMatch(/будет видно описание/);
    await user.waitForMessage((m) => hasButton(m, '📝 Описание под результатом: вкл.'));
    const withPrompt = await deliveredImage(user, 'Кот <в> сапогах & шляпе');
    expect(withPrompt.result.caption).toBe('🎨 Lumen Text to Image\nКот <в> сапогах & шляпе');
  });

  it('✏️ Change: a new description, the settings kept', async () => {
    const user = stack.emulator.createUser({ first_name: 'Cal', language_code: 'en' });
    const first = await deliveredImage(user, 'A red bicycle in the rain');
    await user.pressButton('✏️ Change', { messageId: first.result.message_id });
    await user.waitForMessage(/What would you like to change/);
    await user.pressButton('✏️ Description');
    await user.waitForMessage(/Describe what you'd like/);
    await user.sendText('A blue bicycle in the sun');
    const summary = await user.waitForMessage(/Check your order/, { timeoutMs: 15_000 });
    expect(summary.text).toContain('A blue bicycle in the sun');
    await confirmOrder(user);
    const changed = newestOrder();
    expect(changed.id).not.toBe(first.upstream.id);
    expect(changed.prompt).toBe('A blue bicycle in the sun');
    expect(changed.options).toEqual(first.upstream.options);
  });

  it('➕ Use as input: an upscale of the result, uploaded by the bot from the result itself', async () => {
    const user = stack.emulator.createUser({ first_name: 'Uma', language_code: 'en' });
    const first = await deliveredImage(user, 'A tiny robot watering a plant');
    const resultBytes = Buffer.from(await (await fetch(first.upstream.result[0]!)).arrayBuffer());
    const uploadsBefore = posts('/upload').length;

    await user.pressButton('➕ Use as input', { messageId: first.result.message_id });
    await user.waitForMessage(/Which model should work on this image/);
    await user.pressButton(/^Crisp Upscaler/);
    await user.waitForMessage(/Settings/, { timeoutMs: 15_000 });
    await continueToPrice(user);
    await confirmOrder(user);

    expect(posts('/upload')).toHaveLength(uploadsBefore + 1);
    const upscale = newestOrder();
    expect(upscale.model_id).toBe(301);
    const [tmpPath] = upscale.media?.image ?? [];
    const upload = stack.simulator.state.uploads.find(tmpPath!)!;
    // The customer sent no file (only text and taps): the bot uploaded the result's own bytes.
    expect(readFileSync(upload.filePath).equals(resultBytes)).toBe(true);
  });

  it("a forged button naming another customer's order changes nothing", async () => {
    const owner = stack.emulator.createUser({ first_name: 'Olga', language_code: 'en' });
    const first = await deliveredImage(owner, 'A castle made of sugar');
    const again = dataOf(first.result, '🔁 Again');

    const intruder = stack.emulator.createUser({ first_name: 'Ivan', language_code: 'en' });
    await intruder.sendCommand('orders');
    const own = await intruder.waitForMessage(/orders/i);
    const ordersBefore = await botOrderCount();
    const upstreamBefore = posts('/orders').length;
    for (const data of [again, again.replace(/^ra:/, 'rc:'), again.replace(/^ra:/, 'ru:').concat(':0')]) {
      const answer = await intruder.pressCallbackData(data, own.message_id);
      expect(answer.text).toMatch(/someone else's order/);
    }
    await stack.settled();
    expect(await botOrderCount()).toBe(ordersBefore);
    expect(posts('/orders')).toHaveLength(upstreamBefore);
    expect(
      intruder.messages().filter((m) => /Check your order|What would you like/.test(m.text ?? '')),
    ).toEqual([]);
  });

  it("an inline query offers only the querying customer's own results, newest first, searchable", async () => {
    const alice = stack.emulator.createUser({ first_name: 'Alice', language_code: 'en' });
    const older = await deliveredImage(alice, 'Sunflowers in a blue vase');
    const newer = await deliveredImage(alice, 'A koi pond at night');
    const bob = stack.emulator.createUser({ first_name: 'Bob', language_code: 'en' });
    const bobs = await deliveredImage(bob, 'Sunflowers on a field');
    const rowId = (m: BotMessage) => dataOf(m, '🔁 Again').slice('ra:'.length);
    expect(newer.result.buttons.map((b) => b.text)).toContain('↗️ Share');

    const ordersBefore = posts('/orders').length;
    const all = await alice.inlineQuery('');
    expect(all.results.map((r) => r.id)).toEqual([`${rowId(newer.result)}:0`, `${rowId(older.result)}:0`]);
    expect(all.isPersonal).toBe(true);
    const username = stack.emulator.botUser.username;
    for (const result of all.results) {
      expect(result.type).toBe('photo');
      expect(result.caption).toContain(`@${username}`);
      expect(result.buttons).toEqual([{ text: 'Create yours', url: `https://t.me/${username}?start` }]);
    }
    const searched = await alice.inlineQuery('SUNFLOWERS');
    expect(searched.results.map((r) => r.id)).toEqual([`${rowId(older.result)}:0`]);
    const his = await bob.inlineQuery('sunflowers');
    expect(his.results.map((r) => r.id)).toEqual([`${rowId(bobs.result)}:0`]);
    // Nothing is generated or charged from an inline query.
    expect(posts('/orders')).toHaveLength(ordersBefore);
  });
});
