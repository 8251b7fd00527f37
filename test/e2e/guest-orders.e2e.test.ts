/**
 * Guest mode end to end (issue 42): the real bot process with BILLING=stars and GUEST_MODE=on, on
 * the emulator (guest mode switched on in @BotFather) and the simulator, on the run's engine. The
 * bot is summoned as `@bot <description>` in two users' private chat, where it is no member.
 * - Someone the bot cannot write to yet gets a card that opens the bot, and no order.
 * - The caller's card is posted for both; a bystander's Confirm is told whose order it is and charges
 *   nobody; the caller's Confirm pays from the caller's wallet, the card follows the order and is
 *   replaced by the result (with a way to the bot and ⚠️ Report), and the caller also has the result
 *   in their private chat with its buttons.
 * - A failed generation turns the card into a sentence saying the Stars came back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAIL_MARKER } from '../../src/simulator/orders.js';
import { buyStars } from '../support/e2e/flows.js';
import { STARS_STACK_ENV, type Stack, startStack } from '../support/e2e/stack.js';
import type { ScriptedUser } from '../support/telegram/emulator.js';

const ADMIN = 900_411;
let stack: Stack;
let admin: ScriptedUser;

beforeAll(async () => {
  stack = await startStack({
    env: { ...STARS_STACK_ENV, GUEST_MODE: 'on', ADMIN_IDS: String(ADMIN) },
    emulator: { guestMode: true },
  });
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

function friends() {
  const ann = stack.emulator.createUser({ first_name: 'Ann', language_code: 'en' });
  const bob = stack.emulator.createUser({ first_name: 'Bob', language_code: 'en' });
  return { ann, bob, chat: stack.emulator.privateChatBetween(ann, bob) };
}

describe('guest mode', () => {
  it('offers the bot to someone it cannot write to yet, and makes no order', async () => {
    const { bob, chat } = friends();
    const ask = await chat.as(bob).askGuest('a lighthouse at dawn');
    expect(ask.update).toBe('guest_message');
    const card = await ask.answer();
    expect(card.text).toBe(
      '👋 Bob, to order here, open AI Studio once: your wallet lives there. Then ask again in this chat.',
    );
    expect(card.buttons).toEqual([
      expect.objectContaining({
        text: 'Open AI Studio',
        url: `https://t.me/${stack.emulator.botUser.username}?start=guest`,
      }),
    ]);
    expect(await stack.database.query`select id from orders where user_id = ${bob.id}`).toEqual([]);
  });

  it("a bystander's Confirm charges nobody; the caller's pays, and the card becomes the result", async () => {
    const { ann, bob, chat } = friends();
    await buyStars(ann, /➕ ⭐\u00a050/, () => stack.emulator.seq());
    const card = await (await chat.as(ann).askGuest('a red fox in the snow')).answer();
    expect(card.text).toContain('Lumen Text to Image');
    expect(card.text).toContain('“a red fox in the snow”');
    expect(card.buttons.map((b) => b.text)).toEqual([
      '✅ Confirm · ⭐\u00a04',
      '🔄 Another model',
      '✖️ Cancel',
    ]);
    // Everyone in the chat sees the card.
    expect(
      chat
        .as(bob)
        .messages()
        .some((m) => m.text?.includes('a red fox')),
    ).toBe(true);

    const bystander = await chat.as(bob).pressButton(/Confirm/, { message: card });
    expect(bystander.text).toBe(
      `This is Ann's order: only they can use these buttons. Ask for your own: @${stack.emulator.botUser.username} and what to create.`,
    );
    expect(await balance(bob)).toBe(0);

    const after = stack.emulator.seq();
    await chat.as(ann).pressButton(/Confirm/, { message: card });
    const result = await chat.waitForMessage((m) => m.kind === 'photo', { timeoutMs: 20_000, after: 0 });
    expect(result.caption).toContain('🎨 For Ann');
    expect(result.caption).toContain('a red fox in the snow');
    expect(result.buttons.map((b) => b.text)).toEqual(['✨ Make your own', '⚠️ Report']);
    // Make your own is Ann's referral link (the referral program runs with Stars billing).
    const [code] = await stack.database.query<{ referral_code: string | null }>`
      select referral_code from users where telegram_id = ${ann.id}`;
    expect(code?.referral_code).toBeTruthy();
    expect(result.buttons[0]?.url).toBe(
      `https://t.me/${stack.emulator.botUser.username}?start=r_${code?.referral_code}`,
    );
    // The same message, edited: the chat holds one message from the bot.
    expect(chat.messages()).toHaveLength(1);

    // Ann's own copy, with the buttons that are hers.
    const own = await ann.waitForMessage((m) => m.kind === 'photo', { after });
    expect(own.kind).toBe('photo');
    await stack.settled();
    expect(await balance(ann)).toBe(46);
    expect(await balance(bob)).toBe(0);
    const orders = await stack.database.query<{ chat_id: number | string; inline_message_id: string | null }>`
      select chat_id, inline_message_id from orders where user_id = ${ann.id} and stage = 'submitted'`;
    expect(orders.map((o) => Number(o.chat_id))).toEqual([ann.id]);
    expect(orders[0]?.inline_message_id).toBeTruthy();
  });

  it('🔄 Another model prices the same description on the next model, on the same card; ✖️ Cancel ends it', async () => {
    const { ann, chat } = friends();
    await ann.sendCommand('start');
    await ann.waitForMessage(/Main menu|Welcome/);
    const card = await (await chat.as(ann).askGuest('a paper boat')).answer();
    expect(card.text).toContain('Lumen Text to Image');
    await chat.as(ann).pressButton(/Another model/, { message: card });
    const next = await chat.waitForMessage((m) => m.editCount > 0 && !m.text?.includes('Lumen'), {
      after: 0,
    });
    expect(next.inline_message_id).toBe(card.inline_message_id);
    expect(next.text).toContain('“a paper boat”');
    await chat.as(ann).pressButton(/Cancel/, { message: next });
    await chat.waitForMessage(/cancelled/i, { after: 0 });
    const rows = await stack.database.query<{ stage: string; inline_message_id: string | null }>`
      select stage, inline_message_id from orders where user_id = ${ann.id} order by created_at`;
    expect(rows.map((r) => r.stage)).toEqual(['abandoned', 'abandoned']);
    expect(rows.every((r) => r.inline_message_id === card.inline_message_id)).toBe(true);
  });

  it("a caller short of Stars tops up through the card's link and confirms on the card", async () => {
    const { ann, chat } = friends();
    await ann.sendCommand('start');
    await ann.waitForMessage(/Main menu|Welcome/);
    const card = await (await chat.as(ann).askGuest('a tea garden')).answer();
    await chat.as(ann).pressButton(/Confirm/, { message: card });
    const short = await chat.waitForMessage(/Not enough Stars/, { after: 0 });
    const link = short.buttons.find((b) => b.text === '⭐ Top up in the private chat')?.url;
    const orderId = link?.split('?start=o_')[1];
    expect(orderId).toBeTruthy();

    // The link opens the bot with the order: its price, the wallet, the pack that covers it.
    let after = stack.emulator.seq();
    await ann.sendCommand('start', `o_${orderId}`);
    const topUp = await ann.waitForMessage(/Your order from the chat/, { after });
    expect(topUp.text).toContain('costs ⭐\u00a04. Your wallet has ⭐\u00a00.');
    after = stack.emulator.seq();
    await ann.pressButton(/Add ⭐\u00a050/, { messageId: topUp.message_id });
    const invoice = await ann.waitForMessage((m) => m.kind === 'invoice', { after });
    expect((await ann.payInvoice(invoice)).ok).toBe(true);
    const credited = await ann.waitForMessage(/added to your wallet/, { after });
    expect(credited.text).toContain('Your order is waiting in the chat: press ✅ Confirm on its card.');

    await chat.as(ann).pressButton(/Confirm/, { message: short });
    await chat.waitForMessage((m) => m.kind === 'photo', { timeoutMs: 20_000, after: 0 });
    await stack.settled();
    expect(await balance(ann)).toBe(46);
  });

  it('where Telegram will not put the result on the card, the card says where it is; the caller has it', async () => {
    const { ann, chat } = friends();
    await buyStars(ann, /➕ ⭐\u00a050/, () => stack.emulator.seq());
    const card = await (await chat.as(ann).askGuest('a quiet harbour')).answer();
    stack.emulator.injectError(
      'editMessageMedia',
      { error_code: 400, description: 'Bad Request: MEDIA_EMPTY' },
      1,
    );
    const after = stack.emulator.seq();
    await chat.as(ann).pressButton(/Confirm/, { message: card });
    await ann.waitForMessage((m) => m.kind === 'photo', { after, timeoutMs: 20_000 });
    const told = await chat.waitForMessage(/the result is in their private chat/, {
      timeoutMs: 20_000,
      after: 0,
    });
    expect(told.text).toBe('🎨 For Ann: the result is in their private chat with AI Studio.');
    await stack.settled();
    // It reached Ann: paid.
    expect(await balance(ann)).toBe(46);
  });

  it('a report of a guest card reaches the admins; Remove hides the picture, as no bot may delete it', async () => {
    await admin.sendCommand('start');
    const { ann, bob, chat } = friends();
    await buyStars(ann, /➕ ⭐\u00a050/, () => stack.emulator.seq());
    const card = await (await chat.as(ann).askGuest('a windmill at dusk')).answer();
    await chat.as(ann).pressButton(/Confirm/, { message: card });
    const result = await chat.waitForMessage((m) => m.kind === 'photo', { timeoutMs: 20_000, after: 0 });

    const after = stack.emulator.seq();
    expect((await chat.as(bob).pressButton(/Report/, { message: result })).text).toBe(
      'Thanks: the admins will look at it.',
    );
    expect((await chat.as(bob).pressButton(/Report/, { message: result })).text).toBe(
      "You've already reported this.",
    );
    const notice = await admin.waitForMessage(/Report #/, { after });
    expect(notice.text).toContain('a guest card (the bot asked by its name in a chat)');
    expect(notice.text).toContain(`Owner: Ann (${ann.id}) · Lumen Text to Image`);
    expect(notice.text).toContain('“a windmill at dusk”');

    await admin.pressButton(/Remove the post/, { messageId: notice.message_id });
    await admin.waitForMessage(/The post was hidden/, { after });
    const hidden = chat
      .as(bob)
      .messages()
      .find((m) => m.inline_message_id === result.inline_message_id);
    expect(hidden).toMatchObject({
      kind: 'photo',
      caption: '🚫 Removed by the admins.',
      has_media_spoiler: true,
    });
    expect(hidden?.buttons).toEqual([]);
    const audit = await stack.database.query<{ action: string }>`
      select action from audit_log where action like 'report%' order by id`;
    expect(audit.map((a) => a.action)).toContain('report_removed');
  });

  it('a failed generation turns the card into a sentence saying the Stars came back', async () => {
    const { ann, chat } = friends();
    await buyStars(ann, /➕ ⭐\u00a050/, () => stack.emulator.seq());
    const card = await (await chat.as(ann).askGuest(`a storm ${FAIL_MARKER}`)).answer();
    await chat.as(ann).pressButton(/Confirm/, { message: card });
    const failed = await chat.waitForMessage(/Generation failed/, { timeoutMs: 20_000, after: 0 });
    expect(failed.text).toContain('🎨 For Ann');
    expect(failed.text).toContain('Returned to your wallet');
    expect(failed.buttons).toEqual([]);
    await stack.settled();
    expect(await balance(ann)).toBe(50);
  });

  it('asked Telegram for guest messages in every poll (a poll is recorded once it returns)', () => {
    const asked = [...stack.emulator.callsTo('setWebhook'), ...stack.emulator.callsTo('getUpdates')].map(
      (c) => c.params['allowed_updates'],
    );
    expect(asked.length).toBeGreaterThan(0);
    for (const list of asked) expect(list).toContain('guest_message');
  });
});
