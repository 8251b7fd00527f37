/**
 * Order tracking end to end: the real bot process against the Telegram emulator and the upstream
 * simulator over HTTP. The simulator runs on a manual clock, so an order moves (queued ->
 * processing -> final) only when a test says so: every state of spec section 3 is reached on
 * purpose, never by a race.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/simulator/server.js';
import { confirmOrder, continueToPrice, openModel } from '../support/e2e/flows.js';
import { E2E_API_KEY, POLL_LEASE_WAIT_MS, type Stack, startStack } from '../support/e2e/stack.js';
import type { BotMessage, ScriptedUser } from '../support/telegram/emulator.js';

const STAGE_MS = 1_000;
const CANCEL_CONFIRM_MS = 1_000;
const clock = new ManualClock(Date.now());
let stack: Stack;
let dir: string;

/** The bundled catalog plus a model of a type the bot has no media method for (sent as documents). */
function catalogWithUnknownType(): string {
  const catalog = JSON.parse(
    readFileSync(new URL('../../src/simulator/catalog.json', import.meta.url), 'utf8'),
  );
  catalog.models.push({
    id: 901,
    name: 'Mesh Maker',
    type: 'model_3d',
    price_usd: '0.05',
    fields: ['prompt'],
    prompt: { mode: 'required' },
    media: { required: false, max_count: 0, accepted: [], inputs: [] },
    options_schema: [],
    sim: { cancellable_when_processing: true, price: { kind: 'flat' } },
  });
  const path = join(dir, 'catalog.json');
  writeFileSync(path, JSON.stringify(catalog));
  return path;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tracking-e2e-'));
  stack = await startStack({
    simulator: {
      clock,
      orderStageMs: STAGE_MS,
      cancelConfirmMs: CANCEL_CONFIRM_MS,
      catalogPath: catalogWithUnknownType(),
    },
  });
});

afterAll(async () => {
  await stack?.close();
  rmSync(dir, { recursive: true, force: true });
});

afterEach(() => {
  stack.simulator.faults.clear();
  // Whatever a test left running ends now, so the account's active-order cap never fills up.
  clock.advance(2 * STAGE_MS + CANCEL_CONFIRM_MS);
});

// ------------------------------------------------------------------ helpers

interface Placed {
  rowId: string;
  statusId: number;
  upstreamId: string;
}

const upstream = (id: string) => stack.simulator.state.getOrder(id)!;
const live = (user: ScriptedUser) => user.messages().filter((m) => !m.deleted);
const ofType = (user: ScriptedUser, type: string) => live(user).filter((m) => m.mediaType === type);
const statusOf = (user: ScriptedUser, id: number) => user.messages().find((m) => m.message_id === id)!;
const buttonTexts = (m: BotMessage) => m.buttons.map((b) => b.text);
const callsIn = (user: ScriptedUser, method: string) =>
  stack.emulator.callsTo(method).filter((c) => String(c.params.chat_id) === String(user.chatId));

/** Confirms the priced summary on screen; the Confirm button names our row. */
async function confirm(user: ScriptedUser, summary: BotMessage, prompt: string): Promise<Placed> {
  const data = summary.buttons.find((b) => b.text.startsWith('✅'))!.callback_data!;
  const rowId = data.split(':')[2]!;
  const status = await confirmOrder(user);
  const order = stack.simulator.state.listOrders().find((o) => o.prompt === prompt);
  if (!order) throw new Error(`no upstream order for ${prompt}\n${user.transcript()}`);
  return { rowId, statusId: status.message_id, upstreamId: order.id };
}

async function placeLumen(user: ScriptedUser, prompt: string, images = 1): Promise<Placed> {
  await openModel(user, 'image', 'Lumen Text to Image');
  await user.waitForMessage(/Describe what you'd like|Опишите/);
  await user.sendText(prompt);
  await user.waitForMessage(/Settings|Настройки/);
  if (images !== 1) {
    await user.pressButton(/^Number of images/);
    await user.waitForMessage(/Number of images: choose a value/);
    await user.pressButton(String(images));
    await user.waitForMessage((m) => m.buttons.some((b) => b.text === `Number of images: ${images}`));
  }
  return confirm(user, await continueToPrice(user), prompt);
}

async function placeVideo(user: ScriptedUser, model: string, prompt: string): Promise<Placed> {
  await openModel(user, 'video', model);
  await user.waitForMessage(/Describe what you'd like/);
  await user.sendText(prompt);
  await user.waitForMessage(/or tap Skip/);
  await user.pressButton('⏭ Skip');
  await user.waitForMessage(/Video/);
  await user.pressButton('⏭ Skip');
  await user.waitForMessage(/Settings/);
  return confirm(user, await continueToPrice(user), prompt);
}

/** Moves every active order one stage on and waits for this one's status message to show it. */
async function toProcessing(user: ScriptedUser, placed: Placed): Promise<BotMessage> {
  const seq = stack.emulator.seq();
  clock.advance(STAGE_MS);
  return user.waitForMessage(
    (m) => m.message_id === placed.statusId && /Generating|Генерирую/.test(m.text ?? ''),
    {
      after: seq,
    },
  );
}

// ------------------------------------------------------------------ delivery

describe('delivery of results', () => {
  it('one image: the status turns Done, then a photo by URL and the original as a document', async () => {
    const user = stack.emulator.createUser({ first_name: 'Ann', language_code: 'en' });
    const placed = await placeLumen(user, 'A red fox');
    expect(statusOf(user, placed.statusId).text).toMatch(/Order placed, waiting in the queue/);
    const processing = await toProcessing(user, placed);
    expect(processing.text).toMatch(
      /Model: Lumen Text to Image[\s\S]*Cost to the bot: \$0\.04[\s\S]*Time: \d+\ssec/,
    );
    expect(buttonTexts(processing)).toEqual(['✖️ Cancel generation']);

    clock.advance(STAGE_MS);
    const original = await user.waitForMessage((m) => m.kind === 'document');
    expect(original.media?.file_name).toBe('result-1.png');
    expect(original.caption).toMatch(/Original quality/);
    const [photo] = ofType(user, 'photo');
    expect(photo?.kind).toBe('photo');
    const status = statusOf(user, placed.statusId);
    expect(status.text).toMatch(
      /✅ Done![\s\S]*Cost to the bot: \$0\.04[\s\S]*kept until \d{1,2} \w{3}(?: \d{4})?, \d\d:\d\d UTC/,
    );
    expect(status.buttons).toEqual([]);
    // Telegram fetched the photo itself: the bot sent the result URL, not the bytes.
    const sendPhoto = callsIn(user, 'sendPhoto');
    expect(sendPhoto.map((c) => c.params.photo)).toEqual([upstream(placed.upstreamId).result[0]]);
    await stack.settled();
    expect(ofType(user, 'photo')).toHaveLength(1);
    expect(ofType(user, 'document')).toHaveLength(1);
  });

  it('several images: an album of photos and an album of originals', async () => {
    const user = stack.emulator.createUser({ first_name: 'Bea', language_code: 'en' });
    const placed = await placeLumen(user, 'Three foxes', 3);
    clock.advance(2 * STAGE_MS);
    await user.waitForMessage((m) => m.mediaType === 'document' && m.media?.file_name === 'result-3.png');
    await stack.settled();
    const photos = ofType(user, 'photo');
    const documents = ofType(user, 'document');
    expect(photos).toHaveLength(3);
    expect(documents).toHaveLength(3);
    expect(new Set(photos.map((m) => m.mediaGroupId)).size).toBe(1);
    expect(photos[0]!.mediaGroupId).toBeTruthy();
    expect(new Set(documents.map((m) => m.mediaGroupId)).size).toBe(1);
    expect(upstream(placed.upstreamId).result).toHaveLength(3);
    expect(statusOf(user, placed.statusId).text).toMatch(/Done!/);
  });

  it('video: sent with sendVideo, no separate original', async () => {
    const user = stack.emulator.createUser({ first_name: 'Cy', language_code: 'en' });
    const placed = await placeVideo(user, 'Vega Video 2 Pro', 'A paper boat');
    clock.advance(2 * STAGE_MS);
    const video = await user.waitForMessage((m) => m.kind === 'video');
    expect(video.media?.mime_type).toBe('video/mp4');
    // The status says Done once the delivery is recorded and settled, a moment after the video:
    // awaited, not read at once (settled() may see the settlement before the edit).
    await user.waitForMessage((m) => m.message_id === placed.statusId && /Done!/.test(m.text ?? ''));
    await stack.settled();
    expect(ofType(user, 'document')).toHaveLength(0);
    expect(ofType(user, 'photo')).toHaveLength(0);
  });

  it('a model type without a media method: the file is uploaded as a document', async () => {
    const user = stack.emulator.createUser({ first_name: 'Dan', language_code: 'en' });
    await user.sendCommand('generate');
    await user.waitForMessage(/What would you like to create/);
    await user.pressButton(/Other/);
    await user.waitForMessage(/choose a model/);
    await user.pressButton(/^Mesh Maker ·/);
    await user.waitForMessage(/Describe what you'd like/);
    await user.sendText('A teapot mesh');
    const summary = await user.waitForMessage(/Check your order|Settings/);
    const priced = /Check your order/.test(summary.text ?? '') ? summary : await continueToPrice(user);
    await confirm(user, priced, 'A teapot mesh');
    clock.advance(2 * STAGE_MS);
    const doc = await user.waitForMessage((m) => m.kind === 'document');
    expect(doc.media?.file_name).toBe('result-1.png');
    expect(doc.caption ?? '').not.toMatch(/Original/);
    await expect.poll(() => callsIn(user, 'sendDocument')).toHaveLength(1);
    const calls = callsIn(user, 'sendDocument');
    expect(calls[0]!.params.document).toMatchObject({ filename: 'result-1.png' });
  });

  it('Telegram refuses the URL: the bot downloads the file and uploads it', async () => {
    const user = stack.emulator.createUser({ first_name: 'Eve', language_code: 'en' });
    await placeLumen(user, 'A fox, uploaded');
    stack.emulator.injectError('sendPhoto', {
      error_code: 400,
      description: 'Bad Request: failed to get HTTP URL content',
    });
    clock.advance(2 * STAGE_MS);
    await user.waitForMessage((m) => m.kind === 'photo');
    await expect.poll(() => callsIn(user, 'sendPhoto').map((c) => c.ok)).toEqual([false, true]);
    const calls = callsIn(user, 'sendPhoto');
    expect(typeof calls[0]!.params.photo).toBe('string');
    expect(calls[1]!.params.photo).toMatchObject({ filename: 'result-1.png' });
    await user.waitForMessage((m) => m.kind === 'document');
  });

  it('refused by URL and as an upload: a download link instead, and the status says so', async () => {
    const user = stack.emulator.createUser({ first_name: 'Fay', language_code: 'en' });
    const placed = await placeLumen(user, 'A fox, linked');
    const refusal = { error_code: 400, description: 'Bad Request: IMAGE_PROCESS_FAILED' };
    stack.emulator.injectError('sendPhoto', refusal, 2);
    clock.advance(2 * STAGE_MS);
    const links = await user.waitForMessage(/Download links/);
    const url = upstream(placed.upstreamId).result[0]!;
    expect(links.entities).toContainEqual(expect.objectContaining({ type: 'text_link', url }));
    // Links are not files in the chat: the order is not delivered (nothing charged), and says why.
    await user.waitForMessage(/Not delivered[\s\S]*came as download links above/);
    await stack.settled();
    expect(ofType(user, 'photo')).toHaveLength(0);
    // No separate original: the link already gives the file as it is.
    expect(ofType(user, 'document')).toHaveLength(0);
  });

  it('files already gone upstream (404): an honest message, no retries', async () => {
    const user = stack.emulator.createUser({ first_name: 'Gil', language_code: 'en' });
    const placed = await placeLumen(user, 'A fox, expired');
    stack.simulator.faults.add({
      path: /^\/g\//,
      times: Number.POSITIVE_INFINITY,
      action: { kind: 'status', status: 404 },
    });
    clock.advance(2 * STAGE_MS);
    const notice = await user.waitForMessage(/files had already expired/);
    expect(notice.message_id).not.toBe(placed.statusId);
    await expect.poll(() => statusOf(user, placed.statusId).deleted).toBe(true);
    await stack.settled();
    expect(live(user).filter((m) => m.media)).toHaveLength(0);
  });

  it('expires_at already in the past: nothing is fetched, the user is told', async () => {
    const user = stack.emulator.createUser({ first_name: 'Hal', language_code: 'en' });
    const realNow = Date.now();
    clock.set(realNow - 30 * 3_600_000); // the order is made 30 h ago...
    const placed = await placeLumen(user, 'A fox from yesterday');
    const fetchesBefore = stack.simulator.requests.filter((r) => r.path.startsWith('/g/')).length;
    clock.set(realNow); // ...so its files (kept 24 h) expired 6 h ago
    await user.waitForMessage(/files had already expired/);
    expect(stack.simulator.requests.filter((r) => r.path.startsWith('/g/')).length).toBe(fetchesBefore);
    await expect.poll(() => statusOf(user, placed.statusId).deleted).toBe(true);
  });
});

// ------------------------------------------------------------------ failure

describe('failed orders', () => {
  it('shows the failure in the user language and Try again re-opens the form with the same inputs', async () => {
    const user = stack.emulator.createUser({ first_name: 'Ира', language_code: 'ru' });
    const prompt = 'Кот в сапогах [sim:fail]';
    const placed = await placeLumen(user, prompt);
    clock.advance(2 * STAGE_MS);
    const failure = await user.waitForMessage(/Генерация не удалась/);
    expect(failure.text).toContain('Сервису генерации не удалось');
    expect(failure.text).toContain(
      'Ответ сервиса (на английском): The generation failed at the provider (simulated).',
    );
    expect(buttonTexts(failure)).toEqual(['🔁 Попробовать ещё раз', '🏠 Главное меню']);
    await expect.poll(() => statusOf(user, placed.statusId).deleted).toBe(true);

    const before = stack.simulator.state.createdOrderCount();
    await user.pressButton('🔁 Попробовать ещё раз');
    await user.waitForMessage(/Настройки/);
    // Same model, same description: the prompt is not asked again.
    expect(live(user).filter((m) => /Опишите, что хотите получить/.test(m.text ?? ''))).toHaveLength(1);
    const summary = await continueToPrice(user);
    expect(summary.text).toContain(prompt);
    expect(stack.simulator.state.createdOrderCount()).toBe(before);
  });
});

// ------------------------------------------------------------------ cancel

describe('cancel, in every state of spec section 3', () => {
  it('queued: not started yet (offered from /orders details)', async () => {
    const user = stack.emulator.createUser({ first_name: 'Ida', language_code: 'en' });
    const placed = await placeLumen(user, 'A queued fox');
    await user.sendCommand('orders');
    await user.waitForMessage(/Your orders/);
    await user.pressButton(/^1\. ⏳ Lumen/);
    const details = await user.waitForMessage(/Order placed /);
    const answer = await user.pressButton('✖️ Cancel generation', { messageId: details.message_id });
    // Answered before upstream is asked (it may be slow); its answer comes as a message.
    expect(answer.text).toBe('⏳ Cancelling…');
    await user.waitForMessage(/still being handed over/);
    expect(upstream(placed.upstreamId).status).toBe('queued');
  });

  it('processing: cancelled at once, the status says so and Cancel gives way to Try again and 🏠', async () => {
    const user = stack.emulator.createUser({ first_name: 'Jo', language_code: 'en' });
    const placed = await placeLumen(user, 'A fox to cancel');
    await toProcessing(user, placed);
    const seq = stack.emulator.seq();
    const answer = await user.pressButton('✖️ Cancel generation');
    expect(answer.text).toBe('⏳ Cancelling…');
    const status = await user.waitForMessage(
      (m) => m.message_id === placed.statusId && /Order cancelled/.test(m.text ?? ''),
      {
        after: seq,
      },
    );
    expect(status.buttons.map((b) => b.text)).toEqual(['🔁 Try again', '🏠 Main menu']);
    expect(upstream(placed.upstreamId).status).toBe('cancelled');
  });

  it('processing, confirmation pending: "requested", then cancelled once upstream confirms', async () => {
    const user = stack.emulator.createUser({ first_name: 'Kai', language_code: 'en' });
    const placed = await placeLumen(user, 'A slow cancel');
    await toProcessing(user, placed);
    stack.simulator.state.setCancelBehaviour(placed.upstreamId, 'pending-then-cancelled');
    const answer = await user.pressButton('✖️ Cancel generation');
    expect(answer.text).toBe('⏳ Cancelling…');
    const pending = await user.waitForMessage(
      (m) => m.message_id === placed.statusId && /waiting for confirmation/.test(m.text ?? ''),
    );
    expect(pending.buttons).toEqual([]);
    clock.advance(CANCEL_CONFIRM_MS);
    await user.waitForMessage(
      (m) => m.message_id === placed.statusId && /Order cancelled/.test(m.text ?? ''),
    );
  });

  it('processing, cancellation failing: "try again", the order goes on', async () => {
    const user = stack.emulator.createUser({ first_name: 'Lea', language_code: 'en' });
    const placed = await placeLumen(user, 'A stubborn fox');
    await toProcessing(user, placed);
    stack.simulator.state.setCancelBehaviour(placed.upstreamId, 'fail');
    const answer = await user.pressButton('✖️ Cancel generation');
    expect(answer.text).toBe('⏳ Cancelling…');
    await user.waitForMessage(/didn't go through/);
    expect(buttonTexts(statusOf(user, placed.statusId))).toEqual(['✖️ Cancel generation']);
    clock.advance(STAGE_MS);
    await user.waitForMessage((m) => m.kind === 'photo');
  });

  it('a model that cannot be stopped once processing: explained, and the button is withdrawn', async () => {
    const user = stack.emulator.createUser({ first_name: 'Max', language_code: 'en' });
    const placed = await placeVideo(user, 'Aurora Video Sound', 'A song of waves');
    await toProcessing(user, placed);
    const answer = await user.pressButton('✖️ Cancel generation');
    expect(answer.text).toBe('⏳ Cancelling…');
    await user.waitForMessage(/can't be stopped/);
    await user.waitForMessage((m) => m.message_id === placed.statusId && m.buttons.length === 0);
    expect(upstream(placed.upstreamId).status).toBe('processing');
  });

  it('finished upstream before the bot noticed: cannot_cancel carries the order, which is delivered', async () => {
    const user = stack.emulator.createUser({ first_name: 'Ned', language_code: 'en' });
    const placed = await placeLumen(user, 'A finished fox');
    await toProcessing(user, placed);
    // The bot cannot poll any more, so only the cancel answer can tell it the order is done.
    stack.simulator.faults.add({
      method: 'GET',
      path: /^\/orders\//,
      times: Number.POSITIVE_INFINITY,
      action: { kind: 'status', status: 503 },
    });
    clock.advance(STAGE_MS);
    const answer = await user.pressButton('✖️ Cancel generation');
    expect(answer.text).toBe('⏳ Cancelling…');
    await user.waitForMessage(/already finished/);
    await user.waitForMessage((m) => m.kind === 'photo');
    // "Done" right after the first file reached the chat.
    await user.waitForMessage((m) => m.message_id === placed.statusId && /Done!/.test(m.text ?? ''));
  });

  it('a copied Cancel button pressed by someone else changes nothing', async () => {
    const owner = stack.emulator.createUser({ first_name: 'Ola', language_code: 'en' });
    const stranger = stack.emulator.createUser({ first_name: 'Pim', language_code: 'en' });
    const placed = await placeLumen(owner, 'A fox that is mine');
    await toProcessing(owner, placed);
    await stranger.sendCommand('start');
    const menu = await stranger.waitForMessage(/Hi, Pim!/);
    const cancelsBefore = stack.simulator.requests.filter((r) => r.path.endsWith('/cancel')).length;
    const answer = await stranger.pressCallbackData(`oc:${placed.rowId}`, menu.message_id);
    expect(answer.text).toBe("This button isn't active anymore.");
    expect(stack.simulator.requests.filter((r) => r.path.endsWith('/cancel')).length).toBe(cancelsBefore);
    expect(upstream(placed.upstreamId).status).toBe('processing');
    expect(buttonTexts(statusOf(owner, placed.statusId))).toEqual(['✖️ Cancel generation']);
    // Forged data of any shape gets the same short answer.
    for (const data of ['oc:', 'oc:not-a-row', `oc:${placed.rowId}:x`]) {
      const forged = await stranger.pressCallbackData(data, menu.message_id);
      expect(forged.text ?? '').toMatch(/isn't active anymore|doesn't work anymore/);
    }
  });
});

// ------------------------------------------------------------------ restarts and upstream trouble

describe('restarts and upstream faults', () => {
  it(
    'SIGKILL while processing: after the restart the result arrives exactly once',
    async () => {
      const user = stack.emulator.createUser({ first_name: 'Quin', language_code: 'en' });
      const placed = await placeLumen(user, 'A fox through a crash');
      await toProcessing(user, placed);
      await stack.bot.kill();
      // The new process may deliver before restartBot() resolves: look from the kill on.
      const afterKill = stack.emulator.seq();
      clock.advance(STAGE_MS); // completes while the bot is down
      await stack.restartBot();
      // A kill mid-poll leaves the poll claimed: the restarted bot takes it back (POLL_LEASE_WAIT_MS).
      await user.waitForMessage((m) => m.kind === 'document', {
        after: afterKill,
        timeoutMs: POLL_LEASE_WAIT_MS,
      });
      await stack.settled();
      expect(ofType(user, 'photo')).toHaveLength(1);
      expect(ofType(user, 'document')).toHaveLength(1);
      expect(statusOf(user, placed.statusId).text).toMatch(/Done!/);
    },
    2 * POLL_LEASE_WAIT_MS,
  );

  it('SIGKILL right after delivery: no second delivery after the restart', async () => {
    const user = stack.emulator.createUser({ first_name: 'Rae', language_code: 'en' });
    await placeLumen(user, 'A fox delivered once');
    clock.advance(2 * STAGE_MS);
    // The original goes out after delivery is recorded: from here a restart must send nothing.
    await user.waitForMessage((m) => m.kind === 'document');
    await stack.bot.kill();
    await stack.restartBot();
    await stack.settled();
    expect(ofType(user, 'photo')).toHaveLength(1);
    expect(ofType(user, 'document')).toHaveLength(1);
  });

  it('503 bursts and 429 with Retry-After on GET /orders delay the delivery but do not lose it', async () => {
    const user = stack.emulator.createUser({ first_name: 'Sam', language_code: 'en' });
    const placed = await placeLumen(user, 'A fox in a storm');
    const orderPath = `/orders/${placed.upstreamId}`;
    stack.simulator.faults.add({
      method: 'GET',
      path: orderPath,
      times: 4,
      action: { kind: 'status', status: 503 },
    });
    stack.simulator.faults.add({
      method: 'GET',
      path: orderPath,
      times: 2,
      action: { kind: 'status', status: 429, retryAfterSeconds: 1 },
    });
    clock.advance(2 * STAGE_MS);
    await user.waitForMessage((m) => m.kind === 'document', { timeoutMs: 25_000 });
    const answered = stack.simulator.requests.filter((r) => r.path === orderPath).map((r) => r.status);
    expect(answered.filter((s) => s === 503)).toHaveLength(4);
    expect(answered.filter((s) => s === 429)).toHaveLength(2);
    await stack.settled();
    expect(ofType(user, 'photo')).toHaveLength(1);
  }, 40_000);
});

// ------------------------------------------------------------------ /orders

describe('/orders', () => {
  it('lists the chat orders newest first, five per page, opens one and sends its files again', async () => {
    const user = stack.emulator.createUser({ first_name: 'Tia', language_code: 'en' });
    await user.sendCommand('orders');
    const empty = await user.waitForMessage(/no orders yet/);
    expect(buttonTexts(empty)).toContain('🎨 Create');

    for (let i = 1; i <= 6; i++) {
      await placeLumen(user, `Fox number ${i}`);
      clock.advance(2 * STAGE_MS);
      await user.waitForMessage((m) => m.kind === 'document' && ofType(user, 'document').length === i, {
        timeoutMs: 15_000,
      });
    }
    await user.sendCommand('orders');
    const first = await user.waitForMessage(/Your orders/);
    expect(first.text).toContain('Page 1 of 2');
    expect(first.text).toMatch(/1\. ✅ Lumen Text to Image · done · \$0\.04 · /);
    expect(buttonTexts(first).filter((t) => /^\d+\. /.test(t))).toHaveLength(5);
    expect(buttonTexts(first)).toContain('Older ▶️');
    expect(buttonTexts(first)).not.toContain('◀️ Newer');

    await user.pressButton('Older ▶️');
    const second = await user.waitForMessage(
      (m) => m.message_id === first.message_id && /Page 2 of 2/.test(m.text ?? ''),
    );
    expect(buttonTexts(second).filter((t) => /^\d+\. /.test(t))).toEqual(['6. ✅ Lumen Text to Image']);
    await user.pressButton('6. ✅ Lumen Text to Image');
    const details = await user.waitForMessage(/Order placed /);
    expect(details.text).toContain('Description: Fox number 1');
    expect(details.text).toMatch(/Status: ✅ done/);
    expect(details.text).toMatch(/Files kept until: /);
    // A finished result has the same actions as under its delivered files (after-result.e2e.test.ts).
    expect(buttonTexts(details)).toEqual([
      '🔁 Again',
      '✏️ Change',
      '➕ Use as input',
      '↗️ Share',
      '📥 Send the files again',
      '◀️ Back',
    ]);

    const answer = await user.pressButton('📥 Send the files again');
    expect(answer.text).toMatch(/Sending/);
    await user.waitForMessage((m) => m.kind === 'document' && ofType(user, 'document').length === 7);
    expect(ofType(user, 'photo')).toHaveLength(7);

    await user.pressButton('◀️ Back');
    await user.waitForMessage((m) => m.message_id === first.message_id && /Page 2 of 2/.test(m.text ?? ''));
    await user.pressButton('◀️ Newer');
    await user.waitForMessage((m) => m.message_id === first.message_id && /Page 1 of 2/.test(m.text ?? ''));
  }, 90_000);

  it('is in the main menu, and another chat cannot open my order', async () => {
    const user = stack.emulator.createUser({ first_name: 'Uma', language_code: 'ru' });
    await user.sendCommand('start');
    await user.waitForMessage(/Привет, Uma!/);
    await user.pressButton('📋 Мои заказы');
    await user.waitForMessage(/У вас пока нет заказов/);

    const owner = stack.emulator.createUser({ first_name: 'Vic', language_code: 'en' });
    const placed = await placeLumen(owner, 'A private fox');
    const menu = await (async () => {
      await user.sendCommand('start');
      return user.waitForMessage(/Привет, Uma!/);
    })();
    for (const data of [`od:${placed.rowId}:0`, `os:${placed.rowId}`, `or:${placed.rowId}`]) {
      const answer = await user.pressCallbackData(data, menu.message_id);
      expect(answer.text).toBe('Эта кнопка больше не активна.');
    }
  });
});

describe('rules', () => {
  it('broke no Telegram rule, answered every callback, leaked no secret', () => {
    expect(stack.emulator.problems).toEqual([]);
    expect(stack.emulator.unansweredCallbackQueries()).toEqual([]);
    const logs = stack.bot.lines.join('\n');
    expect(logs).not.toContain(stack.emulator.token);
    expect(logs).not.toContain(E2E_API_KEY);
  });
});
