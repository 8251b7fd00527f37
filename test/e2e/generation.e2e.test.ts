/**
 * The generation flow end to end: Telegram emulator + upstream simulator over HTTP, the real bot
 * process. One test per catalog shape, the price the user confirms is what upstream charges, and
 * each confirmation makes exactly one upstream order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmOrder, confirmPrice, continueToPrice, openModel } from '../support/e2e/flows.js';
import { type Stack, startStack } from '../support/e2e/stack.js';
import { makeJpeg, makeMp4, makePng } from '../support/media-fixtures.js';

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
/** The request the bot stored and sent for an upstream order (read from its database). */
async function botOrderRequest(upstreamId: string): Promise<{
  options?: Record<string, unknown>;
  media?: Record<string, string[]>;
}> {
  const [row] = await stack.database.query<{ request_json: unknown }>`
    select request_json from orders where upstream_order_id = ${upstreamId}`;
  // SQLite keeps JSON as text; PostgreSQL's jsonb arrives parsed.
  const value = row!.request_json;
  return typeof value === 'string' ? JSON.parse(value) : (value as object);
}

describe('generation flow, one catalog shape at a time', () => {
  it('text-to-image: prompt, default settings, exact price, one order', async () => {
    const user = stack.emulator.createUser({ first_name: 'Ann', language_code: 'en' });
    await openModel(user, 'image', 'Lumen Text to Image');
    await user.waitForMessage(/Describe what you'd like/);
    await user.sendText('A red fox in the snow <3 & friends');
    await user.waitForMessage(/Settings/);
    const summary = await continueToPrice(user);
    expect(summary.text).toContain('A red fox in the snow <3 & friends');
    expect(confirmPrice(summary)).toBe('$0.04');

    const before = posts('/orders').length;
    const status = await confirmOrder(user);
    expect(status.message_id).toBe(summary.message_id);
    expect(posts('/orders')).toHaveLength(before + 1);
    const order = newestOrder();
    expect(order.prompt).toBe('A red fox in the snow <3 & friends');
    expect(order.cost_usd).toBe('0.04');
  });

  it('image edit with three photos at 2K is priced from prices_by_image_count', async () => {
    const user = stack.emulator.createUser({ first_name: 'Bo', language_code: 'en' });
    await openModel(user, 'image', 'Collage Composer');
    await user.waitForMessage(/Describe what you'd like/);
    await user.sendText('Put these three friends on one beach');
    await user.waitForMessage(/Photos/);
    const uploadsBefore = posts('/upload').length;
    for (let i = 0; i < 3; i++) {
      const s = stack.emulator.seq();
      await user.sendPhoto(makeJpeg(1024, 1024), { width: 1024, height: 1024 });
      await user.waitForMessage(new RegExp(`Got ${i + 1} of 4`), { after: s, timeoutMs: 15_000 });
    }
    expect(posts('/upload')).toHaveLength(uploadsBefore + 3);
    await user.pressButton('✅ Done');
    await user.waitForMessage(/Settings/);
    await user.pressButton('Resolution: 1K');
    await user.waitForMessage(/Resolution: choose a value/);
    await user.pressButton('2K');
    await user.waitForMessage(/Resolution: 2K|Settings/);
    const summary = await continueToPrice(user);
    expect(summary.text).toContain('Photos: 3');
    expect(confirmPrice(summary)).toBe('$0.23');
    await confirmOrder(user);
    const order = newestOrder();
    expect(order.media?.image).toHaveLength(3);
    expect(order.options?.resolution).toBe('2K');
    expect(order.cost_usd).toBe('0.23');
  });

  it('quote-required video from text only: skips media, quotes, orders with the quote', async () => {
    const user = stack.emulator.createUser({ first_name: 'Cy', language_code: 'en' });
    await openModel(user, 'video', 'Vega Video 2 Pro');
    await user.waitForMessage(/Describe what you'd like/);
    await user.sendText('A paper boat on a stormy sea');
    await user.waitForMessage(/Photos.*Skip|or tap Skip/s);
    await user.pressButton('⏭ Skip');
    await user.waitForMessage(/📎 Videos:/);
    await user.pressButton('⏭ Skip');
    await user.waitForMessage(/Settings/);
    const summary = await continueToPrice(user);
    expect(summary.text).toMatch(/The price holds until \d\d:\d\d UTC\./);
    const quotesBefore = posts('/orders/quote').length;
    expect(quotesBefore).toBeGreaterThan(0);
    await confirmOrder(user);
    const order = newestOrder();
    expect(order.media).toEqual({});
    expect(order.options?.duration).toBe(4);
    expect(order.quote_id).toBeTruthy();
    expect(`$${order.cost_usd}`).toBe(confirmPrice(summary));
  });

  it('quote-required video with one photo (first frame)', async () => {
    const user = stack.emulator.createUser({ first_name: 'Di', language_code: 'en' });
    await openModel(user, 'video', 'Vega Video 2 Pro');
    await user.waitForMessage(/Describe what you'd like/);
    await user.sendText('The cat starts to dance');
    await user.waitForMessage(/or tap Skip/);
    await user.sendPhoto(makeJpeg(1280, 720), { width: 1280, height: 720 });
    await user.waitForMessage(/Got 1 of 6/, { timeoutMs: 15_000 });
    await user.pressButton('✅ Done');
    await user.waitForMessage(/📎 Videos:/);
    await user.pressButton('⏭ Skip');
    await user.waitForMessage(/Settings/);
    await continueToPrice(user);
    await confirmOrder(user);
    expect(newestOrder().media).toEqual({ image: [expect.stringMatching(/^tmp\//)] });
  });

  it('quote-required video with photos and a source video: duration is neither asked nor sent', async () => {
    const user = stack.emulator.createUser({ first_name: 'Ed', language_code: 'en' });
    await openModel(user, 'video', 'Vega Video 2 Pro');
    await user.waitForMessage(/Describe what you'd like/);
    await user.sendText('Make them move like in the clip');
    await user.waitForMessage(/or tap Skip/);
    for (const n of [1, 2]) {
      const s = stack.emulator.seq();
      await user.sendPhoto(makeJpeg(1024, 768), { width: 1024, height: 768 });
      await user.waitForMessage(new RegExp(`Got ${n} of 6`), { after: s, timeoutMs: 15_000 });
    }
    await user.pressButton('✅ Done');
    await user.waitForMessage(/📎 Videos:/);
    const clip = makeMp4({ durationSeconds: 5, width: 1280, height: 720, fps: 30 });
    await user.sendVideo(clip, {
      duration: 5,
      width: 1280,
      height: 720,
      mime_type: 'video/mp4',
      file_name: 'clip.mp4',
    });
    const settings = await user.waitForMessage(/Settings/, { timeoutMs: 15_000 });
    expect(settings.buttons.map((b) => b.text).join(' ')).not.toMatch(/Duration/);
    await continueToPrice(user);
    await confirmOrder(user);
    const order = newestOrder();
    expect(order.media?.image).toHaveLength(2);
    expect(order.media?.video).toHaveLength(1);
    // The simulator records effective options (it derives the duration); what the bot sent is in its store.
    const sent = await botOrderRequest(order.id);
    expect(sent.options).not.toHaveProperty('duration');
    expect(sent.options).toMatchObject({ resolution: '480p' });
  });

  it('role-keyed inputs are asked one by one and named for what they are', async () => {
    const user = stack.emulator.createUser({ first_name: 'Fay', language_code: 'en' });
    await openModel(user, 'image', 'Face Swap Studio');
    const first = await user.waitForMessage(/Photo of the face to use/);
    expect(first.text).not.toMatch(/Describe/);
    await user.sendPhoto(makeJpeg(800, 800), { width: 800, height: 800 });
    await user.waitForMessage(/Photo to put the face into/, { timeoutMs: 15_000 });
    await user.sendPhoto(makePng(900, 600), { width: 900, height: 600 });
    const summary = await user.waitForMessage(/Check your order/, { timeoutMs: 15_000 });
    expect(summary.text).toContain('Photo of the face to use: 1');
    await confirmOrder(user);
    const order = newestOrder();
    expect(Object.keys(order.media ?? {}).sort()).toEqual(['character_image', 'target_image']);
    expect(order.prompt).toBeNull();
  });

  it.each([
    ['upscale', 'Crisp Upscaler', /Settings/],
    ['remove_bg', 'Clean Cutout', /Check your order/],
  ] as const)('%s never asks for a prompt', async (type, name, next) => {
    const user = stack.emulator.createUser({ first_name: 'Gus', language_code: 'en' });
    await openModel(user, type, name);
    const ask = await user.waitForMessage(/Photos/);
    expect(user.transcript()).not.toMatch(/Describe what you'd like/);
    expect(ask.text).toContain('send one photo');
    await user.sendPhoto(makeJpeg(640, 480), { width: 640, height: 480 });
    await user.waitForMessage(next, { timeoutMs: 15_000 });
    if (type === 'upscale') await continueToPrice(user);
    await confirmOrder(user);
    expect(newestOrder().prompt).toBeNull();
  });

  it('speaks Russian to a Russian user all the way to the order', async () => {
    const user = stack.emulator.createUser({ first_name: 'Оля', language_code: 'ru' });
    await openModel(user, 'image', 'Lumen Text to Image');
    await user.waitForMessage(/Опишите, что хотите получить/);
    await user.sendText('Лиса в снегу');
    await user.waitForMessage(/Настройки/);
    const summary = await continueToPrice(user);
    expect(summary.text).toContain('Проверьте заказ');
    expect(confirmPrice(summary)?.replace(/\u00a0/g, ' ')).toBe('0,04 $');
    const status = await confirmOrder(user);
    expect(status.text).toMatch(/Заказ оформлен|Идёт генерация|Готово/);
  });
});

describe('exactly one upstream order per confirmation', () => {
  async function pricedTextOrder(name: string) {
    const user = stack.emulator.createUser({ first_name: name, language_code: 'en' });
    await openModel(user, 'image', 'Lumen Text to Image');
    await user.waitForMessage(/Describe what you'd like/);
    await user.sendText(`Portrait of ${name}`);
    await user.waitForMessage(/Settings/);
    const summary = await continueToPrice(user);
    return { user, summary };
  }
  const ordersFor = (name: string) => upstreamOrders().filter((o) => o.prompt === `Portrait of ${name}`);

  it('a double press of Confirm orders once', async () => {
    const { user, summary } = await pricedTextOrder('Hal');
    const confirm = summary.buttons.find((b) => b.text.startsWith('✅'))!;
    await Promise.all([
      user.pressCallbackData(confirm.callback_data!, summary.message_id),
      user.pressCallbackData(confirm.callback_data!, summary.message_id),
    ]);
    await user.waitForMessage(/Order placed|Generating|Done/);
    // A press on the stale button later changes nothing either. All three presses were answered, so
    // all three updates are in the inbox: once each is handled (the handler waits for its order to
    // be sent), no other order can follow.
    await user.pressCallbackData(confirm.callback_data!, summary.message_id);
    await stack.handledAll();
    expect(ordersFor('Hal')).toHaveLength(1);
  });

  it('a connection dropped after upstream created the order is retried with the same key', async () => {
    const { user } = await pricedTextOrder('Ida');
    stack.simulator.faults.add({ method: 'POST', path: '/orders', action: { kind: 'drop-after' } });
    const before = posts('/orders').length;
    await confirmOrder(user);
    const sent = posts('/orders').slice(before);
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(new Set(sent.map((r) => r.idempotencyKey)).size).toBe(1);
    expect(ordersFor('Ida')).toHaveLength(1);
  });

  it('SIGKILL between sending the order and hearing back, then a restart, orders once', async () => {
    const { user } = await pricedTextOrder('Jo');
    stack.simulator.faults.add({ method: 'POST', path: '/orders', action: { kind: 'latency', ms: 1500 } });
    const before = posts('/orders').length;
    await user.pressButton(/^✅ Confirm/);
    // The delayed POST /orders has reached the simulator (its fault is used up): kill the bot now.
    await expect.poll(() => stack.simulator.faults.pending).toBe(0);
    await stack.bot.kill();
    await stack.restartBot();
    await expect.poll(() => ordersFor('Jo').length, { timeout: 15_000 }).toBe(1);
    await stack.settled();
    const sent = posts('/orders').slice(before);
    expect(new Set(sent.map((r) => r.idempotencyKey)).size).toBe(1);
    expect(ordersFor('Jo')).toHaveLength(1);
  });
});

describe('bad input is explained and nothing is uploaded or ordered', () => {
  it('wrong file type, text instead of a photo, oversize file in cloud mode', async () => {
    const user = stack.emulator.createUser({ first_name: 'Kim', language_code: 'en' });
    await openModel(user, 'upscale', 'Crisp Upscaler');
    await user.waitForMessage(/Photos/);
    const uploads = posts('/upload').length;
    const getFiles = stack.emulator.callsTo('getFile').length;

    await user.sendDocument(Buffer.from('%PDF-1.4 not an image'), {
      file_name: 'notes.pdf',
      mime_type: 'application/pdf',
    });
    await user.waitForMessage(/file type isn't supported here/);
    await user.sendText('here is my photo');
    await user.waitForMessage(/Please send photos here/);
    expect(posts('/upload')).toHaveLength(uploads);
    expect(stack.emulator.callsTo('getFile')).toHaveLength(getFiles);
  });

  it('documents are judged by their bytes, not their names: a PDF named .jpg, a PNG named .mp4', async () => {
    const user = stack.emulator.createUser({ first_name: 'Doc', language_code: 'en' });
    await openModel(user, 'upscale', 'Crisp Upscaler');
    await user.waitForMessage(/Photos/);
    const uploads = posts('/upload').length;
    await user.sendDocument(Buffer.from('%PDF-1.4 a document, not a picture'), {
      file_name: 'cat.jpg',
      mime_type: 'image/jpeg',
    });
    await user.waitForMessage(/Its contents don't match its name/);
    expect(posts('/upload')).toHaveLength(uploads);

    const seq = stack.emulator.seq();
    await user.sendDocument(makePng(400, 400), { file_name: 'real.png', mime_type: 'image/png' });
    await user.waitForMessage(/Settings/, { after: seq });
    expect(posts('/upload')).toHaveLength(uploads + 1);

    const video = stack.emulator.createUser({ first_name: 'Vid', language_code: 'en' });
    await openModel(video, 'video', 'Motion Transfer');
    await video.waitForMessage(/or tap Skip/);
    await video.pressButton('⏭ Skip');
    await video.waitForMessage(/📎/);
    await video.sendDocument(makePng(400, 400), { file_name: 'photo.png', mime_type: 'image/png' });
    await video.waitForMessage(/📎 Videos/);
    await video.sendDocument(makePng(400, 400), { file_name: 'clip.mp4', mime_type: 'video/mp4' });
    await video.waitForMessage(/Its contents don't match its name/);
  });

  it('a prompt of only invisible characters is no prompt: asked again, nothing priced', async () => {
    const user = stack.emulator.createUser({ first_name: 'Zed', language_code: 'en' });
    await openModel(user, 'image', 'Lumen Text to Image');
    await user.waitForMessage(/Describe what you'd like/);
    for (const invisible of ['\u200b', '   \n ', '\u2060\u200d', '\u3000']) {
      const seq = stack.emulator.seq();
      await user.sendText(invisible);
      await user.waitForMessage(/send the description as a text message/, { after: seq });
    }
    await user.sendText('  A kite over the sea  ');
    await user.waitForMessage(/Settings/);
    const summary = await continueToPrice(user);
    expect(summary.text).toContain('A kite over the sea');
  });

  it('a photo with a caption at the prompt step: the caption is the prompt, and the photo is not dropped silently', async () => {
    const user = stack.emulator.createUser({ first_name: 'Cap', language_code: 'en' });
    await openModel(user, 'image', 'Nova Image Edit');
    await user.waitForMessage(/Describe what you'd like/);
    await user.sendPhoto(makePng(512, 512), { width: 512, height: 512, caption: 'Make it snowy' });
    await user.waitForMessage(/used the caption as your description[\s\S]*send it again then/);
    const seq = stack.emulator.seq();
    await user.sendPhoto(makePng(512, 512), { width: 512, height: 512 });
    await user.waitForMessage(/Got 1/, { after: seq });

    const other = stack.emulator.createUser({ first_name: 'Nia', language_code: 'ru' });
    await openModel(other, 'image', 'Lumen Text to Image');
    await other.waitForMessage(/Опишите/);
    await other.sendPhoto(makePng(64, 64), { width: 64, height: 64 });
    await other.waitForMessage(/Этой модели нужно только текстовое описание/);
    await other.sendPhoto(makePng(64, 64), { width: 64, height: 64, caption: 'Зимний лес' });
    await other.waitForMessage(/работает только по описанию/);
  });

  it('a 25 MB video in cloud mode is refused before any download', async () => {
    const user = stack.emulator.createUser({ first_name: 'Ken', language_code: 'en' });
    await openModel(user, 'video', 'Vega Video 2 Pro');
    await user.waitForMessage(/Describe what you'd like/);
    await user.sendText('A big clip');
    await user.waitForMessage(/or tap Skip/);
    await user.pressButton('⏭ Skip');
    await user.waitForMessage(/📎 Videos:/);
    const uploads = posts('/upload').length;
    const getFiles = stack.emulator.callsTo('getFile').length;
    await user.sendDocument(
      { path: '/nonexistent/big.mp4', size: 25 * 1024 * 1024 },
      { file_name: 'big.mp4', mime_type: 'video/mp4' },
    );
    await user.waitForMessage(/The file is 25\sMB, but Telegram lets bots download at most 20\sMB/);
    expect(posts('/upload')).toHaveLength(uploads);
    expect(stack.emulator.callsTo('getFile')).toHaveLength(getFiles);
  });

  it('a prompt that is too long, too many files, and a video over the model limits', async () => {
    const user = stack.emulator.createUser({ first_name: 'Lea', language_code: 'en' });
    await openModel(user, 'image', 'Collage Composer');
    await user.waitForMessage(/Describe what you'd like/);
    await user.sendText('x'.repeat(4001));
    await user.waitForMessage(/too long: 4,001 characters.*at most 4,000/s);
    await user.sendText('Four friends');
    await user.waitForMessage(/Photos/);
    for (let i = 1; i <= 4; i++) {
      const s = stack.emulator.seq();
      await user.sendPhoto(makeJpeg(600, 600), { width: 600, height: 600 });
      await user.waitForMessage(new RegExp(`Got ${i} of 4`), { after: s, timeoutMs: 15_000 });
    }
    const uploads = posts('/upload').length;
    await user.sendPhoto(makeJpeg(600, 600), { width: 600, height: 600 });
    await user.waitForMessage(/one file too many: this step takes at most 4/);
    expect(posts('/upload')).toHaveLength(uploads);
    await user.sendCommand('cancel');
    await user.waitForMessage(/Cancelled/);

    await openModel(user, 'video', 'Vega Video 2 Pro');
    await user.waitForMessage(/Describe what you'd like/);
    await user.sendText('Long clip');
    await user.waitForMessage(/or tap Skip/);
    await user.pressButton('⏭ Skip');
    await user.waitForMessage(/📎 Videos:/);
    const clip = makeMp4({ durationSeconds: 45, width: 1280, height: 720, fps: 30 });
    await user.sendVideo(clip, {
      duration: 45,
      width: 1280,
      height: 720,
      mime_type: 'video/mp4',
      file_name: 'long.mp4',
    });
    await user.waitForMessage(/The video is 45\ssec long, but this model takes at most 30\ssec/);
    expect(posts('/upload')).toHaveLength(uploads);
  });

  it('forged or stale callback data gets a short answer and changes nothing', async () => {
    const user = stack.emulator.createUser({ first_name: 'Max', language_code: 'en' });
    await user.sendCommand('start');
    const menu = await user.waitForMessage(/Hi, Max!/);
    const orders = upstreamOrders().length;
    for (const data of [
      'o:ok:00000000-0000-0000-0000-000000000000:AAAAAAAA',
      'gm:99999',
      'gt:nonsense',
      'o:x:zzz:1',
      'g:val:99',
    ]) {
      const answer = await user.pressCallbackData(data, menu.message_id);
      expect(answer.text, data).toMatch(/isn't active anymore|doesn't work anymore/);
    }
    expect(upstreamOrders()).toHaveLength(orders);
  });
});

describe('Telegram rules', () => {
  it('were all respected during the whole flow', () => {
    expect(stack.emulator.problems).toEqual([]);
    expect(stack.emulator.unansweredCallbackQueries()).toEqual([]);
  });
});
