/**
 * An added bot in webhook mode: it registers its own route, /telegram/<bot id>, with a secret of its
 * own (not the main bot's), and Telegram's pushes to that route reach its customers' answers. The
 * real bot process, the emulator pushing webhooks over HTTP, on the run's engine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/e2e/free-port.js';
import { type Stack, startStack } from '../support/e2e/stack.js';
import type { EmulatedBot, ScriptedUser } from '../support/telegram/emulator.js';

const OPERATOR = 920_001;
const SECRET = 'whsec_many-bots';
let stack: Stack;
let port: number;
let shop: EmulatedBot;
let operator: ScriptedUser;
let customer: ScriptedUser;

beforeAll(async () => {
  port = await freePort();
  stack = await startStack({
    emulator: { webhook: { targets: [`http://127.0.0.1:${port}`] } },
    env: {
      BOT_MODE: 'webhook',
      WEBHOOK_URL: 'https://bot.example.com',
      WEBHOOK_SECRET: SECRET,
      PORT: String(port),
      ADMIN_IDS: String(OPERATOR),
      BOT_TOKENS_SECRET: 'many-bots-webhook-secret-0123456789-abc',
    },
    beforeBot: (emulator) => {
      shop = emulator.addBot({ username: 'studio_bot', first_name: 'Studio' });
      operator = emulator.createUser({ id: OPERATOR, first_name: 'Olga', language_code: 'en' });
      customer = shop.createUser({ first_name: 'Bob', language_code: 'en' });
    },
  });
}, 120_000);
afterAll(async () => {
  await stack?.close();
});

describe('an added bot in webhook mode', () => {
  it('gets its own route and secret, and answers its customers through it', async () => {
    await operator.sendCommand('bot_add', shop.token);
    await operator.waitForMessage(/@studio_bot is live/, { timeoutMs: 30_000 });

    const [registered] = shop.callsTo('setWebhook');
    expect(registered?.params.url).toBe('https://bot.example.com/telegram/2');
    const secret = registered?.params.secret_token as string;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{1,256}$/);
    expect(secret).not.toBe(SECRET);
    expect(registered?.params.allowed_updates).toEqual(expect.arrayContaining(['message', 'callback_query']));

    await customer.sendCommand('start');
    await customer.waitForMessage(/Hi, Bob!/, { timeoutMs: 30_000 });
    expect(shop.webhookDeliveries().every((d) => d.status === 200)).toBe(true);

    // The main bot's secret opens only the main bot's route.
    const forged = await fetch(`http://127.0.0.1:${port}/telegram/2`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': SECRET },
      body: JSON.stringify({ update_id: 1, message: { text: '/start' } }),
    });
    expect(forged.status).toBe(401);
    const unknown = await fetch(`http://127.0.0.1:${port}/telegram/notabot`, { method: 'POST', body: '{}' });
    expect(unknown.status).toBe(404);
  }, 90_000);
});
