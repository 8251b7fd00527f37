/**
 * Deep links end to end: the real bot process with BILLING=stars and the referral program on
 * (bonus ⭐ 10, 10 %), the Telegram emulator taking payments. A invites B; B's top-up of 50 (its
 * successful_payment delivered twice) earns A nothing yet: a top-up can still be refunded whole
 * (issue 38). B's order paid with those Stars, once its picture reached B, gives A bonus + share
 * exactly once. A's own link used by A gives nothing. A campaign link used by 3 new users and 1
 * existing user counts 3 joins in /campaigns.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/simulator/server.js';
import { buyStars, pricedTextImage } from '../support/e2e/flows.js';
import { STARS_STACK_ENV, type Stack, startStack } from '../support/e2e/stack.js';
import type { ScriptedUser } from '../support/telegram/emulator.js';

const ADMIN = 900_101;
let stack: Stack;
const clock = new ManualClock(Date.now());

beforeAll(async () => {
  stack = await startStack({
    simulator: { clock },
    env: {
      ...STARS_STACK_ENV,
      TOPUP_PACKS_STARS: '50,100',
      REFERRAL_BONUS_STARS: '10',
      REFERRAL_PERCENT: '10',
      ADMIN_IDS: String(ADMIN),
    },
  });
});
afterAll(async () => {
  await stack?.close();
});

async function buy(user: ScriptedUser, pack: RegExp) {
  return (await buyStars(user, pack, () => stack.emulator.seq())).paid;
}

async function referralStarsOf(userId: number): Promise<number> {
  const [row] = await stack.database.query<{ n: number | string | null }>`
    select coalesce(sum(delta), 0) as n from wallet_entries where kind = 'referral' and user_id = ${userId}`;
  return Number(row?.n);
}

/** Set by the tests above for the admin's views below. */
const seen: { ann?: ScriptedUser; newcomer?: ScriptedUser; admin?: ScriptedUser } = {};

const rewardNotices = (user: ScriptedUser) =>
  user.messages().filter((m) => /topped up: \+/.test(m.text ?? ''));

describe('referral links', () => {
  it("A invites B: a top-up (delivered twice) earns nothing; B's first delivered order paid with it earns bonus + share once", async () => {
    const alex = stack.emulator.createUser({ first_name: 'Alex', language_code: 'en' });
    await alex.sendCommand('start');
    await alex.waitForMessage(/Main menu|What would you like|Welcome/i);
    let after = stack.emulator.seq();
    await alex.sendCommand('invite');
    const invite = await alex.waitForMessage(/Invite friends/, { after });
    expect(invite.text).toContain('Joined: 0');
    const code = /\?start=r_([A-Za-z0-9_-]+)/.exec(invite.text ?? '')?.[1];
    expect(code).toBeDefined();
    expect(invite.buttons?.flat().some((b) => /Main menu/.test(b.text))).toBe(true);

    // A's own link: A is not new, and never their own referrer.
    await alex.sendCommand('start', `r_${code}`);
    await stack.settled();

    const ann = stack.emulator.createUser({ first_name: 'Ann <b>', language_code: 'en' });
    await ann.sendCommand('start', `r_${code}`);
    await stack.settled();
    seen.ann = ann;

    const paid = await buy(ann, /➕ ⭐\u00a050/);
    stack.emulator.redeliver(paid.updateId);
    await stack.settled();
    await stack.settled();
    // Nothing for a top-up: Ann could still have it refunded whole.
    expect(await referralStarsOf(alex.id)).toBe(0);

    // Lumen Text to Image: 0.04 USD x 1.5 x 77 = 4.62, so 5 paid Stars; bonus 10 + 10 % of 5 (0).
    await pricedTextImage(ann, 'A lighthouse at dawn');
    await ann.pressButton(/^✅ Confirm/);
    await ann.waitForMessage(/Order placed|Generating/);
    clock.advance(60_000);
    await ann.waitForMessage(/Done!/, { timeoutMs: 15_000 });
    await expect.poll(() => referralStarsOf(alex.id), { timeout: 15_000 }).toBe(10);
    expect(await referralStarsOf(ann.id)).toBe(0);
    expect(rewardNotices(alex)).toHaveLength(0);

    after = stack.emulator.seq();
    await alex.sendCommand('invite');
    const stats = await alex.waitForMessage(/Invite friends/, { after });
    expect(stats.text).toContain("Joined: 1 · topped up: 1 · you've earned ⭐\u00a010");
    const [alexRow] = await stack.database.query<{ referred_by: number | null }>`
      select referred_by from users where telegram_id = ${alex.id}`;
    expect(alexRow?.referred_by ?? null).toBeNull();
  });
});

describe('campaign links', () => {
  it('3 new users and 1 existing user through the link: 3 joins', async () => {
    const admin = stack.emulator.createUser({ id: ADMIN, first_name: 'Ada', language_code: 'en' });
    seen.admin = admin;
    let after = stack.emulator.seq();
    await admin.sendCommand('campaign_new', 'Spring <sale>');
    const created = await admin.waitForMessage(/Campaign “Spring <sale>” is ready/, { after });
    const code = /\?start=c_([A-Za-z0-9_-]+)/.exec(created.text ?? '')?.[1];
    expect(code).toBeDefined();

    const existing = stack.emulator.createUser({ first_name: 'Old', language_code: 'en' });
    await existing.sendCommand('start');
    await stack.settled();
    await existing.sendCommand('start', `c_${code}`);
    for (const name of ['N1', 'N2', 'N3']) {
      const user = stack.emulator.createUser({ first_name: name, language_code: 'ru' });
      await user.sendCommand('start', `c_${code}`);
      await stack.settled();
      seen.newcomer = user;
    }
    await stack.settled();

    after = stack.emulator.seq();
    await admin.sendCommand('campaigns');
    const list = await admin.waitForMessage(/Campaigns/, { after });
    expect(list.text).toContain('Spring <sale>: 👤 3 · 🛒 0 · 💳 0 · ⭐\u00a00');

    after = stack.emulator.seq();
    await admin.pressButton(/Spring <sale>/);
    const days = await admin.waitForMessage(/last 30 days/, { after });
    const today = new Date().toISOString().slice(0, 10);
    expect(days.text).toContain(`${today}: 👤 3 · 🛒 0`);
  });
});

describe("the admin's views", () => {
  it('the customer card names the referrer and the campaign; /stats has the referral totals; /audit the campaign', async () => {
    const admin = seen.admin!;
    let after = stack.emulator.seq();
    await admin.sendCommand('user', String(seen.ann!.id));
    expect((await admin.waitForMessage(/Invited by/, { after })).text).toContain('Invited by: Alex (');
    after = stack.emulator.seq();
    await admin.sendCommand('user', String(seen.newcomer!.id));
    expect((await admin.waitForMessage(/Campaign:/, { after })).text).toContain('Campaign: Spring <sale>');
    after = stack.emulator.seq();
    await admin.sendCommand('stats');
    const stats = await admin.waitForMessage(/Statistics/, { after });
    expect(stats.text).toContain(
      'Referrals: 1 customer joined through invites, 1 paid top-up (⭐\u00a050); rewards granted: ⭐\u00a010',
    );
    after = stack.emulator.seq();
    await admin.sendCommand('audit');
    expect((await admin.waitForMessage(/Admin actions/, { after })).text).toMatch(
      /Ada: created campaign #\d+/,
    );
  });
});
