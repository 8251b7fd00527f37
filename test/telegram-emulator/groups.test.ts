/** Groups and supergroups: membership, privacy mode, the bot's rights there, and the per-group flood limit. */
import { type GrammyError, InlineKeyboard } from 'grammy';
import type { Message } from 'grammy/types';
import { afterEach, describe, expect, it } from 'vitest';
import type { TelegramEmulator } from '../support/telegram/emulator.js';
import { FloodControl } from '../support/telegram/state/flood.js';
import { botFor, type Harness, startEmulator, startPollingBot, takeUpdates } from './helpers.js';

const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (err: unknown) => err as GrammyError,
  );

describe('groups', () => {
  let emu: TelegramEmulator | undefined;
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.stop();
    await emu?.close();
    h = undefined;
    emu = undefined;
  });

  it('adding the bot sends my_chat_member and new_chat_members; ids are negative, supergroups -100…', async () => {
    emu = await startEmulator();
    const ann = emu.createUser({ first_name: 'Ann' });
    const bob = emu.createUser({ first_name: 'Bob' });
    const group = emu.createGroup({ title: 'Friends', members: [ann, bob] });
    const supergroup = emu.createGroup({ title: 'Club', type: 'supergroup', members: [bob] });
    expect(group.chatId).toBeLessThan(0);
    expect(String(supergroup.chatId)).toMatch(/^-100\d{10}$/);
    const [added, joined] = await takeUpdates(emu);
    expect(added!.my_chat_member).toMatchObject({
      chat: { id: group.chatId, type: 'group', title: 'Friends' },
      from: { id: ann.id },
      old_chat_member: { status: 'left', user: { id: emu.botUser.id, is_bot: true } },
      new_chat_member: { status: 'member', user: { username: 'test_bot' } },
    });
    expect(joined!.message).toMatchObject({
      chat: { id: group.chatId, type: 'group' },
      from: { id: ann.id },
      new_chat_members: [{ id: emu.botUser.id, is_bot: true }],
    });
    expect(await botFor(emu).api.getMe()).toMatchObject({ can_read_all_group_messages: false });
    expect(await botFor(emu).api.getChat(supergroup.chatId)).toMatchObject({
      id: supergroup.chatId,
      type: 'supergroup',
      title: 'Club',
    });
  });

  it('a Mini App button goes in a private chat only: a group refuses it on send and on edit', async () => {
    emu = await startEmulator();
    const ann = emu.createUser({ first_name: 'Ann' });
    const group = emu.createGroup({ title: 'Friends', members: [ann] });
    await ann.sendCommand('start');
    const api = botFor(emu).api;
    const app = new InlineKeyboard().webApp('Open', 'https://shop.example/miniapp/app.html');
    expect((await failure(api.sendMessage(group.chatId, 'open', { reply_markup: app }))).description).toMatch(
      /BUTTON_TYPE_INVALID/,
    );
    const posted = await api.sendMessage(group.chatId, 'plain');
    expect(
      (await failure(api.editMessageReplyMarkup(group.chatId, posted.message_id, { reply_markup: app })))
        .description,
    ).toMatch(/BUTTON_TYPE_INVALID/);
    const mine = await api.sendMessage(ann.id, 'open', { reply_markup: app });
    expect(mine.reply_markup?.inline_keyboard[0]?.[0]).toMatchObject({
      web_app: { url: 'https://shop.example/miniapp/app.html' },
    });
  });

  it('privacy mode: only commands for this bot, mentions of it, replies to it and service messages arrive', async () => {
    emu = await startEmulator();
    const ann = emu.createUser({ first_name: 'Ann' });
    const bob = emu.createUser({ first_name: 'Bob' });
    const group = emu.createGroup({ title: 'Friends', members: [ann, bob] });
    await takeUpdates(emu);
    const api = botFor(emu).api;
    const hello = await api.sendMessage(group.chatId, 'Hello, group');
    const asAnn = group.as(ann);
    const sent = [
      await asAnn.sendText('/generate@test_bot a red fox'),
      await asAnn.sendCommand('generate', 'a blue fox'),
      await asAnn.sendCommand('generate', 'bare', { bare: true }),
      await asAnn.sendText('/generate@other_bot a cat'),
      await group.as(bob).sendText('hello everyone'),
      await group.as(bob).sendText('hey @test_bot, a green fox'),
      await group.as(bob).replyTo(hello.message_id, 'thanks!'),
      await group.as(bob).sendText('@other_bot hi'),
    ];
    const messages = (await takeUpdates(emu)).map((u) => u.message!);
    expect(messages.map((m) => m.text)).toEqual([
      '/generate@test_bot a red fox',
      '/generate@test_bot a blue fox',
      '/generate bare',
      'hey @test_bot, a green fox',
      'thanks!',
    ]);
    expect(sent.map((s) => s.update)).toEqual([
      'message',
      'message',
      'message',
      undefined,
      undefined,
      'message',
      'message',
      undefined,
    ]);
    expect(messages[0]).toMatchObject({
      chat: { id: group.chatId, type: 'group', title: 'Friends' },
      from: { id: ann.id, first_name: 'Ann' },
      entities: [{ type: 'bot_command', offset: 0, length: 18 }],
    });
    expect(messages[3]!.entities).toEqual([{ type: 'mention', offset: 4, length: 9 }]);
    expect(messages[4]!.reply_to_message).toMatchObject({
      message_id: hello.message_id,
      from: { is_bot: true },
    });
    // Everything is in the group's history, delivered or not.
    expect(group.transcript()).toContain('"hello everyone"');
    expect(emu.transcript()).toContain('"Friends"');

    // An administrator bot hears everything.
    group.makeBotAdmin();
    await group.as(bob).sendText('plain talk');
    const afterPromotion = await takeUpdates(emu);
    expect(afterPromotion[0]!.my_chat_member?.new_chat_member).toMatchObject({
      status: 'administrator',
      can_delete_messages: true,
    });
    expect(afterPromotion[1]!.message?.text).toBe('plain talk');
  });

  it('privacy mode off (the bot’s setting, or a group joined while it was off): every message arrives', async () => {
    emu = await startEmulator({ privacyMode: false });
    expect(await botFor(emu).api.getMe()).toMatchObject({ can_read_all_group_messages: true });
    const ann = emu.createUser();
    const open = emu.createGroup({ title: 'Open', members: [ann] });
    const strict = emu.createGroup({ title: 'Strict', members: [ann], privacyMode: true });
    await takeUpdates(emu);
    await open.as(ann).sendText('just chatting');
    await strict.as(ann).sendText('not for the bot');
    expect((await takeUpdates(emu)).map((u) => u.message?.text)).toEqual(['just chatting']);
  });

  it('a grammY bot answers a command in the group and a member presses its button', async () => {
    const presses: Array<{ from: number; chat: number | undefined }> = [];
    h = await startPollingBot((bot) => {
      bot.command('generate', (ctx) =>
        ctx.reply(`Generating ${ctx.match}`, {
          reply_markup: new InlineKeyboard().text('Confirm', 'confirm'),
          reply_parameters: { message_id: ctx.msgId! },
        }),
      );
      bot.callbackQuery('confirm', async (ctx) => {
        presses.push({ from: ctx.from.id, chat: ctx.chat?.id });
        await ctx.answerCallbackQuery({ text: `Confirmed by ${ctx.from.first_name}` });
      });
    });
    emu = h.emu;
    const ann = emu.createUser({ first_name: 'Ann' });
    const bob = emu.createUser({ first_name: 'Bob' });
    const group = emu.createGroup({ title: 'Friends', members: [ann, bob] });
    await group.as(ann).sendCommand('generate', 'a red fox');
    const reply = await group.waitForMessage(/Generating a red fox/);
    expect(reply.buttons).toEqual([{ text: 'Confirm', callback_data: 'confirm' }]);
    expect(
      group
        .as(bob)
        .messages()
        .map((m) => m.text),
    ).toEqual(['Generating a red fox']);
    await expect(group.as(bob).pressButton(/Confirm/, { message: reply })).resolves.toEqual({
      text: 'Confirmed by Bob',
    });
    expect(presses).toEqual([{ from: bob.id, chat: group.chatId }]);
    expect(emu.problems).toEqual([]);
  });

  it('the bot writes only where it is a member: 403 outside, after removal, after a ban', async () => {
    emu = await startEmulator();
    const ann = emu.createUser();
    const api = botFor(emu).api;
    const outside = emu.createGroup({ title: 'Outside', members: [ann], botIsMember: false });
    const club = emu.createGroup({ title: 'Club', type: 'supergroup', members: [ann], botIsMember: false });
    expect((await failure(api.sendMessage(outside.chatId, 'hi'))).description).toBe(
      'Forbidden: bot is not a member of the group chat',
    );
    const refused = await failure(api.sendMessage(club.chatId, 'hi'));
    expect([refused.error_code, refused.description]).toEqual([
      403,
      'Forbidden: bot is not a member of the supergroup chat',
    ]);
    // A supergroup is not even readable from outside; a basic group is.
    expect((await failure(api.getChat(club.chatId))).error_code).toBe(403);
    await expect(api.getChat(outside.chatId)).resolves.toMatchObject({ type: 'group', title: 'Outside' });

    const group = emu.createGroup({ title: 'Friends', members: [ann] });
    await api.sendMessage(group.chatId, 'first');
    await takeUpdates(emu);
    group.removeBot();
    expect((await takeUpdates(emu))[0]!.my_chat_member).toMatchObject({
      old_chat_member: { status: 'member' },
      new_chat_member: { status: 'left' },
    });
    expect((await failure(api.sendMessage(group.chatId, 'again'))).description).toBe(
      'Forbidden: bot is not a member of the group chat',
    );
    group.addBot();
    await api.sendMessage(group.chatId, 'back');
    group.kickBot();
    expect((await failure(api.sendMessage(group.chatId, 'once more'))).description).toBe(
      'Forbidden: bot was kicked from the group chat',
    );
    expect(group.messages().map((m) => m.text)).toEqual(['first', 'back']);
    expect(emu.problems).toEqual([]);
  });

  it('deleteMessage: its own messages, others only as an administrator; deleted ones vanish', async () => {
    emu = await startEmulator();
    const ann = emu.createUser();
    const group = emu.createGroup({ title: 'Friends', members: [ann] });
    const api = botFor(emu).api;
    const own = await api.sendMessage(group.chatId, 'mine');
    await api.sendMessage(group.chatId, 'kept');
    const theirs = await group.as(ann).sendText('/start@test_bot');
    await api.deleteMessage(group.chatId, own.message_id);
    expect(group.messages().map((m) => m.text)).toEqual(['kept']);
    const refused = await failure(api.deleteMessage(group.chatId, theirs.messageId));
    expect(refused.description).toBe("Bad Request: message can't be deleted");
    group.makeBotAdmin();
    await expect(api.deleteMessage(group.chatId, theirs.messageId)).resolves.toBe(true);
    expect(group.transcript()).toMatch(/deleted #\d+[\s\S]*deleted #\d+/);
    expect(emu.problems).toEqual([]);
  });

  it('getChatMember: creator, administrator, member, left, and the bot itself', async () => {
    emu = await startEmulator();
    const [ann, bob, carol, dave] = emu.createUsers(4);
    const group = emu.createGroup({ title: 'Friends', members: [ann!, bob!, carol!], admins: [bob!] });
    const api = botFor(emu).api;
    const status = async (userId: number) => (await api.getChatMember(group.chatId, userId)).status;
    expect(await status(ann!.id)).toBe('creator');
    expect(await status(bob!.id)).toBe('administrator');
    expect(await status(carol!.id)).toBe('member');
    expect(await status(dave!.id)).toBe('left');
    expect(await status(emu.botUser.id)).toBe('member');
    expect(await api.getChatMember(group.chatId, carol!.id)).toMatchObject({ user: { id: carol!.id } });
    await expect(api.getChatMember(group.chatId, 424242)).rejects.toThrow('Bad Request: user not found');
    const other = emu.createGroup({ title: 'Other', members: [ann!], creator: ann! });
    other.makeBotAdmin();
    expect(await api.getChatMember(other.chatId, emu.botUser.id)).toMatchObject({
      status: 'administrator',
      can_delete_messages: true,
    });
  });

  it('a group takes at most perGroupPerMinute messages from the bot, then 429 with retry_after', async () => {
    emu = await startEmulator({ floodLimits: { perGroupPerMinute: 3, perChatBurst: 10 } });
    const ann = emu.createUser();
    const group = emu.createGroup({ title: 'Busy', members: [ann] });
    const api = botFor(emu).api;
    const sent: Message[] = [];
    for (const text of ['1', '2', '3']) sent.push(await api.sendMessage(group.chatId, text));
    // Edits are not counted, as in private chats.
    await api.editMessageText(group.chatId, sent[0]!.message_id, '1 (edited)');
    const refused = await failure(api.sendMessage(group.chatId, '4'));
    expect(refused.error_code).toBe(429);
    expect(refused.parameters.retry_after).toBeGreaterThanOrEqual(59);
    // The user's private chat is not the group.
    await expect(api.sendMessage(ann.chatId, 'private')).resolves.toMatchObject({ text: 'private' });
    expect(group.messages().map((m) => m.text)).toEqual(['1 (edited)', '2', '3']);
    expect(emu.floodStats().limited).toBe(1);
    expect(emu.problems).toEqual([]);
  });
});

describe('the per-group flood limit (FloodControl)', () => {
  it('counts a group’s sends over the last minute; a send inside the retry_after window is ignored', () => {
    let now = 1_000;
    const flood = new FloodControl({ perGroupPerMinute: 2, perChatBurst: 10 }, () => now);
    const retryAfter = (chatId: number, method = 'sendMessage') => {
      try {
        flood.admit(method, chatId);
        return undefined;
      } catch (err) {
        return (err as { parameters?: { retry_after?: number } }).parameters?.retry_after;
      }
    };
    expect(retryAfter(-5)).toBeUndefined();
    now += 10_000;
    expect(retryAfter(-5)).toBeUndefined();
    expect(retryAfter(-5, 'editMessageText')).toBeUndefined();
    expect(retryAfter(-5)).toBe(50);
    expect(retryAfter(7)).toBeUndefined();
    expect(retryAfter(7)).toBeUndefined();
    expect(retryAfter(7)).toBeUndefined();
    now += 20_000;
    expect(retryAfter(-5)).toBe(30);
    expect(flood.stats.ignored).toBe(1);
    now += 30_000;
    expect(retryAfter(-5)).toBeUndefined();
    expect(flood.stats.limited).toBe(2);
  });
});
