/**
 * /wallet <id> as admins use it: the top-up lines carry their charge id (what /refund takes), the
 * customer's own /wallet doesn't; someone who never wrote to the bot is said so, not shown ⭐ 0.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createInProcessBot, type InProcessBot, textMessage } from '../support/in-process-bot.js';
import { STARS_ENV } from '../support/in-process-helpers.js';

const ADMIN = { id: 1, language_code: 'en' };
const CUSTOMER = { id: 70, language_code: 'en' };
const ENV = { ...STARS_ENV, ADMIN_IDS: String(ADMIN.id) };
const TELEGRAM_LIMIT = 4_096;

let harness: InProcessBot;
afterEach(async () => {
  await harness?.close();
});

const lastTextTo = (h: InProcessBot, chatId: number) =>
  String(h.calls.findLast((c) => c.method === 'sendMessage' && c.payload.chat_id === chatId)?.payload.text);

/** `count` top-ups of 5 Stars, each with a long charge id ending in its number. */
async function topups(h: InProcessBot, userId: number, count: number): Promise<string[]> {
  const wallet = h.services.wallet!;
  const charges: string[] = [];
  for (let i = 1; i <= count; i++) {
    const chargeId = `stxA${'x'.repeat(120)}_${i}`;
    const { payload } = await wallet.createTopup(userId, userId, 5, null);
    await wallet.creditPayment({ chargeId, userId, stars: 5, payload });
    charges.push(chargeId);
  }
  return charges;
}

describe('/wallet <user id> for admins', () => {
  it('shows the charge id on top-up lines, within one message; the customer’s own /wallet does not', async () => {
    harness = await createInProcessBot({ env: ENV });
    await harness.send(textMessage(CUSTOMER, '/start'));
    const charges = await topups(harness, CUSTOMER.id, 9);
    await harness.send(textMessage(ADMIN, `/wallet ${CUSTOMER.id}`));
    const admin = lastTextTo(harness, ADMIN.id);
    expect(admin.length).toBeLessThanOrEqual(TELEGRAM_LIMIT);
    const topupLines = admin.split('\n').filter((l) => l.includes('· top-up'));
    expect(topupLines).toHaveLength(8);
    expect(topupLines[0]!.endsWith(` · top-up · <code>${charges.at(-1)}</code>`)).toBe(true);
    for (const charge of charges.slice(1)) expect(admin).toContain(`<code>${charge}</code>`);

    await harness.send(textMessage(CUSTOMER, '/wallet'));
    const own = lastTextTo(harness, CUSTOMER.id);
    expect(own).toContain('· top-up');
    expect(own).not.toContain('stxA');
  });

  it('for someone who never wrote to the bot: says so instead of an empty wallet', async () => {
    harness = await createInProcessBot({ env: ENV });
    await harness.send(textMessage(ADMIN, '/wallet 424242'));
    expect(lastTextTo(harness, ADMIN.id)).toBe('424242 has never messaged this bot.');
  });

  it('/refund without a charge id says where to find one', async () => {
    harness = await createInProcessBot({ env: ENV });
    await harness.send(textMessage(ADMIN, '/refund'));
    expect(lastTextTo(harness, ADMIN.id)).toBe(
      'Usage: <code>/refund &lt;telegram_payment_charge_id&gt;</code>. The charge id is on the top-up lines of <code>/wallet &lt;user id&gt;</code>.',
    );
  });
});
