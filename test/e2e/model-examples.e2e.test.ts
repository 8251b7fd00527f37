/**
 * A model's examples in the customers' app (issue 43), end to end (the real bot process, the
 * Telegram emulator and the upstream simulator): a customer's picture, picked by an admin through
 * the control room's API, is not shown until its owner allows it in the chat (the question carries
 * the picture again and names the model); once allowed, another customer's GET /miniapp/me/models
 * lists it with a signed preview link that answers the picture's bytes; Stop showing takes it out
 * of the list and its link answers no more. An admin's upload goes to their own chat through
 * Telegram (multipart) and is shown at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminExamples, ExampleUploadTicket } from '../../src/services/admin/examples-types.js';
import type { AppModels } from '../../src/services/app/models-types.js';
import { ensureMiniAppBuilt } from '../miniapp/built-page.js';
import { confirmOrder, pricedTextImage } from '../support/e2e/flows.js';
import { freePort } from '../support/e2e/free-port.js';
import { waitForResultFiles } from '../support/e2e/handled.js';
import { type Stack, startStack } from '../support/e2e/stack.js';
import { makePng } from '../support/media-fixtures.js';
import { signInitData } from '../support/miniapp-init-data.js';
import type { ScriptedUser } from '../support/telegram/scripted-user.js';

const ADMIN = 7400001;
let stack: Stack;
let port: number;
let admin: ScriptedUser;

beforeAll(async () => {
  await ensureMiniAppBuilt();
  port = await freePort();
  stack = await startStack({
    env: { HTTP_PORT: String(port), PUBLIC_URL: 'https://panel.example.com', ADMIN_IDS: String(ADMIN) },
    beforeBot: (emulator) => {
      admin = emulator.createUser({ id: ADMIN, first_name: 'Ada', language_code: 'en' });
    },
  });
}, 180_000);
afterAll(async () => {
  await stack?.close();
});

const tma = (userId: number) =>
  `tma ${signInitData({
    botToken: stack.emulator.token,
    user: { id: userId, first_name: 'A', language_code: 'en' },
    authDate: Math.floor(Date.now() / 1000),
  })}`;
const base = () => `http://127.0.0.1:${port}`;
const adminApi = (path: string, init: RequestInit = {}) =>
  fetch(`${base()}/miniapp/api${path}`, {
    ...init,
    headers: { authorization: tma(ADMIN), 'content-type': 'application/json', ...init.headers },
  });
const modelsOf = async (userId: number) => {
  const res = await fetch(`${base()}/miniapp/me/models?lang=en`, { headers: { authorization: tma(userId) } });
  expect(res.status).toBe(200);
  return (await res.json()) as AppModels;
};

describe("a model's examples in the customers' app", () => {
  it("shows a customer's picture only once they allow it, and takes it away when they stop it", async () => {
    const ann = stack.emulator.createUser({ first_name: 'Ann', language_code: 'en' });
    const bob = stack.emulator.createUser({ first_name: 'Bob', language_code: 'en' });
    await pricedTextImage(ann, 'A lighthouse at dusk');
    await confirmOrder(ann);
    const delivered = await ann.waitForMessage((m) => m.kind === 'photo', { timeoutMs: 20_000 });
    await stack.settled();
    const upstream = stack.simulator.state.listOrders().at(-1)!;
    await waitForResultFiles(stack.database, upstream.id);
    const [row] = await stack.database.query<{ id: string; model_id: number }>`
      select id, model_id from orders where upstream_order_id = ${upstream.id}`;
    const modelId = Number(row!.model_id);

    // The admin's picker lists it, with a signed preview link that is no Telegram URL.
    const candidates = await adminApi(`/examples/${modelId}/results`);
    expect(candidates.status).toBe(200);
    const page = (await candidates.json()) as { items: Array<{ orderId: string; thumb: string }> };
    const item = page.items.find((i) => i.orderId === row!.id)!;
    expect(item.thumb).toMatch(/^\/miniapp\/files\//);
    expect(JSON.stringify(page)).not.toContain(stack.emulator.token);
    expect((await fetch(`${base()}${item.thumb}`)).status).toBe(200);

    const picked = await adminApi(`/examples/${modelId}/results`, {
      method: 'POST',
      body: JSON.stringify({ orderId: row!.id, index: 0 }),
    });
    expect(picked.status).toBe(201);
    const listed = (await picked.json()) as AdminExamples;
    expect(listed.examples).toEqual([expect.objectContaining({ state: 'asked', source: 'result' })]);
    const exampleId = listed.examples[0]!.id;

    // Ann is asked, with her picture again; nothing is shown meanwhile.
    // Sent before the API answered: any message of the chat counts.
    const question = await ann.waitForMessage(
      (m) => /would like to show this picture/.test(m.caption ?? ''),
      {
        timeoutMs: 15_000,
        after: 0,
      },
    );
    expect(question.kind).toBe('photo');
    expect(question.caption).toContain('Lumen Text to Image');
    expect(question.caption).toContain("Your name isn't shown");
    expect(question.media?.file_id).toBe(delivered.media?.file_id);
    expect((await modelsOf(bob.id)).models.find((m) => m.id === modelId)?.examples).toEqual([]);

    await ann.pressButton(/Allow/, { messageId: question.message_id });
    await expect
      .poll(() => ann.messages().find((m) => m.message_id === question.message_id)?.caption, {
        timeout: 10_000,
      })
      .toMatch(/Shown as an example of/);

    const shown = (await modelsOf(bob.id)).models.find((m) => m.id === modelId)!.examples;
    expect(shown).toEqual([expect.objectContaining({ id: exampleId, kind: 'image' })]);
    const thumb = await fetch(`${base()}${shown[0]!.thumb}`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toMatch(/^image\//);
    expect((await thumb.arrayBuffer()).byteLength).toBeGreaterThan(0);
    // A link of Bob's opened with another user id in its path is refused.
    expect((await fetch(`${base()}${shown[0]!.thumb.replace(`/${bob.id}/`, `/${ann.id}/`)}`)).status).toBe(
      403,
    );

    await ann.pressButton(/Stop showing/, { messageId: question.message_id });
    await expect
      .poll(() => ann.messages().find((m) => m.message_id === question.message_id)?.caption, {
        timeout: 10_000,
      })
      .toMatch(/No longer shown/);
    expect((await modelsOf(bob.id)).models.find((m) => m.id === modelId)!.examples).toEqual([]);
    expect([403, 404]).toContain((await fetch(`${base()}${shown[0]!.thumb}`)).status);
    const after = (await (await adminApi(`/examples/${modelId}`)).json()) as AdminExamples;
    expect(after.examples).toEqual([expect.objectContaining({ id: exampleId, state: 'withdrawn' })]);
  });

  it("keeps an admin's upload through Telegram and shows it at once", async () => {
    await admin.sendCommand('start');
    await admin.waitForMessage(/Welcome to/, { timeoutMs: 15_000 });
    const models = await modelsOf(admin.id);
    const modelId = models.models[0]!.id;
    const ticket = (await (
      await adminApi(`/examples/${modelId}/upload`, { method: 'POST', body: '{}' })
    ).json()) as ExampleUploadTicket;
    // The ticket is the only proof: tampered, it opens nothing.
    // One hex digit of the signature changed (always to another: a fixed digit is right one time in 16).
    const tamperedUrl = ticket.url.replace(/sig=(.)/, (_, d: string) => `sig=${d === '0' ? '1' : '0'}`);
    const tampered = await fetch(`${base()}${tamperedUrl}`, {
      method: 'POST',
      body: makePng(16, 16),
    });
    expect(tampered.status).toBe(403);
    const refused = await fetch(`${base()}${ticket.url}`, { method: 'POST', body: Buffer.from('%PDF-1.4') });
    expect(refused.status).toBe(415);
    const uploaded = await fetch(`${base()}${ticket.url}`, {
      method: 'POST',
      body: makePng(640, 480, { rgb: [200, 90, 40] }),
    });
    expect(uploaded.status).toBe(201);
    const kept = await admin.waitForMessage(
      (m) => m.kind === 'photo' && /Uploaded as an example/.test(m.caption ?? ''),
      {
        timeoutMs: 15_000,
        after: 0,
      },
    );
    expect(kept.caption).toContain(models.models[0]!.name);
    const shown = (await modelsOf(7400099)).models.find((m) => m.id === modelId)!.examples;
    expect(shown).toHaveLength(1);
    expect((await fetch(`${base()}${shown[0]!.full}`)).status).toBe(200);
    const audit = await stack.database.query<{ action: string }>`select action from audit_log order by id`;
    expect(audit.map((a) => a.action)).toEqual(['example_added', 'example_added']);
  });
});
