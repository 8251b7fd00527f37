/**
 * Webhook mode: the real bot process serves Telegram's webhook over HTTP, checks the secret
 * token, and answers through the Bot API as in polling mode. Updates are POSTed the way Telegram
 * delivers them; the emulator only records the webhook the bot registered.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/e2e/free-port.js';
import { type Stack, startStack } from '../support/e2e/stack.js';

const SECRET = 'whsec_test-123';
let stack: Stack;
let port: number;

beforeAll(async () => {
  port = await freePort();
  stack = await startStack({
    env: {
      BOT_MODE: 'webhook',
      WEBHOOK_URL: 'https://bot.example.com',
      WEBHOOK_SECRET: SECRET,
      PORT: String(port),
    },
  });
});
afterAll(async () => {
  await stack?.close();
});

let updateId = 1;
function deliver(user: { id: number; first_name: string }, text: string, secret = SECRET) {
  const update = {
    update_id: updateId++,
    message: {
      message_id: updateId,
      date: Math.floor(Date.now() / 1000),
      chat: { id: user.id, type: 'private', first_name: user.first_name },
      from: { id: user.id, is_bot: false, first_name: user.first_name, language_code: 'en' },
      text,
      entities: text.startsWith('/') ? [{ type: 'bot_command', offset: 0, length: text.length }] : [],
    },
  };
  return fetch(`http://127.0.0.1:${port}/telegram/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': secret },
    body: JSON.stringify(update),
  });
}

function post(body: string, secret: string | undefined) {
  return fetch(`http://127.0.0.1:${port}/telegram/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(secret === undefined ? {} : { 'x-telegram-bot-api-secret-token': secret }),
    },
    body,
  });
}

/** Declares a body of 500 bytes, sends 20, then drops the connection. */
function cutBody(secret: string): Promise<'cut'> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(
        `POST /telegram/webhook HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
          `X-Telegram-Bot-Api-Secret-Token: ${secret}\r\nContent-Length: 500\r\n\r\n{"update_id": 77, "me`,
      );
      setImmediate(() => {
        socket.destroy();
        resolve('cut');
      });
    });
    socket.on('error', reject);
  });
}

async function expectStillServing(name: string) {
  const user = stack.emulator.createUser({ first_name: name, language_code: 'en' });
  const seq = stack.emulator.seq();
  const response = await deliver({ id: user.id, first_name: name }, '/start');
  expect(response.status).toBe(200);
  await user.waitForMessage(new RegExp(`Hi, ${name}!`), { after: seq });
}

describe('webhook mode', () => {
  it('registers its webhook URL with the secret token', () => {
    const set = stack.emulator.callsTo('setWebhook').at(-1);
    expect(set?.params.url).toBe('https://bot.example.com/telegram/webhook');
    expect(set?.params.secret_token).toBe(SECRET);
    // Every update type the bot handles, by name: managed_bot is not left to Telegram's default.
    expect(set?.params.allowed_updates).toEqual(
      expect.arrayContaining(['message', 'callback_query', 'pre_checkout_query', 'managed_bot']),
    );
  });

  it('answers an update delivered to the webhook', async () => {
    const user = stack.emulator.createUser({ first_name: 'Wes', language_code: 'en' });
    const seq = stack.emulator.seq();
    const response = await deliver({ id: user.id, first_name: 'Wes' }, '/start');
    expect(response.status).toBe(200);
    // The answer went out while the webhook request was handled, before it returned.
    const welcome = await user.waitForMessage(/Hi, Wes!/, { after: seq });
    expect(welcome.buttons.map((b) => b.text)).toContain('🎨 Create');
  });

  it('refuses a request without the right secret token, and handles nothing', async () => {
    const user = stack.emulator.createUser({ first_name: 'Mal', language_code: 'en' });
    const response = await deliver({ id: user.id, first_name: 'Mal' }, '/start', 'wrong-secret');
    expect(response.status).toBe(401);
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    expect(user.messages()).toEqual([]);
  });

  it('answers 400 to a body that is not JSON, and keeps serving', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/telegram/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': SECRET },
      body: '{"update_id": 1, "message": ',
    });
    expect(response.status).toBe(400);
    expect(stack.bot.exitCode).toBeUndefined();
    await expectStillServing('Bea');
  });

  it('survives a connection dropped in the middle of the body', async () => {
    await cutBody(SECRET);
    await stack.bot.waitForLine(/webhook request aborted/);
    expect(stack.bot.exitCode).toBeUndefined();
    await expectStillServing('Cut');
  });

  it('survives 1,000 mixed hostile requests and still answers a real update', async () => {
    const hostile: Array<() => Promise<unknown>> = [
      () => post('not json at all', SECRET),
      () => post('{"update_id": "x"}', SECRET),
      () => post('[1,2,3]', SECRET),
      () => post('null', SECRET),
      () => post('{"update_id": 5}', 'wrong-secret'),
      () => post('{"update_id": 6}', undefined),
      () => post(`{"pad":"${'x'.repeat(1_100_000)}"}`, SECRET),
      () => cutBody(SECRET),
      () => fetch(`http://127.0.0.1:${port}/telegram/webhook`, { method: 'GET' }),
      () => fetch(`http://127.0.0.1:${port}/nowhere`, { method: 'POST', body: '{}' }),
    ];
    const statuses = new Map<string, number>();
    for (let round = 0; round < 100; round++) {
      await Promise.all(
        hostile.map(async (send, i) => {
          const result = await send().catch(() => 'dropped');
          const key = `${i}:${result instanceof Response ? result.status : result}`;
          statuses.set(key, (statuses.get(key) ?? 0) + 1);
        }),
      );
    }
    expect(statuses.get('0:400')).toBe(100);
    expect(statuses.get('4:401')).toBe(100);
    expect(statuses.get('5:401')).toBe(100);
    expect(statuses.get('6:413') ?? 0).toBeGreaterThan(0);
    expect(stack.bot.exitCode).toBeUndefined();
    await expectStillServing('Last');
  });

  it('serves /metrics beside the webhook, with the bad requests counted', async () => {
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    expect(text).toMatch(/bot_updates_total\{bot="1",type="message"\} [1-9]/);
    expect(text).toMatch(/bot_webhook_requests_total\{bot="1",outcome="bad_json"\} [1-9]/);
    expect(text).toMatch(/bot_webhook_requests_total\{bot="1",outcome="unauthorized"\} [1-9]/);
    expect(text).not.toContain(SECRET);
  });

  it('broke no Telegram rule and logged no secret', () => {
    expect(stack.emulator.problems).toEqual([]);
    expect(stack.bot.lines.join('\n')).not.toContain(SECRET);
  });
});
