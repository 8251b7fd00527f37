/**
 * Promo codes end to end: the real bot process with BILLING=stars on the Telegram emulator. A code
 * with 2 uses is redeemed by two customers once each and refused to a third and to a repeat; the
 * ledger in the bot's database holds exactly the two grants. /promo_batch answers with a CSV
 * document whose codes work.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STARS_STACK_ENV, type Stack, startStack } from '../support/e2e/stack.js';
import type { ScriptedUser } from '../support/telegram/emulator.js';

const ADMIN = 900_101;
let stack: Stack;

beforeAll(async () => {
  stack = await startStack({
    env: {
      ...STARS_STACK_ENV,
      ADMIN_IDS: String(ADMIN),
    },
  });
});
afterAll(async () => {
  await stack?.close();
});

let admin: ScriptedUser | undefined;
function theAdmin(): ScriptedUser {
  admin ??= stack.emulator.createUser({ id: ADMIN, first_name: 'Ada', language_code: 'en' });
  return admin;
}

/** Sends `/promo <code>` and returns the bot's answer. */
async function redeem(user: ScriptedUser, code: string) {
  const after = stack.emulator.seq();
  await user.sendCommand('promo', code);
  return user.waitForMessage(/promo code/i, { after });
}

describe('promo codes', () => {
  it('a code with 2 uses: two customers once each; a third and a repeat are refused', async () => {
    const admin = theAdmin();
    const after = stack.emulator.seq();
    await admin.sendCommand('promo_new', 'duo 15 2');
    expect((await admin.waitForMessage(/created/, { after })).text).toContain('Promo code DUO created');

    const [ann, bob, cat] = ['Ann', 'Bob', 'Cat'].map((first_name) =>
      stack.emulator.createUser({ first_name, language_code: 'en' }),
    );
    expect((await redeem(ann!, 'DUO')).text).toBe(
      '🎉 Promo code accepted: +⭐\u00a015! Your balance: ⭐\u00a015.',
    );
    expect((await redeem(bob!, 'duo')).text).toContain('Your balance: ⭐\u00a015');
    expect((await redeem(cat!, 'Duo')).text).toBe('😕 This promo code has already been used up.');
    expect((await redeem(ann!, 'DUO')).text).toBe(
      "You've already redeemed this promo code: each code works once per person.",
    );

    const entries = await stack.database.query<{ user_id: number | string; delta: number | string }>`
      select user_id, delta from wallet_entries where kind = 'promo' order by id`;
    expect(entries.map((e) => [Number(e.user_id), Number(e.delta)])).toEqual([
      [ann!.id, 15],
      [bob!.id, 15],
    ]);
  });

  it('/promo_batch sends the codes back as a CSV document, and they work', async () => {
    const admin = theAdmin();
    const after = stack.emulator.seq();
    await admin.sendCommand('promo_batch', '3 5 30');
    const doc = await admin.waitForMessage((m) => m.kind === 'document', { after });
    expect(doc.media?.file_name).toBe('promo-codes-3.csv');
    expect(doc.caption).toMatch(/^✅ 3 codes of ⭐\u00a05, one use each, valid until /);
    const lines = (await doc.media!.bytes()).toString('utf8').trim().split('\n');
    expect(lines[0]).toBe('code,stars,expires_at');
    expect(lines).toHaveLength(4);
    const codes = lines.slice(1).map((line) => line.split(',')[0]!);
    for (const code of codes) expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{10}$/);

    const dan = stack.emulator.createUser({ first_name: 'Dan', language_code: 'en' });
    expect((await redeem(dan, codes[0]!.toLowerCase())).text).toContain('Your balance: ⭐\u00a05');
    const eve = stack.emulator.createUser({ first_name: 'Eve', language_code: 'en' });
    expect((await redeem(eve, codes[0]!)).text).toBe('😕 This promo code has already been used up.');
  });
});
