/**
 * Admin tools end to end: the real bot process with three admins (one English, one who picked
 * Russian, one who blocked the bot), a regular user, the Telegram emulator and the upstream
 * simulator. The balance is checked every 200 ms, so alerts follow the simulator's balance quickly;
 * "not again" is proven by waiting for further GET /balance requests, never by sleeping.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMoney, formatMoney, moneyToString, parseMoney, ZERO_MONEY } from '../../src/domain/money.js';
import { confirmOrder, continueToPrice, openModel } from '../support/e2e/flows.js';
import { E2E_API_KEY, type Stack, startStack } from '../support/e2e/stack.js';
import type { ScriptedUser } from '../support/telegram/emulator.js';

const ADMIN_EN = 7_100_001;
const ADMIN_RU = 7_100_002;
const ADMIN_BLOCKED = 7_100_003;

let stack: Stack;
let en: ScriptedUser;
let ru: ScriptedUser;
let blocked: ScriptedUser;

beforeAll(async () => {
  stack = await startStack({
    env: {
      ADMIN_IDS: `${ADMIN_EN}, ${ADMIN_RU},${ADMIN_BLOCKED}`,
      LOW_BALANCE_USD: '10.00',
      BALANCE_CHECK_MS: '200',
      // No summer time there: UTC days start at 05:00 UTC+5 all year.
      TIME_ZONE: 'Asia/Tashkent',
    },
    // A customer's next command races their result's delivery into one chat: Telegram's limits on,
    // so the reply must wait out the delivery's 429 instead of failing (telegram/chat-flood-gate.ts).
    emulator: { floodLimits: true },
  });
  en = stack.emulator.createUser({ id: ADMIN_EN, first_name: 'Ada', language_code: 'en' });
  ru = stack.emulator.createUser({ id: ADMIN_RU, first_name: 'Борис', language_code: 'en' });
  blocked = stack.emulator.createUser({ id: ADMIN_BLOCKED, first_name: 'Cy', language_code: 'en' });
  blocked.block();
  // Their chats did not exist when the bot started, so Telegram refused their command lists then:
  // the bot registers them on first contact.
  await en.sendCommand('start');
  await en.waitForMessage(/Hi, Ada!/);
  // The Russian-speaking admin's Telegram is in English: alerts follow the language picked in the bot.
  await ru.sendCommand('language');
  await ru.waitForMessage(/Language and result captions/);
  await ru.pressButton('🇷🇺 Русский');
  await ru.waitForMessage(/Язык переключён на русский/);
});
afterAll(async () => {
  await stack?.close();
});

const money = (usd: string, locale: 'en' | 'ru') => formatMoney(usd, locale);
const balanceRequests = () => stack.simulator.requests.filter((r) => r.path === '/balance').length;
const alertsIn = (user: ScriptedUser, pattern: RegExp) =>
  user.messages().filter((m) => pattern.test(m.text ?? ''));
const LOW_EN = /Low Reseller API balance/;
const LOW_RU = /Заканчиваются деньги на счёте Reseller API/;

/** Resolves once `n` more balance checks reached upstream (so every earlier one was handled). */
async function balanceChecks(n: number): Promise<void> {
  const start = balanceRequests();
  await expect.poll(() => balanceRequests() - start, { timeout: 15_000 }).toBeGreaterThanOrEqual(n);
}

async function placeLumen(user: ScriptedUser, prompt: string) {
  await openModel(user, 'image', 'Lumen Text to Image');
  await user.waitForMessage(/Describe what you'd like/);
  await user.sendText(prompt);
  await user.waitForMessage(/Settings/);
  await continueToPrice(user);
}

describe('admin commands', () => {
  it('are registered only in the admins’ own chats, on top of the user list, in both languages', () => {
    const enList = stack.emulator.commands({ type: 'chat', chat_id: ADMIN_EN }, 'en');
    expect(enList.map((c) => c.command)).toEqual(
      expect.arrayContaining(['start', 'generate', 'orders', 'help', 'balance', 'stats']),
    );
    // The main bot's admins also get /bots and /newbot (MANAGED_BOTS=admins by default).
    expect(enList.slice(-12).map((c) => c.command)).toEqual([
      'balance',
      'stats',
      'broadcast',
      'user',
      'audit',
      'rules',
      'reports',
      'campaign_new',
      'campaigns',
      'dashboard',
      'bots',
      'newbot',
    ]);
    expect(enList.at(-12)).toEqual({ command: 'balance', description: 'Reseller API balance (admins)' });
    const ruList = stack.emulator.commands({ type: 'chat', chat_id: ADMIN_RU }, 'ru');
    expect(ruList.find((c) => c.command === 'stats')?.description).toBe('Статистика (для админов)');
    expect(stack.emulator.commands({ type: 'chat', chat_id: ADMIN_RU }).map((c) => c.command)).toContain(
      'balance',
    );
    for (const lang of [undefined, 'en', 'ru']) {
      expect(stack.emulator.commands(undefined, lang).map((c) => c.command)).not.toContain('balance');
    }
    expect(stack.emulator.commands({ type: 'chat', chat_id: 424242 }, 'en')).toEqual([]);
  });

  it('/balance shows the upstream balance and the threshold, formatted per language, with Refresh', async () => {
    await en.sendCommand('balance');
    const shown = await en.waitForMessage(/Reseller API balance/);
    expect(shown.text).toContain(`Reseller API balance: ${money('100.00', 'en')}`);
    expect(shown.text).toContain(`alerted below ${money('10.00', 'en')}`);
    expect(shown.text).toMatch(/Checked .* UTC\+5/);
    expect(shown.buttons.map((b) => b.text)).toEqual(['🔄 Refresh']);

    stack.simulator.state.setBalance(E2E_API_KEY, '1234.5');
    const answer = await en.pressButton('🔄 Refresh');
    expect(answer.text ?? '').toBe(''); // answered before upstream is asked: the outcome is in the message
    const refreshed = await en.waitForMessage(/\$1,234\.50/);
    expect(refreshed.message_id).toBe(shown.message_id);

    await ru.sendCommand('balance');
    const russian = await ru.waitForMessage(/Баланс Reseller API/);
    expect(russian.text).toContain(`Баланс Reseller API: ${money('1234.5', 'ru')}`);
    expect(money('1234.5', 'ru')).toMatch(/^1\s234,50\s\$$/);
    expect(russian.text).toContain(money('10.00', 'ru'));
    expect(russian.buttons.map((b) => b.text)).toEqual(['🔄 Обновить']);
    stack.simulator.state.setBalance(E2E_API_KEY, '100.00');
  });

  it('is an unknown command for everyone else, and its button does nothing for them', async () => {
    const user = stack.emulator.createUser({ first_name: 'Eve', language_code: 'en' });
    await user.sendCommand('balance');
    await user.waitForMessage(/didn't catch that/);
    await user.sendCommand('stats');
    await user.waitForMessage((m) => /didn't catch that/.test(m.text ?? '') && user.messages().length === 2);
    expect(
      user
        .messages()
        .map((m) => m.text)
        .join('\n'),
    ).not.toMatch(/balance|Statistics|\$/i);
    await user.sendCommand('start');
    const menu = await user.waitForMessage(/Hi, Eve!/);
    const answer = await user.pressCallbackData('adm:balance', menu.message_id);
    expect(answer.text).toMatch(/doesn't work anymore/);
  });

  it('/stats counts users and orders, sums the upstream cost exactly and names the top model', async () => {
    const buyer = stack.emulator.createUser({ first_name: 'Bea', language_code: 'en' });
    for (const prompt of ['A red fox in snow', 'A lighthouse at night']) {
      await placeLumen(buyer, prompt);
      await confirmOrder(buyer);
      await buyer.waitForMessage(/Done!/, { timeoutMs: 15_000 });
    }
    const costs = stack.simulator.state
      .listOrders()
      .filter((o) => o.status === 'completed')
      .map((o) => parseMoney(o.cost_usd));
    expect(costs).toHaveLength(2);
    const spent = moneyToString(addMoney(ZERO_MONEY, ...costs));

    await en.sendCommand('stats');
    const stats = await en.waitForMessage(/Statistics/);
    const text = stats.text ?? '';
    // TIME_ZONE reaches the admins' texts: the UTC day's start, in Tashkent's time.
    expect(text).toContain('Periods: today since 05:00 UTC+5;');
    // Ada, Борис, Cy (blocked the bot: Telegram told it), Eve, Bea.
    expect(text).toMatch(/Users: 5\nNew: 5 today, 5 in 7 days\nActive in 7 days: 5/);
    expect(text).toContain('Today: 2 (✅ 2 · ❌ 0 · 🚫 0 · ⏳ 0)');
    expect(text).toContain('30 days: 2 (✅ 2 · ❌ 0 · 🚫 0 · ⏳ 0)');
    expect(text).toContain(`Today: ${money(spent, 'en')}`);
    expect(text).toContain('1. Lumen Text to Image: 2 orders');
    expect(text).toContain('In progress now: 0');

    await ru.sendCommand('stats');
    const russian = await ru.waitForMessage(/Статистика/);
    expect(russian.text).toContain(`Сегодня: ${money(spent, 'ru')}`);
    expect(russian.text).toContain('1. Lumen Text to Image: 2 заказа');
  });
});

describe('alerts', () => {
  it('low balance: once per drop, not while low, not after a restart, again after a recovery', async () => {
    expect(alertsIn(en, LOW_EN)).toHaveLength(0);
    let seq = stack.emulator.seq();
    stack.simulator.state.setBalance(E2E_API_KEY, '9.99');
    const first = await en.waitForMessage(LOW_EN, { after: seq, timeoutMs: 15_000 });
    expect(first.text).toContain(`${money('9.99', 'en')} (alert threshold ${money('10.00', 'en')})`);
    const russian = await ru.waitForMessage(LOW_RU, { after: seq, timeoutMs: 15_000 });
    expect(russian.text).toContain(money('9.99', 'ru'));

    stack.simulator.state.setBalance(E2E_API_KEY, '5.00');
    await balanceChecks(3);
    await stack.restartBot();
    await balanceChecks(3);
    expect(alertsIn(en, LOW_EN)).toHaveLength(1);
    expect(alertsIn(ru, LOW_RU)).toHaveLength(1);

    stack.simulator.state.setBalance(E2E_API_KEY, '10.00'); // back at the threshold: not low
    await balanceChecks(2);
    seq = stack.emulator.seq();
    stack.simulator.state.setBalance(E2E_API_KEY, '3.00');
    const second = await en.waitForMessage(
      (m) => LOW_EN.test(m.text ?? '') && m.message_id !== first.message_id,
      {
        after: seq,
        timeoutMs: 15_000,
      },
    );
    expect(second.text).toContain(money('3.00', 'en'));
    await balanceChecks(3);
    expect(alertsIn(en, LOW_EN)).toHaveLength(2);
    expect(alertsIn(ru, LOW_RU)).toHaveLength(2);
  });

  it('an order refused for lack of balance tells the admins to top up', async () => {
    stack.simulator.state.setBalance(E2E_API_KEY, '0.00');
    const user = stack.emulator.createUser({ first_name: 'Gus', language_code: 'en' });
    await placeLumen(user, 'A castle made of sand');
    const seq = stack.emulator.seq();
    await user.pressButton(/^✅ Confirm/);
    await user.waitForMessage(/can't accept orders right now/, { after: seq });
    const alert = await en.waitForMessage(/An order was refused/, { after: seq, timeoutMs: 15_000 });
    expect(alert.text).toContain('Lumen Text to Image');
    await ru.waitForMessage(/Заказ отклонён: на счёте Reseller не хватает денег/, {
      after: seq,
      timeoutMs: 15_000,
    });
    // The low-balance alert was already standing: no new one.
    expect(alertsIn(en, LOW_EN)).toHaveLength(2);
    stack.simulator.state.setBalance(E2E_API_KEY, '100.00');
  });

  it('a rejected API key alerts every admin once, whatever keeps failing', async () => {
    const seq = stack.emulator.seq();
    stack.simulator.faults.add({
      method: 'GET',
      path: '/balance',
      times: 5,
      action: { kind: 'status', status: 401, code: 'unauthorized' },
    });
    const alert = await en.waitForMessage(/rejects the API key/, { after: seq, timeoutMs: 15_000 });
    expect(alert.text).toContain('RESELLER_API_KEY');
    expect(alert.text).not.toContain(E2E_API_KEY);
    await ru.waitForMessage(/Reseller API не принимает API-ключ/, { after: seq, timeoutMs: 15_000 });
    await expect.poll(() => stack.simulator.faults.pending, { timeout: 15_000 }).toBe(0);
    await balanceChecks(2);
    expect(alertsIn(en, /rejects the API key/)).toHaveLength(1);
    expect(alertsIn(ru, /не принимает API-ключ/)).toHaveLength(1);

    await en.sendCommand('balance');
    await en.waitForMessage(new RegExp(`Reseller API balance: \\${money('100.00', 'en')}`));
  });

  it('a blocked admin gets nothing and breaks nothing', () => {
    expect(blocked.messages()).toEqual([]);
    const refused = stack.emulator
      .callsTo('sendMessage')
      .filter((c) => String(c.params.chat_id) === String(ADMIN_BLOCKED));
    expect(refused.length).toBeGreaterThanOrEqual(3);
    expect(refused.every((c) => !c.ok)).toBe(true);
  });

  it('broke no Telegram rule, answered every button and never logged the API key', () => {
    expect(stack.emulator.problems).toEqual([]);
    expect(stack.emulator.unansweredCallbackQueries()).toEqual([]);
    expect(stack.bot.lines.join('\n')).not.toContain(E2E_API_KEY);
  });
});
