/**
 * Content rules end to end (issue 42): the real bot process on the emulator and the simulator, on
 * the run's engine. An admin blocks words with /rules; a customer's description with one of them is
 * refused in their language before pricing and never reaches the upstream, and the form asks again;
 * the third refusal bans the customer (audited), who is then turned away everywhere until an admin
 * unbans them from /user. /stats counts the refusals and the ban.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { continueToPrice, openModel } from '../support/e2e/flows.js';
import { type Stack, startStack } from '../support/e2e/stack.js';
import type { ScriptedUser } from '../support/telegram/emulator.js';

const ADMIN = 900_201;
let stack: Stack;
let admin: ScriptedUser;

beforeAll(async () => {
  stack = await startStack({ env: { ADMIN_IDS: String(ADMIN) } });
  admin = stack.emulator.createUser({ id: ADMIN, first_name: 'Ada', language_code: 'en' });
});
afterAll(async () => {
  await stack?.close();
});

/** Requests that price or place an order: none may carry a refused description. */
const orderRequests = () =>
  stack.simulator.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/orders')).length;

async function rules(args: string) {
  const after = stack.emulator.seq();
  await admin.sendCommand('rules', args);
  return admin.waitForMessage(/Content rules|Blocked|blocked|isn't/, { after });
}

async function describeAs(user: ScriptedUser, text: string, expected: RegExp) {
  const after = stack.emulator.seq();
  await user.sendText(text);
  return user.waitForMessage(expected, { after });
}

describe('content rules', () => {
  it('refuses a blocked description before pricing, in the customer language, and asks again', async () => {
    expect((await rules('add gore')).text).toContain('✅ Blocked: gore');
    expect((await rules('add ru: кровь*')).text).toContain('🇷🇺 Русский: кровь*');

    // Vega's price is quoted by the upstream: a quote is the first request an order makes.
    const ivan = stack.emulator.createUser({ first_name: 'Ivan', language_code: 'ru' });
    await openModel(ivan, 'video', 'Vega Video 2 Pro');
    await ivan.waitForMessage(/Опишите/);
    const before = orderRequests();
    const refused = await describeAs(ivan, 'Кровавый закат и GORE', /нельзя использовать/);
    expect(refused.text).toBe(
      '🚫 Это описание нельзя использовать: оно нарушает правила AI Studio. Опишите, пожалуйста, что-нибудь другое.',
    );
    // The form is still waiting for a description: a clean one goes on, and is quoted.
    await describeAs(ivan, 'Закат над морем', /Фото/);
    await ivan.pressButton(/Пропустить/);
    await ivan.waitForMessage(/Видео/);
    await ivan.pressButton(/Пропустить/);
    await ivan.waitForMessage(/Настройки/);
    expect(orderRequests()).toBe(before);
    await continueToPrice(ivan);
    expect(orderRequests()).toBe(before + 1);
  });

  it('bans on the third refusal, audited; the customer is turned away until an admin unbans them', async () => {
    const mia = stack.emulator.createUser({ first_name: 'Mia', language_code: 'en' });
    await openModel(mia, 'video', 'Vega Video 2 Pro');
    await mia.waitForMessage(/Describe what you'd like/);
    const before = orderRequests();
    await describeAs(mia, 'gore one', /can't be used/);
    const second = await describeAs(mia, 'gore two', /can't be used/);
    expect(second.text).toContain(
      '⚠️ One more description like this, and your access to AI Studio will be suspended.',
    );
    const third = await describeAs(mia, 'gore three', /suspended/);
    expect(third.text).toBe(
      '⛔️ Your access to AI Studio has been suspended: several of your descriptions went against its rules.',
    );
    expect(orderRequests()).toBe(before);

    let after = stack.emulator.seq();
    await mia.sendCommand('start');
    expect((await mia.waitForMessage(/isn't available/, { after })).text).toBe(
      "⛔️ This bot isn't available to you.",
    );
    const audit = await stack.database.query<{ actor_id: number | string; target_user_id: number | string }>`
      select actor_id, target_user_id from audit_log where action = 'user_auto_banned'`;
    expect(audit.map((a) => Number(a.target_user_id))).toEqual([mia.id]);

    after = stack.emulator.seq();
    await admin.sendCommand('stats');
    expect((await admin.waitForMessage(/Refused descriptions/, { after })).text).toContain(
      '🚫 Refused descriptions, last 30 days: 4; automatic bans: 1',
    );

    after = stack.emulator.seq();
    await admin.sendCommand('user', String(mia.id));
    await admin.waitForMessage(/Banned since/, { after });
    await admin.pressButton(/Unban/);
    await admin.waitForMessage(/Status: active/, { after });
    after = stack.emulator.seq();
    await mia.sendCommand('start');
    await mia.waitForMessage(/Welcome/, { after });
  });

  it('takes a word back with /rules remove: the description goes through', async () => {
    expect((await rules('remove gore')).text).toContain('✅ No longer blocked: gore');
    expect((await rules('remove gore')).text).toBe("“gore” isn't in the lists: nothing to remove.");
    const leo = stack.emulator.createUser({ first_name: 'Leo', language_code: 'en' });
    await openModel(leo, 'image', 'Lumen Text to Image');
    await leo.waitForMessage(/Describe what you'd like/);
    await describeAs(leo, 'gore, but allowed now', /Settings/);
  });
});
