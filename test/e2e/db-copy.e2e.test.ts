/**
 * Moving to PostgreSQL, end to end: a bot that ran orders on SQLite is stopped, copied with
 * `npm run db:copy` into an empty PostgreSQL database, and started there. The order still
 * processing at the copy is delivered once, the finished one is not delivered again, a form in
 * progress goes on where it stopped, promo codes keep their redemptions, and a second copy into the
 * now full database is refused.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeOn } from '../../src/db/index.js';
import { SecretBox } from '../../src/lib/secret-box.js';
import { ManualClock } from '../../src/simulator/server.js';
import { availableEngines, createTestDatabase, type TestDatabase } from '../support/databases.js';
import { confirmOrder, openModel, pricedTextImage } from '../support/e2e/flows.js';
import { waitUntilSettled } from '../support/e2e/handled.js';
import { type Stack, startStack } from '../support/e2e/stack.js';

const REPO_ROOT = resolve(import.meta.dirname, '../..');
/** The bots' tokens go along sealed: the bot on PostgreSQL starts with the same secret. */
const TOKENS_SECRET = 'db-copy-test-secret-0123456789abcdef';

function dbCopy(...args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/db-copy.ts', ...args], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => done({ code, output }));
  });
}

describe.skipIf(!availableEngines().includes('postgres'))('db:copy from SQLite to PostgreSQL', () => {
  const clock = new ManualClock(Date.now());
  let stack: Stack;
  let target: TestDatabase;

  beforeAll(async () => {
    stack = await startStack({ engine: 'sqlite', simulator: { clock } });
    // A new, empty database on the run's server.
    target = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    try {
      await stack?.close();
    } finally {
      await target?.drop();
    }
  });

  it('copies every table, and the bot on PostgreSQL finishes what it had started on SQLite', async () => {
    const user = stack.emulator.createUser({ first_name: 'Mira', language_code: 'en' });
    const photos = () => user.messages().filter((m) => m.mediaType === 'photo');
    // One order delivered on SQLite...
    await pricedTextImage(user, 'A harbour at night');
    await confirmOrder(user);
    clock.advance(60_000);
    await user.waitForMessage((m) => m.mediaType === 'photo', { timeoutMs: 15_000 });
    // ...one still processing upstream when the bot stops...
    await pricedTextImage(user, 'A lighthouse in the fog');
    await confirmOrder(user);
    // ...and a second user in the middle of a form.
    const other = stack.emulator.createUser({ first_name: 'Oskar', language_code: 'en' });
    await openModel(other, 'image', 'Lumen Text to Image');
    await other.waitForMessage(/Describe what you'd like/);
    await stack.bot.stop();
    // A broadcast paused half-way and the audit entry of its start go along.
    const sqliteStore = await stack.database.open();
    const broadcast = await sqliteStore.broadcasts.create({
      createdBy: 1,
      adminChatId: 1,
      locale: 'en',
      content: { kind: 'text', text: 'News', entities: [] },
      audience: { kind: 'all' },
    });
    if (typeof broadcast === 'string') throw new Error(broadcast);
    await sqliteStore.broadcasts.transition(broadcast.id, ['running'], 'paused');
    await sqliteStore.audit.record({
      actorId: 1,
      action: 'broadcast_started',
      details: { id: broadcast.id },
    });
    // The order still processing has been in a status we do not know for a day and was reported.
    const [processing] = await sqliteStore.orders.listActive();
    if (!processing?.upstreamOrderId) throw new Error('no order in flight');
    const { row: unknown } = await sqliteStore.orders.updateFromUpstream(processing.id, {
      id: processing.upstreamOrderId,
      model_id: processing.modelId,
      status: 'processing',
      unknown_status: 'held',
      cost_usd: processing.priceUsd,
      result: [],
      expires_at: null,
    });
    const reported = await sqliteStore.orders.claimUnknownStatusReport(
      processing.id,
      unknown.unknownStatusSince!,
    );
    if (!reported?.unknownStatusReportedAt) throw new Error('the report was not claimed');
    // A promo code redeemed once, and a customer's wrong guess.
    await sqliteStore.promoCodes.create([{ code: 'MOVE', stars: 5, uses: 2, expiresAt: null, createdBy: 1 }]);
    expect((await sqliteStore.promoCodes.redeem('MOVE', 77)).kind).toBe('redeemed');
    await sqliteStore.promoCodes.recordMiss(78, 600_000);
    // Where a customer's upload came from (🔁 Again uploads it again a day later).
    const source = {
      path: 'tmp/copied-upload',
      kind: 'document' as const,
      telegramFileId: 'BQAC-file',
      telegramFileUniqueId: 'uq-file',
      fileName: 'Рисунок.png',
      mimeType: 'image/png',
    };
    await sqliteStore.uploadSources.record(source);
    // A second bot of the deployment (its token sealed), beside the main bot's row.
    const shop = {
      telegramId: 7_000_001,
      username: 'shop_bot',
      tokenSealed: new SecretBox(TOKENS_SECRET).seal('7000001:shop-token'),
      createdBy: 1,
      managed: false,
    };
    const { bot: shopBot } = await sqliteStore.bots.add(shop);
    // The shop bot's own customer: Telegram user 77 again (the promo code's redeemer in the main
    // bot), with a wallet of their own there.
    const shopStore = storeOn(sqliteStore.engine, { bot: shopBot.id });
    await shopStore.users.touch({ id: 77, firstName: 'Shop customer' }, false);
    await shopStore.wallet.book({
      key: 'grant:shop-gift',
      userId: 77,
      kind: 'grant',
      delta: 12,
      stars: 12,
      actorId: 1,
    });
    // Growth (issue 24): Mira's referral code, a campaign, and Oskar brought by both (by hand here).
    await sqliteStore.referrals.codeOf(user.id, () => 'mira-code');
    const campaign = await sqliteStore.campaigns.create({ code: 'spring', name: 'Spring', createdBy: 1 });
    if (!campaign) throw new Error('no campaign');
    await stack.database.execute`update users set referred_by = ${user.id}, campaign_id = ${campaign.id},
      attributed_at = created_at where telegram_id = ${other.id}`;
    await sqliteStore.close();

    const sqlitePath = (stack.database.location as { path: string }).path;
    const postgresUrl = (target.location as { url: string }).url;
    const copy = await dbCopy(sqlitePath, postgresUrl);
    expect(copy.output).toMatch(/orders\s+2 rows/);
    expect(copy.output).toMatch(/conversationStates\s+[1-9]\d* rows/);
    expect(copy.output).toMatch(/broadcastRecipients\s+2 rows/);
    expect(copy.output).toMatch(/promoCodes\s+1 rows/);
    expect(copy.output).toMatch(/promoRedemptions\s+1 rows/);
    expect(copy.output).toMatch(/promoMisses\s+1 rows/);
    expect(copy.output).toMatch(/uploadSources\s+1 rows/);
    expect(copy.output).toMatch(/bots\s+2 rows/);
    expect(copy.code).toBe(0);
    const copied = await target.open();
    expect((await copied.broadcasts.active())?.status).toBe('paused');
    expect(await copied.broadcasts.pending(broadcast.id, 10)).toHaveLength(2);
    // Identity columns continue after the copied ids.
    await copied.audit.record({ actorId: 1, action: 'user_banned', targetUserId: 5 });
    expect((await copied.audit.page(0, 2)).map((e) => e.id)).toEqual([2, 1]);
    const [orders] = await target.query<{ n: string | number }>`select count(*) as n from orders`;
    expect(Number(orders?.n)).toBe(2);
    expect(await copied.orders.find(processing.id)).toMatchObject({
      unknownStatusSince: unknown.unknownStatusSince,
      unknownStatusReportedAt: reported.unknownStatusReportedAt,
    });
    expect((await copied.referrals.findByCode('mira-code'))?.telegramId).toBe(user.id);
    expect(await copied.users.find(other.id)).toMatchObject({ referredBy: user.id, campaignId: campaign.id });
    expect((await copied.users.find(other.id))?.attributedAt).toBeInstanceOf(Date);
    const next = await copied.campaigns.create({ code: 'autumn', name: 'Autumn', createdBy: 1 });
    expect(next?.id).toBe(campaign.id + 1);
    // The bots replace the target's own main-bot row (which knew no name), and the next bot's id
    // follows theirs.
    expect((await copied.bots.list()).map((b) => [b.id, b.username])).toEqual([
      [1, stack.emulator.botUser.username],
      [shopBot.id, 'shop_bot'],
    ]);
    const nextBot = await copied.bots.add({ ...shop, telegramId: 7_000_002, username: 'studio_bot' });
    expect(nextBot.bot.id).toBe(shopBot.id + 1);

    // The code keeps its redemption: the same customer cannot take it twice, another one can.
    expect((await copied.promoCodes.redeem('MOVE', 77)).kind).toBe('already');
    expect((await copied.promoCodes.redeem('MOVE', 79)).kind).toBe('redeemed');
    expect(await copied.promoCodes.misses(78, 600_000)).toBe(1);
    expect(await copied.uploadSources.find([source.path])).toEqual([
      { ...source, botId: 1, createdAt: expect.any(Date) },
    ]);
    // The shop bot's customer stays the shop bot's: their own name and wallet, none of it in the main bot (where 77 has only the promo code's 5).
    const copiedShop = storeOn(copied.engine, { bot: shopBot.id });
    expect((await copiedShop.users.find(77))?.firstName).toBe('Shop customer');
    expect(await copiedShop.wallet.balance(77)).toBe(12);
    expect(await copied.wallet.balance(77)).toBe(5);

    // Into a database that has rows: refused, nothing written.
    const again = await dbCopy(sqlitePath, postgresUrl);
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/refused: the target database is not empty/);

    // DATABASE_URL wins over DATABASE_PATH: the bot now runs on PostgreSQL (and delivers the order
    // reported for its unknown status once upstream finishes it).
    const restartedAt = stack.emulator.seq();
    await stack.restartBot({ ...target.env, BOT_TOKENS_SECRET: TOKENS_SECRET });
    clock.advance(60_000);
    await user.waitForMessage((m) => m.mediaType === 'photo', { after: restartedAt, timeoutMs: 15_000 });
    // The form goes on where it stopped, now read from PostgreSQL.
    await other.sendText('A fox under the aurora');
    await other.waitForMessage(/Settings/);
    // Settled on the database the bot runs on now.
    await waitUntilSettled(stack.emulator, target);
    expect(photos()).toHaveLength(2);
    expect(stack.bot.output()).toContain('"msg":"bot started"');
  });
});
