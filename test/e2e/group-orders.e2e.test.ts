/**
 * Orders in a group end to end (issue 42): the real bot process with BILLING=stars and GROUPS=on,
 * on the emulator's groups (privacy mode on) and the simulator, on the run's engine.
 * - The caller's card is shown to them alone (ephemeral); nobody else sees it.
 * - Where the chat cannot show an ephemeral message, everyone sees the card: a bystander's Confirm
 *   is told whose order it is and charges nobody; the caller's Confirm pays from the caller's
 *   wallet, a status message follows it in the group, and the result is posted there for everyone,
 *   named for the caller, with a way to the bot.
 * - A blocked description asked for in a group is refused to the caller and never priced.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyStars } from '../support/e2e/flows.js';
import { STARS_STACK_ENV, type Stack, startStack } from '../support/e2e/stack.js';
import type { ScriptedUser } from '../support/telegram/emulator.js';

const ADMIN = 900_301;
let stack: Stack;
let admin: ScriptedUser;

beforeAll(async () => {
  stack = await startStack({ env: { ...STARS_STACK_ENV, GROUPS: 'on', ADMIN_IDS: String(ADMIN) } });
  admin = stack.emulator.createUser({ id: ADMIN, first_name: 'Ada', language_code: 'en' });
});
afterAll(async () => {
  await stack?.close();
});

const balance = async (user: ScriptedUser) => {
  const [row] = await stack.database.query<{ n: number | string }>`
    select coalesce(sum(delta), 0) as n from wallet_entries where user_id = ${user.id}`;
  return Number(row?.n ?? 0);
};

function friends(title: string) {
  const ann = stack.emulator.createUser({ first_name: 'Ann', language_code: 'en' });
  const bob = stack.emulator.createUser({ first_name: 'Bob', language_code: 'en' });
  const group = stack.emulator.createGroup({ title, type: 'supergroup', members: [ann, bob] });
  return { ann, bob, group };
}

describe('orders in a group', () => {
  it("shows the caller's card to the caller alone", async () => {
    const { ann, bob, group } = friends('Card');
    await group.waitForMessage(/Anyone here can ask/);
    await group.as(ann).sendCommand('generate', 'a lighthouse at dawn');
    const card = await group.as(ann).waitForMessage(/Lumen Text to Image/);
    expect(card.ephemeral_message_id).toBeGreaterThan(0);
    expect(card.text).toContain('“a lighthouse at dawn”');
    expect(card.buttons.map((b) => b.text)).toEqual([
      '✅ Confirm · ⭐\u00a04',
      '🔄 Another model',
      '✖️ Cancel',
    ]);
    expect(group.messages().some((m) => m.text?.includes('Lumen'))).toBe(false);
    expect(
      group
        .as(bob)
        .messages()
        .some((m) => m.text?.includes('Lumen')),
    ).toBe(false);
  });

  it("racing the caller, a bystander's Confirm charges nobody; the caller's pays and the result is posted for all", async () => {
    const { ann, bob, group } = friends('Friends');
    await group.waitForMessage(/Anyone here can ask/);
    await buyStars(ann, /➕ ⭐\u00a050/, () => stack.emulator.seq());
    group.setEphemeralSupport(false);
    await group.as(ann).sendCommand('generate', 'a red fox in the snow');
    const card = await group.waitForMessage(/Lumen Text to Image/);

    // Both press at once: only the caller's press counts.
    const [bystander] = await Promise.all([
      group.as(bob).pressButton(/Confirm/, { message: card }),
      group.as(ann).pressButton(/Confirm/, { message: card }),
    ]);
    expect(bystander.text).toBe(
      "This is Ann's order: only they can use these buttons. Ask for your own with /generate.",
    );
    const result = await group.waitForMessage((m) => m.kind === 'photo', { timeoutMs: 20_000 });
    expect(result.caption).toContain('🎨 For Ann');
    expect(result.buttons.map((b) => b.text)).toEqual(['✨ Make your own', '⚠️ Report']);
    const status = group.messages().find((m) => m.text?.startsWith('🎨 For Ann'));
    expect(status?.buttons).toEqual([]);

    await stack.settled();
    expect(await balance(ann)).toBe(46);
    expect(await balance(bob)).toBe(0);
    const orders = await stack.database.query<{ chat_id: number | string; user_id: number | string }>`
      select chat_id, user_id from orders where user_id = ${ann.id}`;
    expect(orders.map((o) => [Number(o.chat_id), Number(o.user_id)])).toEqual([[group.chatId, ann.id]]);

    // Ann's /orders lists it with the group it was made in; its details have only Back.
    let after = stack.emulator.seq();
    await ann.sendCommand('orders');
    const list = await ann.waitForMessage(/Your orders/, { after });
    expect(list.text).toMatch(/Lumen Text to Image .* · 👥 Friends/);
    after = stack.emulator.seq();
    await ann.pressButton(/^1\. /);
    const details = await ann.waitForMessage(/Made in the group Friends/, { after });
    expect(details.buttons.map((b) => b.text)).toEqual(['◀️ Back']);
  });

  it('refuses a blocked description to its caller, never priced', async () => {
    const after = stack.emulator.seq();
    await admin.sendCommand('rules', 'add gore');
    await admin.waitForMessage(/Blocked: gore/, { after });
    const { ann, group } = friends('Rules');
    await group.waitForMessage(/Anyone here can ask/);
    await group.as(ann).sendCommand('generate', 'a gore scene');
    const refused = await group.as(ann).waitForMessage(/can't be used/);
    expect(refused.text).toContain('goes against the rules');
    const drafts = await stack.database.query`select id from orders where user_id = ${ann.id}`;
    expect(drafts).toEqual([]);
  });

  it('a member reports a posted result once; an admin removes the post, audited, and /stats counts it', async () => {
    await admin.sendCommand('start');
    const { ann, bob, group } = friends('Reported');
    await group.waitForMessage(/Anyone here can ask/);
    await buyStars(ann, /➕ ⭐\u00a050/, () => stack.emulator.seq());
    await group.as(ann).sendCommand('generate', 'a harbour at night');
    await group.as(ann).waitForMessage(/Lumen Text to Image/);
    await group.as(ann).pressButton(/Confirm/);
    const result = await group.waitForMessage((m) => m.kind === 'photo', { timeoutMs: 20_000 });
    expect(result.buttons.map((b) => b.text)).toEqual(['✨ Make your own', '⚠️ Report']);

    const after = stack.emulator.seq();
    expect((await group.as(bob).pressButton(/Report/, { message: result })).text).toBe(
      'Thanks: the admins will look at it.',
    );
    expect((await group.as(bob).pressButton(/Report/, { message: result })).text).toBe(
      "You've already reported this.",
    );
    const notice = await admin.waitForMessage(/Report #/, { after });
    expect(notice.text).toContain('Reported');
    expect(notice.text).toContain(`Owner: Ann (${ann.id}) · Lumen Text to Image`);
    expect(notice.text).toContain('“a harbour at night”');
    expect(admin.messages().filter((m) => m.text?.includes('Report #'))).toHaveLength(1);

    await admin.pressButton(/Remove the post/, { messageId: notice.message_id });
    await admin.waitForMessage(/The post was removed/, { after });
    expect(group.messages().some((m) => m.message_id === result.message_id)).toBe(false);
    const audit = await stack.database.query<{ action: string; target_user_id: number | string }>`
      select action, target_user_id from audit_log where action like 'report_%'`;
    expect(audit.map((a) => [a.action, Number(a.target_user_id)])).toEqual([['report_removed', ann.id]]);

    const statsAfter = stack.emulator.seq();
    await admin.sendCommand('stats');
    expect((await admin.waitForMessage(/Statistics/, { after: statsAfter })).text).toContain(
      '⚠️ Reports from groups, last 30 days: 1; waiting: 0',
    );
  });

  it("keeps to the group's daily cap, also for a card confirmed after the cap was reached", async () => {
    const ann = stack.emulator.createUser({ first_name: 'Ann', language_code: 'en' });
    const group = stack.emulator.createGroup({ title: 'Capped', type: 'supergroup', members: [ann, admin] });
    await group.waitForMessage(/Anyone here can ask/);
    await group.as(admin).sendCommand('group', 'cap 1');
    await group.waitForMessage(/daily cap: 1/);
    await buyStars(ann, /➕ ⭐\u00a050/, () => stack.emulator.seq());

    // Two cards open at once; the first confirmed uses the day's one generation.
    await group.as(ann).sendCommand('generate', 'first of two');
    const first = await group.as(ann).waitForMessage(/first of two/);
    await group.as(ann).sendCommand('generate', 'second of two');
    const second = await group.as(ann).waitForMessage(/second of two/);
    await group.as(ann).pressButton(/Confirm/, { message: first });
    await group.waitForMessage(/For Ann/);
    await group.as(ann).pressButton(/Confirm/, { message: second });
    await group.as(ann).waitForMessage(/daily limit of generations \(1\)/);
    await group.as(ann).sendCommand('generate', 'a third one');
    await group.as(ann).waitForMessage(/daily limit of generations \(1\)/);
    await stack.settled();
    const sent = stack.simulator.state.listOrders().filter((o) => /of two|third one/.test(o.prompt ?? ''));
    expect(sent.map((o) => o.prompt)).toEqual(['first of two']);
  });
});
