/**
 * The reminder rules switched live (the control room's Settings), on each engine and on a clock the
 * test moves: the bot's services and sender as the app wires them (createServices: the rules in force
 * are the live settings' over REMINDERS, read at every run). With REMINDERS=off at start, a run asks
 * the store nothing and plans nothing; a rule turned on by an admin is planned and sent by the next
 * run, on the replica that saved it and, after its version check, on another; a rule turned off live
 * plans no more and what it had planned is not sent; with nothing set live, REMINDERS stays in force.
 */
import { InlineKeyboard } from 'grammy';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServices } from '../../src/app/services.js';
import { loadConfig } from '../../src/config.js';
import { type Store, storeOn } from '../../src/db/index.js';
import type { Services } from '../../src/services/index.js';
import { ReminderSender } from '../../src/workers/reminder-sender.js';
import { availableEngines, createTestDatabase, type TestDatabase } from '../support/databases.js';
import { STARS_ENV } from '../support/in-process-helpers.js';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const ADMIN = 9;
const logger = pino({ level: 'silent' });

describe.each(availableEngines())('reminders switched live on %s', (engine) => {
  let database: TestDatabase;
  let store: Store;
  let clock: number;

  beforeEach(async () => {
    clock = Date.UTC(2026, 10, 1, 9);
    database = await createTestDatabase(engine);
    store = await database.open(() => clock);
  });
  afterEach(async () => {
    await database.drop();
  });

  /** A replica of the bot on `on` (the same database), its environment REMINDERS=`reminders`. */
  async function replica(on: Store, reminders: string | undefined): Promise<Services> {
    const config = loadConfig({
      BOT_TOKEN: '123:TEST',
      ...STARS_ENV,
      ADMIN_IDS: String(ADMIN),
      ...(reminders !== undefined && { REMINDERS: reminders }),
    });
    const services = createServices({
      config,
      logger,
      store: on,
      upstream: { baseUrl: 'http://127.0.0.1:9/api/v1', apiKey: 'unused' },
      now: () => clock,
    });
    await services.liveSettings.load();
    return services;
  }

  /** Each method of the reminders' repository the sender calls, by name. */
  function counted(on: Store, calls: string[]): Store['reminders'] {
    const repo = on.reminders;
    return new Proxy(repo, {
      get(target, key) {
        const value = Reflect.get(target, key);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          calls.push(String(key));
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  }

  /** The bot's sender over `services`, as bot-runtime.ts builds it; what it sends goes to `sent`. */
  function senderOf(on: Store, services: Services, sent: number[], calls: string[] = []) {
    return new ReminderSender({
      reminders: counted(on, calls),
      service: services.reminders,
      compose: (due, facts) => ({
        text: `${facts.rule} for ${due.reminder.userId}`,
        keyboard: new InlineKeyboard(),
      }),
      send: async (chatId) => {
        sent.push(chatId);
        return { kind: 'sent' };
      },
      markBlocked: (userId) => on.users.markBlocked(userId),
      broadcastRunning: async () => false,
      rate: 1000,
      intervalMs: 5 * 60_000,
      logger,
      timers: { set: (fn) => setImmediate(fn), clear: () => {} },
      now: () => clock,
    });
  }

  /** A customer given welcome Stars now. */
  async function welcomed(id: number) {
    await store.users.touch({ id, firstName: `C${id}`, languageCode: 'en' }, false);
    await store.wallet.book({ key: `welcome:${id}`, userId: id, kind: 'welcome', delta: 10, stars: 10 });
  }

  const statuses = async (userId: number) => (await store.reminders.of(userId)).map((r) => r.status);

  it('REMINDERS=off: nothing asked, nothing planned; welcome_unused turned on live is planned and sent by the next run, on every replica', async () => {
    const a = await replica(store, 'off');
    const other = storeOn(store.engine, { now: () => clock, bot: 1 });
    const b = await replica(other, 'off');
    const [sentA, sentB, callsA] = [[] as number[], [] as number[], [] as string[]];
    const senderA = senderOf(store, a, sentA, callsA);
    const senderB = senderOf(other, b, sentB);
    await welcomed(51);
    clock += 2 * DAY + HOUR;

    // Every rule off: the run plans nothing, sends nothing and asks the store nothing.
    expect(a.reminders.anyOn()).toBe(false);
    expect(await senderA.runOnce()).toEqual({ sent: 0, skipped: 0, waiting: 0 });
    expect(callsA).toEqual([]);
    expect(await a.reminders.planDue()).toBe(0);
    expect(await statuses(51)).toEqual([]);

    expect(await a.liveSettings.updateGlobal(ADMIN, 0, { reminders: ['welcome_unused'] })).toEqual({
      kind: 'written',
      version: 1,
    });
    // The replica that saved it goes by it at once.
    expect([...a.reminders.rulesInForce()]).toEqual(['welcome_unused']);
    // The other one, once its version check (every 2 s) has seen the new version.
    expect(b.reminders.anyOn()).toBe(false);
    expect(await b.liveSettings.refresh()).toBe(true);
    expect([...b.reminders.rulesInForce()]).toEqual(['welcome_unused']);

    expect(await senderB.runOnce()).toMatchObject({ sent: 1 });
    expect(sentB).toEqual([51]);
    expect(await statuses(51)).toEqual(['sent']);
    // Planned and sent once, by whichever replica runs next.
    expect(await senderA.runOnce()).toMatchObject({ sent: 0 });
    expect(sentA).toEqual([]);
  });

  it('turned off live: the next run plans it no more, and one already planned is not sent', async () => {
    const services = await replica(store, undefined); // REMINDERS' default: welcome_unused among them
    const [sent, calls] = [[] as number[], [] as string[]];
    const sender = senderOf(store, services, sent, calls);
    await welcomed(61);
    clock += DAY;
    await welcomed(62);
    clock += DAY + HOUR;
    // 61's reminder is due now (planned, not sent yet); 62's only tomorrow.
    expect(await services.reminders.planDue()).toBe(1);
    expect(await statuses(61)).toEqual(['due']);

    await services.liveSettings.updateGlobal(ADMIN, 0, { reminders: ['plan_ending', 'quote_unconfirmed'] });
    clock += DAY;
    expect(await services.reminders.planDue()).toBe(0);
    expect(await sender.runOnce()).toMatchObject({ sent: 0, skipped: 1 });
    expect(sent).toEqual([]);
    expect((await store.reminders.of(61)).map((r) => [r.status, r.note])).toEqual([
      ['skipped', 'no longer true'],
    ]);
    expect(await statuses(62)).toEqual([]);

    // Every rule off: never planned nor sent. For two days after its last run with a rule on, the
    // sender still marks what customers did after the last reminders (the growth screen's figures);
    // then it asks the store nothing at all.
    await services.liveSettings.updateGlobal(ADMIN, 1, { reminders: [] });
    expect(services.reminders.anyOn()).toBe(false);
    calls.length = 0;
    expect(await sender.runOnce()).toEqual({ sent: 0, skipped: 0, waiting: 0 });
    expect(calls).toEqual(['settleInterrupted', 'markActed']);
    clock += 2 * DAY + HOUR;
    calls.length = 0;
    expect(await sender.runOnce()).toEqual({ sent: 0, skipped: 0, waiting: 0 });
    expect(calls).toEqual([]);
    expect(await statuses(62)).toEqual([]);
    expect(sent).toEqual([]);
  });

  it('nothing set live (null): REMINDERS stays in force, also after another setting was saved', async () => {
    const services = await replica(store, 'welcome_unused');
    const sent: number[] = [];
    const sender = senderOf(store, services, sent);
    await services.liveSettings.updateGlobal(ADMIN, 0, { welcomeStars: 5 });
    expect(services.liveSettings.current().stored.global.reminders).toBeNull();
    expect([...services.reminders.rulesInForce()]).toEqual(['welcome_unused']);
    await welcomed(71);
    clock += 2 * DAY + HOUR;
    expect(await sender.runOnce()).toMatchObject({ sent: 1 });
    expect(sent).toEqual([71]);

    // And with REMINDERS=off and nothing set live, nothing ever goes out.
    const off = await replica(store, 'off');
    expect(off.reminders.anyOn()).toBe(false);
    expect(await off.reminders.planDue()).toBe(0);
  });
});
