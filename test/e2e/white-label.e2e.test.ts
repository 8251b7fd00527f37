/**
 * White label end to end (emulator + simulator over HTTP, the real bot process), one stack per
 * concern: the reseller's brand and model selection, a private bot with bans, per-user limits.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/simulator/server.js';
import { confirmOrder, continueToPrice, openModel } from '../support/e2e/flows.js';
import { type Stack, startStack } from '../support/e2e/stack.js';
import type { ScriptedUser } from '../support/telegram/scripted-user.js';

const BRAND = 'Tom & Jerry <AI>';
const SUPPORT = '@reseller_support';

function expectTelegramRulesKept(stack: Stack) {
  expect(stack.emulator.problems).toEqual([]);
  expect(stack.emulator.unansweredCallbackQueries()).toEqual([]);
}

describe('branding and the models offered', () => {
  let stack: Stack;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'brand-e2e-'));
    writeFileSync(
      join(dir, 'en.ftl'),
      'start-welcome = 👋 { $name }, welcome to <b>{ brand-name }</b>! What shall we make today?\n',
    );
    stack = await startStack({
      env: {
        BRAND_NAME: BRAND,
        BRAND_TEXTS_DIR: dir,
        SUPPORT_CONTACT: SUPPORT,
        ALLOWED_MODEL_IDS: '203,204,301,101,202',
        HIDDEN_MODEL_TYPES: 'video',
      },
    });
  });
  afterAll(async () => {
    await stack?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const sentTexts = (user: ScriptedUser) =>
    stack.emulator
      .callsTo('sendMessage')
      .filter((c) => String(c.params.chat_id) === String(user.chatId))
      .map((c) => String(c.params.text));

  it('names the brand, escaped, in /start and /help in English and Russian', async () => {
    const ann = stack.emulator.createUser({ first_name: 'Ann', language_code: 'en' });
    const olga = stack.emulator.createUser({ first_name: 'Оля', language_code: 'ru' });
    let after = stack.emulator.seq();
    await ann.sendCommand('start');
    await olga.sendCommand('start');
    // English uses the reseller's own welcome; Russian keeps ours. Both name the brand.
    const en = await ann.waitForMessage(/welcome to Tom & Jerry <AI>! What shall we make today\?/, { after });
    const ru = await olga.waitForMessage(/Привет, Оля!/, { after });
    expect(ru.text ?? '').toContain(`Это ${BRAND}.`);
    expect(en.buttons.map((b) => b.text)).toContain('🎨 Create');

    after = stack.emulator.seq();
    await ann.sendCommand('help');
    await olga.sendCommand('help');
    const enHelp = await ann.waitForMessage(/how it works/, { after });
    const ruHelp = await olga.waitForMessage(/как это работает/, { after });
    expect(enHelp.text).toMatch(new RegExp(`^${BRAND}: how it works`));
    expect(ruHelp.text).toMatch(new RegExp(`^${BRAND}: как это работает`));
    expect(enHelp.text).toMatch(/💬 Support: @reseller_support$/);
    expect(ruHelp.text).toMatch(/💬 Поддержка: @reseller_support$/);
    // What went over the wire is escaped HTML, and no default brand is left anywhere.
    for (const text of [...sentTexts(ann), ...sentTexts(olga)]) {
      expect(text).toContain('Tom &amp; Jerry &lt;AI&gt;');
      expect(text).not.toContain('AI Studio');
    }
    // The support line goes under help and errors, not under the welcome.
    expect(en.text).not.toContain('Support');
  });

  it('offers only the allowed models, without the hidden types, in the menu and behind forged buttons', async () => {
    const user = stack.emulator.createUser({ first_name: 'Max', language_code: 'en' });
    await user.sendCommand('generate');
    const types = await user.waitForMessage(/What would you like to create/);
    expect(types.buttons.map((b) => b.text)).toEqual(['🖼 Images', '🔍 Upscale', '🏠 Main menu']);
    await user.pressButton('🖼 Images');
    const models = await user.waitForMessage(/choose a model/);
    expect(models.buttons.map((b) => b.text.split(' · ')[0])).toEqual([
      'Lumen Text to Image',
      'Face Swap Studio',
      'Collage Composer',
      '◀️ Back',
    ]);
    // Allowed but of a hidden type (Vega Video, 101), not allowed (Nova Image Edit, 201), hidden type.
    for (const data of ['gm:101', 'gm:201', 'gt:video']) {
      const answer = await user.pressCallbackData(data, models.message_id);
      expect(answer.text, data).toBe("This button isn't active anymore.");
    }
    // The form still works for an offered model.
    await openModel(user, 'image', 'Lumen Text to Image');
    await user.waitForMessage(/Describe what you'd like/);
  });

  it('kept Telegram rules', () => expectTelegramRulesKept(stack));
});

describe('a private bot (ACCESS_MODE=allowlist) with a banned user', () => {
  const ALLOWED = 7001;
  const ADMIN = 7002;
  const BANNED = 7003;
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({
      env: {
        ACCESS_MODE: 'allowlist',
        ALLOWED_USER_IDS: `${ALLOWED},${BANNED}`,
        ADMIN_IDS: String(ADMIN),
        BANNED_USER_IDS: String(BANNED),
        SUPPORT_CONTACT: SUPPORT,
      },
    });
  });
  afterAll(async () => {
    await stack?.close();
  });

  /** Upstream requests a user can cause (the admins' balance monitor polls /balance on its own). */
  const upstreamCalls = () => stack.simulator.requests.filter((r) => r.path !== '/balance').length;

  it('tells a stranger politely, in their language, with the support contact, and serves nothing', async () => {
    const stranger = stack.emulator.createUser({ first_name: 'Eve', language_code: 'en' });
    // The catalog loads itself at start-up; only what comes after counts.
    await stack.bot.waitForLine(/catalog loaded/);
    const before = upstreamCalls();
    await stranger.sendCommand('start');
    const notice = await stranger.waitForMessage(/This is a private bot/);
    expect(notice.text).toMatch(/💬 Support: @reseller_support$/);
    expect(notice.buttons).toEqual([]);

    const seq = stack.emulator.seq();
    await stranger.sendCommand('generate');
    await stranger.waitForMessage(/This is a private bot/, { after: seq });
    const answer = await stranger.pressCallbackData('menu:generate', notice.message_id);
    expect(answer.text).toMatch(/^🔒 This is a private bot/);
    expect(answer.show_alert).toBe(true);
    await stack.settled();
    expect(stranger.transcript()).not.toMatch(/Hi, Eve|What would you like to create/);
    expect(upstreamCalls()).toBe(before);

    const ivan = stack.emulator.createUser({ first_name: 'Иван', language_code: 'ru' });
    await ivan.sendCommand('start');
    const ru = await ivan.waitForMessage(/Это закрытый бот/);
    expect(ru.text).toContain('💬 Поддержка: @reseller_support');
  });

  it('serves an allowed user and an admin', async () => {
    const allowed = stack.emulator.createUser({ id: ALLOWED, first_name: 'Al', language_code: 'en' });
    const admin = stack.emulator.createUser({ id: ADMIN, first_name: 'Ada', language_code: 'en' });
    const after = stack.emulator.seq();
    await allowed.sendCommand('start');
    await admin.sendCommand('start');
    await allowed.waitForMessage(/Hi, Al!/, { after });
    await admin.waitForMessage(/Hi, Ada!/, { after });
    await openModel(allowed, 'image', 'Lumen Text to Image');
    await allowed.waitForMessage(/Describe what you'd like/);
  });

  it('tells a banned user once, even when also allow-listed, and then stays silent', async () => {
    const banned = stack.emulator.createUser({ id: BANNED, first_name: 'Bo', language_code: 'ru' });
    await banned.sendCommand('start');
    await banned.waitForMessage(/Этот бот вам недоступен/);
    await banned.sendCommand('help');
    await banned.sendText('hello?');
    await stack.settled();
    expect(banned.messages()).toHaveLength(1);
    expect(banned.messages()[0]?.text).toContain('💬 Поддержка: @reseller_support');
  });

  it('kept Telegram rules', () => expectTelegramRulesKept(stack));
});

describe('per-user limits (MAX_ACTIVE_ORDERS_PER_USER=1, DAILY_SPEND_PER_USER_USD=0.10)', () => {
  const STAGE_MS = 1_000;
  const clock = new ManualClock(Date.now());
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({
      env: { MAX_ACTIVE_ORDERS_PER_USER: '1', DAILY_SPEND_PER_USER_USD: '0.10' },
      simulator: { clock, orderStageMs: STAGE_MS },
    });
  });
  afterAll(async () => {
    await stack?.close();
  });

  const orderPosts = () =>
    stack.simulator.requests.filter((r) => r.method === 'POST' && r.path === '/orders');

  /** Lumen Text to Image ($0.04) up to its priced summary. */
  async function priceLumen(user: ScriptedUser, prompt: string) {
    await openModel(user, 'image', 'Lumen Text to Image');
    await user.waitForMessage(/Describe what you'd like|Опишите/);
    await user.sendText(prompt);
    await user.waitForMessage(/Settings|Настройки/);
    return continueToPrice(user);
  }

  /** Lets upstream finish every running order and waits until this user has been told. */
  async function finishRunning(user: ScriptedUser) {
    const seq = stack.emulator.seq();
    clock.advance(2 * STAGE_MS);
    await user.waitForMessage(/Done!|Готово!/, { after: seq, timeoutMs: 15_000 });
  }

  it('refuses a second order while the first runs, sends nothing, and places it once the first is done', async () => {
    const user = stack.emulator.createUser({ first_name: 'Ann', language_code: 'en' });
    await priceLumen(user, 'First fox');
    await confirmOrder(user);
    const second = await priceLumen(user, 'Second fox');
    const posts = orderPosts().length;

    const seq = stack.emulator.seq();
    await user.pressButton(/^✅ Confirm/);
    const refused = await user.waitForMessage(/Too many of your generations are running/, { after: seq });
    expect(refused.message_id).toBe(second.message_id);
    expect(refused.text ?? '').toContain('at most 1 at a time');
    expect(refused.text ?? '').toContain('Check your order');
    expect(refused.buttons.some((b) => b.text === '✅ Confirm')).toBe(true);
    await stack.settled();
    expect(orderPosts()).toHaveLength(posts);

    await finishRunning(user);
    await confirmOrder(user);
    expect(orderPosts()).toHaveLength(posts + 1);
    expect(stack.simulator.state.listOrders().filter((o) => o.prompt === 'Second fox')).toHaveLength(1);
    await finishRunning(user);
  });

  it('refuses an order over the daily spend, in Russian, showing what is left', async () => {
    const user = stack.emulator.createUser({ first_name: 'Оля', language_code: 'ru' });
    for (const prompt of ['Лиса 1', 'Лиса 2']) {
      await priceLumen(user, prompt);
      await confirmOrder(user);
      await finishRunning(user);
    }
    await priceLumen(user, 'Лиса 3');
    const posts = orderPosts().length;
    const seq = stack.emulator.seq();
    await user.pressButton(/^✅ Подтвердить/);
    const refused = await user.waitForMessage(/дневной бюджет/, { after: seq });
    expect((refused.text ?? '').replace(/\u00a0/g, ' ')).toContain(
      'Этот заказ обходится боту в 0,04 $, а на ваши генерации сегодня осталось только 0,02 $ (дневной бюджет — 0,10 $).',
    );
    expect(refused.buttons.some((b) => b.text.startsWith('✅ Подтвердить'))).toBe(true);
    await stack.settled();
    expect(orderPosts()).toHaveLength(posts);
  });

  it('kept Telegram rules', () => expectTelegramRulesKept(stack));
});
