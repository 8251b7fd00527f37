/** Ephemeral messages (Bot API 10.x): one member sees them, only that member presses them, and their own edit methods. */
import { type GrammyError, InlineKeyboard, InputFile } from 'grammy';
import type { CallbackQuery } from 'grammy/types';
import { afterEach, describe, expect, it } from 'vitest';
import type { TelegramEmulator } from '../support/telegram/emulator.js';
import { botFor, type Harness, png, startEmulator, startPollingBot, takeUpdates } from './helpers.js';

const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (err: unknown) => err as GrammyError,
  );

describe('ephemeral messages', () => {
  let emu: TelegramEmulator | undefined;
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.stop();
    await emu?.close();
    h = undefined;
    emu = undefined;
  });

  it('only the receiver sees an ephemeral message, and only the receiver can press its buttons', async () => {
    const pressed: CallbackQuery[] = [];
    h = await startPollingBot((bot) => {
      bot.command('secret', (ctx) =>
        ctx.api.sendMessage(ctx.chat.id, `Only for ${ctx.from!.first_name}`, {
          ephemeral_message_parameters: { receiver_user_id: ctx.from!.id },
          reply_markup: new InlineKeyboard().text('Confirm', 'confirm'),
        }),
      );
      bot.callbackQuery('confirm', async (ctx) => {
        pressed.push(ctx.callbackQuery);
        await ctx.answerCallbackQuery({ text: 'Confirmed' });
      });
    });
    emu = h.emu;
    const ann = emu.createUser({ first_name: 'Ann' });
    const bob = emu.createUser({ first_name: 'Bob' });
    const group = emu.createGroup({ title: 'Friends', members: [ann, bob] });
    await group.as(ann).sendCommand('secret');
    const secret = await group.as(ann).waitForMessage(/Only for Ann/);
    expect(secret).toMatchObject({ message_id: 0, ephemeral_message_id: 1, receiverId: ann.id });
    expect(
      group
        .as(ann)
        .messages()
        .map((m) => m.text),
    ).toEqual(['Only for Ann']);
    expect(group.messages()).toEqual([]);
    expect(group.as(bob).messages()).toEqual([]);
    await expect(group.as(bob).waitForMessage(/Only for/, { timeoutMs: 150, after: 0 })).rejects.toThrow(
      /timed out/,
    );
    await expect(group.waitForMessage(/Only for/, { timeoutMs: 150, after: 0 })).rejects.toThrow(/timed out/);

    await expect(group.as(bob).pressButton(/Confirm/)).rejects.toThrow(/No inline button matching/);
    await expect(group.as(bob).pressCallbackData('confirm', secret)).rejects.toThrow(/sees no message/);
    await expect(group.as(ann).pressButton(/Confirm/)).resolves.toEqual({ text: 'Confirmed' });
    expect(pressed).toHaveLength(1);
    expect(pressed[0]).toMatchObject({
      from: { id: ann.id },
      data: 'confirm',
      message: {
        message_id: 0,
        ephemeral_message_id: 1,
        receiver_user: { id: ann.id },
        chat: { id: group.chatId, type: 'group' },
        from: { id: emu.botUser.id },
        text: 'Only for Ann',
      },
    });
    expect(emu.problems).toEqual([]);
  });

  it('returns message_id 0 with a per-chat ephemeral id; edits and deletes answer True, with the usual checks', async () => {
    emu = await startEmulator();
    const ann = emu.createUser({ first_name: 'Ann' });
    const bob = emu.createUser({ first_name: 'Bob' });
    const group = emu.createGroup({ title: 'Friends', members: [ann, bob] });
    const api = botFor(emu).api;
    const forAnn = { ephemeral_message_parameters: { receiver_user_id: ann.id } };
    const text = await api.sendMessage(group.chatId, 'draft', forAnn);
    expect(text).toMatchObject({ message_id: 0, ephemeral_message_id: 1, receiver_user: { id: ann.id } });
    const photo = await api.sendPhoto(group.chatId, new InputFile(png(4, 4)), { caption: 'pic', ...forAnn });
    expect(photo).toMatchObject({ message_id: 0, ephemeral_message_id: 2 });
    const markup = new InlineKeyboard().text('Again', 'again');

    await expect(api.editEphemeralMessageText(group.chatId, ann.id, 1, 'final')).resolves.toBe(true);
    await expect(
      api.editEphemeralMessageReplyMarkup(group.chatId, ann.id, 1, { reply_markup: markup }),
    ).resolves.toBe(true);
    const same = await failure(
      api.editEphemeralMessageText(group.chatId, ann.id, 1, 'final', { reply_markup: markup }),
    );
    expect(same.description).toMatch(/^Bad Request: message is not modified/);
    expect((await failure(api.editEphemeralMessageText(group.chatId, bob.id, 1, 'x'))).description).toBe(
      'Bad Request: message to edit not found',
    );
    expect((await failure(api.editEphemeralMessageText(group.chatId, ann.id, 2, 'x'))).description).toBe(
      'Bad Request: there is no text in the message to edit',
    );
    await expect(api.editEphemeralMessageCaption(group.chatId, ann.id, 2, 'new caption')).resolves.toBe(true);
    await expect(
      api.editEphemeralMessageMedia(group.chatId, ann.id, 2, {
        type: 'photo',
        media: new InputFile(png(8, 8)),
      }),
    ).resolves.toBe(true);
    const seen = group.as(ann).messages();
    expect(seen.map((m) => [m.ephemeral_message_id, m.text ?? m.caption, m.editCount])).toEqual([
      [1, 'final', 2],
      [2, undefined, 2],
    ]);
    expect(seen[1]!.media).toMatchObject({ width: 8, height: 8 });

    await expect(api.deleteEphemeralMessage(group.chatId, ann.id, 1)).resolves.toBe(true);
    expect(
      group
        .as(ann)
        .messages()
        .map((m) => m.ephemeral_message_id),
    ).toEqual([2]);
    expect((await failure(api.deleteEphemeralMessage(group.chatId, ann.id, 1))).description).toBe(
      'Bad Request: message to delete not found',
    );
    // Ids go on per chat.
    const next = await api.sendMessage(group.chatId, 'again', {
      ephemeral_message_parameters: { receiver_user_id: bob.id },
    });
    expect(next.ephemeral_message_id).toBe(3);
    expect(
      group
        .as(bob)
        .messages()
        .map((m) => m.text),
    ).toEqual(['again']);
    expect(group.transcript()).toContain('ephemeral #e3 (only for Bob)');
    expect(emu.problems).toHaveLength(3);
  });

  it('refuses what Telegram refuses: a private chat, a receiver outside the group, a chat without support', async () => {
    emu = await startEmulator();
    const [ann, bob, carol] = emu.createUsers(3);
    const group = emu.createGroup({ title: 'Friends', members: [ann!, bob!] });
    const api = botFor(emu).api;
    const to = (userId: number) => ({ ephemeral_message_parameters: { receiver_user_id: userId } });
    const privately = await failure(api.sendMessage(ann!.chatId, 'x', to(ann!.id)));
    expect(privately.description).toBe(
      'Bad Request: ephemeral messages can be sent only to groups and supergroups',
    );
    const outsider = await failure(api.sendMessage(group.chatId, 'x', to(carol!.id)));
    expect(outsider.description).toBe('Bad Request: receiver user not found');
    expect(emu.problems).toHaveLength(1);

    group.setEphemeralSupport(false);
    const unsupported = await failure(api.sendMessage(group.chatId, 'x', to(ann!.id)));
    expect([unsupported.error_code, unsupported.description]).toEqual([
      400,
      'Bad Request: EPHEMERAL_MESSAGES_UNSUPPORTED',
    ]);
    // The bot's fallback: an ordinary message everyone sees.
    await api.sendMessage(group.chatId, 'for everyone');
    expect(
      group
        .as(bob!)
        .messages()
        .map((m) => m.text),
    ).toEqual(['for everyone']);
    expect(emu.problems).toHaveLength(1);
  });

  it('an ephemeral command is answered by an ephemeral reply within 15 s; a public reply to it is refused', async () => {
    let now = 1_000_000;
    emu = await startEmulator({ now: () => now });
    const ann = emu.createUser({ first_name: 'Ann' });
    const bob = emu.createUser({ first_name: 'Bob' });
    const group = emu.createGroup({ title: 'Friends', members: [ann, bob] });
    const api = botFor(emu).api;
    await expect(group.as(ann).sendCommand('balance', undefined, { ephemeral: true })).rejects.toThrow(
      /not a command the bot registered with is_ephemeral/,
    );
    await api.setMyCommands([{ command: 'balance', description: 'Your balance', is_ephemeral: true }]);
    await takeUpdates(emu);
    const asked = await group.as(ann).sendCommand('balance', undefined, { ephemeral: true });
    expect(asked).toMatchObject({ messageId: 0, ephemeral_message_id: 1, update: 'message' });
    const [update] = await takeUpdates(emu);
    expect(update!.message).toMatchObject({
      message_id: 0,
      ephemeral_message_id: 1,
      from: { id: ann.id },
      text: '/balance@test_bot',
    });

    const publicReply = await failure(
      api.sendMessage(group.chatId, 'x', { reply_parameters: { ephemeral_message_id: 1 } }),
    );
    expect(publicReply.description).toBe(
      'Bad Request: a reply to an ephemeral message must itself be an ephemeral message',
    );
    const toBob = await failure(
      api.sendMessage(group.chatId, 'x', {
        ephemeral_message_parameters: { receiver_user_id: bob.id },
        reply_parameters: { ephemeral_message_id: 1 },
      }),
    );
    expect(toBob.description).toBe('Bad Request: message to be replied not found');
    const reply = (receiver: number) =>
      api.sendMessage(group.chatId, '42 credits', {
        ephemeral_message_parameters: { receiver_user_id: receiver },
        reply_parameters: { ephemeral_message_id: 1 },
      });
    now += 15_000;
    await expect(reply(ann.id)).resolves.toMatchObject({ message_id: 0, ephemeral_message_id: 2 });
    now += 1;
    expect((await failure(reply(ann.id))).description).toBe('Bad Request: message to be replied not found');
    expect(group.messages()).toEqual([]);
  });

  it('shown in place of the pressed message for its receiver only (replace_callback_query_message)', async () => {
    emu = await startEmulator();
    const ann = emu.createUser({ first_name: 'Ann' });
    const bob = emu.createUser({ first_name: 'Bob' });
    const group = emu.createGroup({ title: 'Friends', members: [ann, bob] });
    const api = botFor(emu).api;
    const menu = await api.sendMessage(group.chatId, 'Menu', {
      reply_markup: new InlineKeyboard().text('Settings', 'settings'),
    });
    await takeUpdates(emu);
    const annPress = group.as(ann).pressButton(/Settings/);
    const bobPress = group.as(bob).pressButton(/Settings/);
    const queries = (await takeUpdates(emu)).map((u) => u.callback_query!);
    const [fromAnn, fromBob] = [
      queries.find((q) => q.from.id === ann.id)!,
      queries.find((q) => q.from.id === bob.id)!,
    ];
    const replacing = (queryId: string) =>
      api.sendMessage(group.chatId, 'Your settings', {
        ephemeral_message_parameters: {
          receiver_user_id: ann.id,
          callback_query_id: queryId,
          replace_callback_query_message: true,
        },
      });
    // Bob's press is not Ann's.
    expect((await failure(replacing(fromBob.id))).description).toMatch(/query is too old/);
    await replacing(fromAnn.id);
    await api.answerCallbackQuery(fromAnn.id);
    await api.answerCallbackQuery(fromBob.id);
    await Promise.all([annPress, bobPress]);
    expect(
      group
        .as(ann)
        .messages()
        .map((m) => [m.text, m.replaces]),
    ).toEqual([['Your settings', menu.message_id]]);
    expect(
      group
        .as(bob)
        .messages()
        .map((m) => m.text),
    ).toEqual(['Menu']);
  });

  it('ephemeral sends count towards the group’s per-minute limit (the conservative reading)', async () => {
    emu = await startEmulator({ floodLimits: { perGroupPerMinute: 2, perChatBurst: 10 } });
    const ann = emu.createUser();
    const group = emu.createGroup({ title: 'Busy', members: [ann] });
    const api = botFor(emu).api;
    const forAnn = { ephemeral_message_parameters: { receiver_user_id: ann.id } };
    await api.sendMessage(group.chatId, 'one', forAnn);
    await api.sendMessage(group.chatId, 'two');
    expect((await failure(api.sendMessage(group.chatId, 'three', forAnn))).error_code).toBe(429);
  });
});
