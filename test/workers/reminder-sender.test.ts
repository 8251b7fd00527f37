/**
 * The reminders (issue 44) on each engine, on a clock the test moves: the store, the rules and the
 * sender are the bot's own, and the messages go over HTTP to the Telegram emulator, which checks
 * them as Telegram would. A plan's Stars are reminded of 3 days and 1 day before its period ends and
 * never after a renewal; an unconfirmed quote once, with a Confirm tied to its price; welcome Stars
 * left unused once; nobody more than once a day; nobody who turned reminders off; a reminder a dead
 * sender left in flight is never sent again while the rest still go; two senders at once send each
 * reminder once.
 */
import { randomUUID } from 'node:crypto';
import { Api } from 'grammy';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Store, storeOn } from '../../src/db/index.js';
import type { ReminderRule } from '../../src/domain/reminders.js';
import type { Timers } from '../../src/lib/timers.js';
import { PromoCodes } from '../../src/services/promo-codes.js';
import { RemindersService } from '../../src/services/reminders.js';
import { outcomeOf } from '../../src/telegram/broadcast-transport.js';
import { createI18n, textsForUser } from '../../src/telegram/i18n.js';
import { reminderMessage } from '../../src/telegram/reminder-message.js';
import { ReminderSender, type ReminderSenderOptions } from '../../src/workers/reminder-sender.js';
import { availableEngines, createTestDatabase, type TestDatabase } from '../support/databases.js';
import { startTelegramEmulator, type TelegramEmulator } from '../support/telegram/emulator.js';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const logger = pino({ level: 'silent' });
const i18n = createI18n('en', undefined, 'stars');
/** The pause between two sends passes at once: nothing here waits for the wall clock. */
const instantTimers: Timers = { set: (fn) => setImmediate(fn), clear: () => {} };

describe.each(availableEngines())('reminders on %s', (engine) => {
  let database: TestDatabase;
  let store: Store;
  let emulator: TelegramEmulator;
  let clock: number;
  let broadcasting = false;

  beforeAll(async () => {
    emulator = await startTelegramEmulator();
  });
  afterAll(async () => {
    await emulator.close();
  });
  beforeEach(async () => {
    broadcasting = false;
    clock = Date.UTC(2026, 10, 1, 9);
    database = await createTestDatabase(engine);
    store = await database.open(() => clock);
  });
  afterEach(async () => {
    await database.drop();
  });

  const api = () => new Api(emulator.token, { apiRoot: emulator.apiRoot });

  /** The bot's reminder rules over `on`, on the test's clock. */
  const serviceOn = (on: Store, rules: readonly ReminderRule[]) =>
    new RemindersService({
      reminders: on.reminders,
      subscriptions: on.subscriptions,
      ledger: on.wallet,
      orders: on.orders,
      rules,
      logger,
      now: () => clock,
    });

  function senderOn(
    on: Store,
    rules: readonly ReminderRule[] = ['plan_ending', 'welcome_unused', 'quote_unconfirmed'],
    enrich?: ReminderSenderOptions['enrich'],
  ) {
    const service = serviceOn(on, rules);
    const telegram = api();
    return new ReminderSender({
      reminders: on.reminders,
      service,
      ...(enrich && { enrich }),
      compose: (due, facts) => reminderMessage(textsForUser(i18n, due.user, 'en'), facts),
      send: async (chatId, message) => {
        try {
          await telegram.sendMessage(chatId, message.text, {
            reply_markup: message.keyboard,
            parse_mode: 'HTML',
          });
          return { kind: 'sent' };
        } catch (err) {
          return outcomeOf(err);
        }
      },
      markBlocked: (userId) => on.users.markBlocked(userId),
      broadcastRunning: async () => broadcasting,
      rate: 25,
      intervalMs: 60_000,
      logger,
      timers: instantTimers,
      now: () => clock,
    });
  }

  /** A customer the bot knows (its chat exists in the emulator too). */
  async function customer(first_name: string) {
    const user = emulator.createUser({ first_name, language_code: 'en' });
    await store.users.touch({ id: user.id, firstName: first_name, languageCode: 'en' }, false);
    return user;
  }

  const texts = (user: { messages(): Array<{ text?: string }> }) => user.messages().map((m) => m.text ?? '');

  async function subscribe(userId: number, chargeId: string, first = true) {
    await store.subscriptions.recordPayment({
      chargeId,
      userId,
      planId: 'pro',
      payload: `s:pro:${userId}`,
      stars: 450,
      allowance: 20,
      expiresAt: new Date(clock + 30 * DAY),
      periodSeconds: 30 * 24 * 3600,
      first,
    });
  }

  it("a plan's Stars: 3 days and 1 day before the end, once each; never after a renewal", async () => {
    const sender = senderOn(store);
    const mira = await customer('Mira');
    const oleh = await customer('Oleh');
    await subscribe(mira.id, 'm1');
    await subscribe(oleh.id, 'o1');
    expect(await sender.runOnce()).toEqual({ sent: 0, skipped: 0, waiting: 0 });

    clock += 27 * DAY + HOUR; // 2 days 23 hours left
    // A broadcast is going out: the reminders wait for the next run.
    broadcasting = true;
    expect(await sender.runOnce()).toMatchObject({ sent: 0 });
    broadcasting = false;
    expect(await sender.runOnce()).toMatchObject({ sent: 2 });
    expect(texts(mira)).toEqual([expect.stringContaining('Your Pro plan still has ⭐\u00a020')]);
    expect(mira.messages()[0]!.buttons.map((b) => b.text)).toEqual([
      '🎨 Create',
      '🔕 No more reminders',
      '🏠 Main menu',
    ]);
    // Again the same day: nothing new.
    clock += 2 * HOUR;
    expect(await sender.runOnce()).toMatchObject({ sent: 0 });

    // Oleh renews before the last day: his period moved on, so no 1-day reminder for him.
    clock += DAY;
    await subscribe(oleh.id, 'o2', false);
    clock += HOUR;
    expect(await sender.runOnce()).toMatchObject({ sent: 0 });
    clock += HOUR * 22; // Mira: under a day left, two days after her first reminder
    expect(await sender.runOnce()).toMatchObject({ sent: 1 });
    expect(texts(mira)).toHaveLength(2);
    expect(texts(oleh)).toHaveLength(1);
    // After the end: nothing more.
    clock += 2 * DAY;
    await sender.runOnce();
    expect(texts(mira)).toHaveLength(2);
    // Oleh renewed within 48 hours of his reminder; Mira neither renewed nor ordered.
    expect(await store.reminders.figures(new Date(clock - 30 * DAY))).toEqual([
      { rule: 'plan_ending', sent: 3, acted: 1 },
    ]);
    expect(emulator.problems).toEqual([]);
  });

  it('an unconfirmed quote: once, 2 hours on, with Confirm tied to its price; not once confirmed or closed', async () => {
    const sender = senderOn(store);
    const ana = await customer('Ana');
    const draft = await store.orders.insertDraft({
      id: randomUUID(),
      chatId: ana.id,
      userId: ana.id,
      locale: 'en',
      modelId: 203,
      modelName: 'Lumen <Text> to Image',
      modelType: 'image',
      request: { model_id: 203, prompt: 'A fox in <snow>' },
      priceUsd: '0.04',
      priceStars: 5,
      idempotencyKey: randomUUID(),
    });
    clock += HOUR;
    expect(await sender.runOnce()).toMatchObject({ sent: 0 });
    clock += HOUR + 1;
    expect(await sender.runOnce()).toMatchObject({ sent: 1 });
    const [reminder] = ana.messages();
    // Upstream's and the customer's text arrive escaped (the emulator parses the HTML as Telegram does).
    expect(reminder!.text).toContain('Your Lumen <Text> to Image order is waiting for your OK, at ⭐\u00a05');
    expect(reminder!.text).toContain('A fox in <snow>');
    expect(reminder!.buttons.map((b) => b.text)).toEqual([
      '✅ Confirm · ⭐\u00a05',
      '✖️ Cancel',
      '🔕 No more reminders',
      '🏠 Main menu',
    ]);
    expect(reminder!.buttons[0]!.callback_data).toMatch(new RegExp(`^o:ok:${draft.id}:`));
    // Ana confirms an hour later: the reminder counts as acted on (the control room's figures).
    clock += HOUR;
    await store.orders.beginSubmission(draft.id, draft.idempotencyKey);
    await store.orders.markSubmitted(draft.id, draft.idempotencyKey, {
      id: 'ord_ana',
      status: 'queued',
      model_id: 203,
      price_usd: '0.04',
      results: [],
    } as never);
    clock += HOUR;
    await sender.runOnce();
    clock += 2 * DAY;
    await sender.runOnce();
    expect(ana.messages()).toHaveLength(1);
    expect(await store.reminders.figures(new Date(clock - 30 * DAY))).toEqual([
      { rule: 'quote_unconfirmed', sent: 1, acted: 1 },
    ]);
  });

  it('welcome Stars unused after 2 days: once; nothing once the customer ordered', async () => {
    const sender = senderOn(store);
    const [lea, max] = [await customer('Lea'), await customer('Max')];
    for (const user of [lea, max])
      await store.wallet.book({
        key: `welcome:${user.id}`,
        userId: user.id,
        kind: 'welcome',
        delta: 10,
        stars: 10,
      });
    // Max orders something the next day.
    clock += DAY;
    const order = await store.orders.insertDraft({
      id: randomUUID(),
      chatId: max.id,
      userId: max.id,
      locale: 'en',
      modelId: 203,
      modelName: 'Lumen',
      modelType: 'image',
      request: { model_id: 203, prompt: 'a fox' },
      priceUsd: '0.04',
      idempotencyKey: 'k-max',
    });
    await store.orders.beginSubmission(order.id, 'k-max');
    clock += DAY + HOUR;
    // The quote rule is off here: only the welcome rule speaks.
    expect(await senderOn(store, ['welcome_unused']).runOnce()).toMatchObject({ sent: 1 });
    expect(texts(lea)).toEqual([expect.stringContaining('Your welcome Stars are waiting: ⭐\u00a010')]);
    expect(max.messages()).toHaveLength(0);
    // Planned once: the next run's query no longer returns her (a run plans at most 500 a rule,
    // so the next ones must reach the customers after those).
    expect(await store.reminders.welcomeUnused(2 * DAY, 7 * DAY, 'welcome:')).toEqual([]);
    await sender.runOnce();
    expect(lea.messages()).toHaveLength(1);
  });

  it('reminders turned off: none, also one already planned; a customer who blocked the bot is marked', async () => {
    const sender = senderOn(store);
    const [off, later, gone] = [await customer('Quiet'), await customer('Later'), await customer('Gone')];
    await store.users.setRemindersOff(off.id, true);
    for (const [i, user] of [off, later, gone].entries()) await subscribe(user.id, `q${i}`);
    gone.block({ silently: true });
    clock += 28 * DAY;
    // Planned for Later, who then turns reminders off (the button under another reminder).
    await senderOn(store, []).runOnce();
    await serviceOn(store, ['plan_ending']).planDue();
    await store.users.setRemindersOff(later.id, true);
    expect(await sender.runOnce()).toMatchObject({ sent: 0, skipped: 2 });
    expect([off, later, gone].map((u) => u.messages().length)).toEqual([0, 0, 0]);
    expect(await store.reminders.of(off.id)).toEqual([]);
    expect((await store.reminders.of(later.id)).map((r) => [r.status, r.note])).toEqual([
      ['skipped', 'reminders off'],
    ]);
    expect((await store.reminders.of(gone.id)).map((r) => r.status)).toEqual(['failed']);
    expect((await store.users.find(gone.id))?.blocked).toBe(true);
    // Marked: left out from now on.
    clock += 2 * DAY;
    await sender.runOnce();
    expect((await store.reminders.of(gone.id)).map((r) => r.status)).toEqual(['failed']);
  });

  it('a reminder left in flight by a dead sender is not sent again; the rest still go, one a day', async () => {
    const sender = senderOn(store);
    const [a, b] = [await customer('Ada'), await customer('Bo')];
    await subscribe(a.id, 'a1');
    await subscribe(b.id, 'b1');
    clock += 28 * DAY;
    // A sender planned both and died right after storing Ada's as going out.
    await senderOn(store, []).runOnce();
    const service = serviceOn(store, ['plan_ending']);
    await service.planDue();
    const [first] = await store.reminders.due();
    expect(await store.reminders.startSending(first!.reminder.key)).toBe(true);

    expect(await sender.runOnce()).toMatchObject({ sent: 1 });
    const inFlight = first!.reminder.userId === a.id ? a : b;
    const other = inFlight === a ? b : a;
    expect(inFlight.messages()).toHaveLength(0);
    expect(other.messages()).toHaveLength(1);
    expect((await store.reminders.of(inFlight.id)).map((r) => r.status)).toEqual(['unconfirmed']);
  });

  it('two senders at once (two replicas on one database) send each reminder once', async () => {
    const replicas = [store, storeOn(store.engine, { now: () => clock, bot: 1 })];
    const users = [await customer('Cy'), await customer('Di'), await customer('Ed')];
    for (const [i, user] of users.entries()) await subscribe(user.id, `c${i}`);
    clock += 28 * DAY;
    await Promise.all(replicas.map((replica) => senderOn(replica).runOnce()));
    for (const user of users) expect(user.messages()).toHaveLength(1);
  });

  it('win-back (when turned on): a payer quiet for 30 days, once, with a one-time gift code that redeems', async () => {
    const promo = new PromoCodes({
      codes: store.promoCodes,
      wallet: { ensureWelcome: async () => false },
      audit: store.audit,
      logger,
      now: () => clock,
    });
    const gift: ReminderSenderOptions['enrich'] = async (facts) =>
      facts.rule === 'win_back'
        ? { ...facts, gift: { ...(await promo.createGift(25, 7)), stars: 25 } }
        : facts;
    const sender = senderOn(store, ['win_back'], gift);
    const [payer, browser] = [await customer('Pat'), await customer('Bea')];
    await subscribe(payer.id, 'p1');
    for (const user of [payer, browser]) {
      const key = `k-${user.id}`;
      const order = await store.orders.insertDraft({
        id: randomUUID(),
        chatId: user.id,
        userId: user.id,
        locale: 'en',
        modelId: 203,
        modelName: 'Lumen',
        modelType: 'image',
        request: { model_id: 203, prompt: 'a fox' },
        priceUsd: '0.04',
        idempotencyKey: key,
      });
      await store.orders.beginSubmission(order.id, key);
    }
    clock += 29 * DAY;
    expect(await sender.runOnce()).toMatchObject({ sent: 0 });
    clock += 2 * DAY;
    // Only the customer who paid before; the one who never paid gets nothing.
    expect(await sender.runOnce()).toMatchObject({ sent: 1 });
    expect(browser.messages()).toHaveLength(0);
    const [message] = payer.messages();
    const code = /code (\w+) adds ⭐\u00a025/.exec(message!.text ?? '')?.[1];
    expect(code).toBeDefined();
    expect(message!.buttons.map((b) => [b.text, b.callback_data])).toContainEqual([
      '🎁 Take the gift',
      `pcr:${code}`,
    ]);
    expect(await store.promoCodes.redeem(code!, payer.id)).toMatchObject({ kind: 'redeemed', stars: 25 });
    clock += DAY;
    await sender.runOnce();
    expect(payer.messages()).toHaveLength(1);
  });
});
