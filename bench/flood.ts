/**
 * Busy chats against payments and newcomers (issue 22 D13): N chats flood the real bot (SQLite,
 * polling) with plain messages, each at a user's fast pace (one a second), through the emulator's
 * flood limits (one message a second per chat, 30 a second per bot: the bot cannot answer them
 * all). During the flood, Stars checkouts are paid one after another and newcomers send /start.
 * Prints the checkout answer time (pre_checkout_query -> answerPreCheckoutQuery) p50/p99/max and
 * the newcomers' /start -> greeting latency, for 100 and 1,000 flooding chats, with its two parts:
 * waiting for the bot to fetch the update (getUpdates), and from fetched to greeted (the bot's own).
 * Goal: checkout p99 < 1 s and newcomer p99 < 2 s at 1,000 chats. The harness (emulator, users)
 * runs in this process: near 100% of a core it cannot deliver the flood on time, and the figures
 * measure the harness as much as the bot.
 *
 *   npx tsx bench/flood.ts [seconds=30] [chats=100,1000]
 */
import { startSimulator } from '../src/simulator/server.js';
import { createDatabase } from '../test/support/database-factory.js';
import { BotProcess } from '../test/support/e2e/bot-process.js';
import { type BotMessage, startTelegramEmulator } from '../test/support/telegram/emulator.js';
import { cpuOf, machineBusySeconds } from './support/cpu.js';
import { API_KEY, percentile } from './support/upstream.js';

const SECONDS = Number(process.argv[2] ?? 30);
const SIZES = (process.argv[3] ?? '100,1000').split(',').map(Number);
const CHECKOUTS = 20;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function flood(chats: number) {
  const emulator = await startTelegramEmulator({ floodLimits: true });
  const upstream = await startSimulator({
    accounts: [{ key: API_KEY, balance_usd: '100.00', deposit_usd: '100.00' }],
  });
  const database = await createDatabase('sqlite');
  const bot = await BotProcess.start({
    env: {
      BOT_TOKEN: emulator.token,
      TELEGRAM_API_ROOT: emulator.apiRoot,
      RESELLER_API_URL: upstream.baseUrl,
      RESELLER_API_KEY: API_KEY,
      ...database.env,
      BILLING: 'stars',
      STARS_PER_USD: '77',
      TOPUP_PACKS_STARS: '10,50,100',
      SUPPORT_CONTACT: '@flood_support',
      LOG_LEVEL: 'info',
    },
    startTimeoutMs: 60_000,
  });
  // Buyers with an invoice in hand, before the flood.
  const buyers: Array<{ pay(): Promise<number> }> = [];
  for (let i = 0; i < CHECKOUTS; i++) {
    const user = emulator.createUser({ language_code: 'en' });
    await user.sendCommand('wallet');
    await user.waitForMessage(/Choose how many Stars/);
    const after = emulator.seq();
    await user.pressButton(/50/);
    const invoice: BotMessage = await user.waitForMessage((m) => m.kind === 'invoice', { after });
    buyers.push({
      pay: async () => {
        const started = performance.now();
        pushed++; // the pre_checkout_query
        const outcome = await user.payInvoice(invoice);
        if (outcome.ok) pushed++; // the successful_payment
        if (!outcome.ok) {
          console.log(
            `checkout failed: ${outcome.reason} ${outcome.errorMessage ?? ''} after ${((performance.now() - started) / 1000).toFixed(1)} s`,
          );
          return Number.POSITIVE_INFINITY;
        }
        return performance.now() - started;
      },
    });
  }
  // How far behind the bot fetches updates (getUpdates `offset`: every id below it is stored): the
  // newcomer's /start waits behind the flood's messages in Telegram's queue before any send order
  // can help it. Ids are counted from the first update after the set-up (about: ± a few).
  let offset = 0;
  const fetchWaiters = new Set<{ id: number; done: (at: number) => void }>();
  emulator.observeCalls((method, params) => {
    if (method !== 'getUpdates' || typeof params.offset !== 'number') return;
    offset = params.offset;
    for (const w of fetchWaiters) {
      if (w.id >= offset) continue;
      fetchWaiters.delete(w);
      w.done(performance.now());
    }
  });
  const probe = emulator.createUser({ language_code: 'en', first_name: 'Probe' });
  await probe.sendCommand('start');
  await probe.waitForMessage(/Hi, Probe!/);
  await sleep(500); // the bot asks for the next update: `offset` is the next id
  const firstId = offset;
  let pushed = 0;
  const fetchedAt = (id: number) => new Promise<number>((done) => fetchWaiters.add({ id, done }));
  const fetchMs: number[] = [];
  const flooders = Array.from({ length: chats }, () => emulator.createUser({ language_code: 'en' }));
  let flooding = true;
  const cpu0 = { bot: cpuOf([bot.pid]), harness: cpuOf([process.pid]), all: machineBusySeconds() };
  const started = performance.now();
  // Each flooder: one message a second, starting at a random moment of the first second.
  const floodDone = Promise.all(
    flooders.map(async (user, i) => {
      await sleep((i * 1000) / chats);
      for (let k = 0; flooding; k++) {
        pushed++;
        void user.sendText(`spam ${k}`);
        await sleep(1000);
      }
    }),
  );
  await sleep(3_000); // the backlog builds up
  const checkoutMs: number[] = [];
  const newcomerMs: number[] = [];
  const inBotMs: number[] = [];
  const checkouts = (async () => {
    for (const buyer of buyers) {
      checkoutMs.push(await buyer.pay());
      await sleep(((SECONDS - 5) * 1000) / CHECKOUTS);
    }
  })();
  const newcomers = (async () => {
    const waits: Promise<void>[] = [];
    while (performance.now() - started < SECONDS * 1000) {
      const user = emulator.createUser({ language_code: 'en', first_name: 'Newt' });
      const after = emulator.seq();
      const t0 = performance.now();
      const id = firstId + pushed++;
      const fetched = fetchedAt(id).then((at) => {
        fetchMs.push(at - t0);
        return at;
      });
      await user.sendCommand('start');
      waits.push(
        user.waitForMessage(/Hi, Newt!/, { after, timeoutMs: 120_000 }).then(
          async () => {
            const greeted = performance.now();
            newcomerMs.push(greeted - t0);
            // The bot's own part, from fetching the update to the greeting (its store, claim,
            // handler and the send budget): what the machine's load on polling does not blur.
            inBotMs.push(greeted - (await fetched));
          },
          () => void newcomerMs.push(Number.POSITIVE_INFINITY),
        ),
      );
      await sleep(1000);
    }
    await Promise.all(waits);
  })();
  await checkouts;
  await newcomers;
  flooding = false;
  await floodDone;
  const elapsed = (performance.now() - started) / 1000;
  checkoutMs.sort((a, b) => a - b);
  newcomerMs.sort((a, b) => a - b);
  fetchMs.sort((a, b) => a - b);
  inBotMs.sort((a, b) => a - b);
  emulator.observeCalls(undefined);
  const stats = emulator.floodStats();
  console.log(
    `${String(chats).padStart(5)} flooding chats, ${elapsed.toFixed(0)} s: checkout answered p50 ${fmt(percentile(checkoutMs, 50))},` +
      ` p99 ${fmt(percentile(checkoutMs, 99))}, max ${fmt(checkoutMs.at(-1) ?? 0)} (${checkoutMs.filter(Number.isFinite).length}/${checkoutMs.length} ok);` +
      ` newcomer /start p50 ${fmt(percentile(newcomerMs, 50))}, p99 ${fmt(percentile(newcomerMs, 99))}, max ${fmt(newcomerMs.at(-1) ?? 0)} (${newcomerMs.length}),` +
      ` of which waiting for the bot to fetch it p50 ${fmt(percentile(fetchMs, 50))}, p99 ${fmt(percentile(fetchMs, 99))}` +
      ` and from fetched to greeted p50 ${fmt(percentile(inBotMs, 50))}, p99 ${fmt(percentile(inBotMs, 99))};` +
      ` 429s ${stats.limited}, ignored ${stats.ignored};` +
      ` CPU bot ${(((cpuOf([bot.pid]) - cpu0.bot) / elapsed) * 100).toFixed(0)}%,` +
      ` harness (emulator and users) ${(((cpuOf([process.pid]) - cpu0.harness) / elapsed) * 100).toFixed(0)}%, machine ${(((machineBusySeconds() - cpu0.all) / elapsed) * 100).toFixed(0)}% of one core`,
  );
  await bot.stop();
  await emulator.close();
  await upstream.close();
  await database.drop();
}

for (const chats of SIZES) await flood(chats);
