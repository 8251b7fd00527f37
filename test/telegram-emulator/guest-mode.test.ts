/** Guest mode (Bot API 10.0): the bot summoned by @username where it is not a member, its answer an inline message. */
import { type GrammyError, InlineKeyboard, InputFile } from 'grammy';
import type { InlineQueryResult } from 'grammy/types';
import { afterEach, describe, expect, it } from 'vitest';
import type { TelegramEmulator } from '../support/telegram/emulator.js';
import { GuestQueries } from '../support/telegram/state/guest-queries.js';
import { botFor, type Harness, png, startEmulator, startPollingBot, takeUpdates } from './helpers.js';

const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (err: unknown) => err as GrammyError,
  );

const article = (text: string, extra: Record<string, unknown> = {}) =>
  ({
    type: 'article',
    id: 'a1',
    title: 'Answer',
    input_message_content: { message_text: text, parse_mode: 'HTML' },
    ...extra,
  }) as InlineQueryResult;

describe('guest mode', () => {
  let emu: TelegramEmulator | undefined;
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.stop();
    await emu?.close();
    h = undefined;
    emu = undefined;
  });

  it('is off until switched on in @BotFather (getMe supports_guest_queries)', async () => {
    emu = await startEmulator();
    const api = botFor(emu).api;
    expect(await api.getMe()).toMatchObject({ supports_guest_queries: false });
    emu.setGuestMode(true);
    expect(await api.getMe()).toMatchObject({ supports_guest_queries: true });
  });

  it('a member summons the bot where it is not a member: a guest_message, answered once, posted for everyone', async () => {
    emu = await startEmulator({ guestMode: true });
    const ann = emu.createUser({ first_name: 'Ann' });
    const bob = emu.createUser({ first_name: 'Bob' });
    const group = emu.createGroup({ title: 'Friends', members: [ann, bob], botIsMember: false });
    const api = botFor(emu).api;
    const ask = await group.as(ann).askGuest('a red fox');
    expect(ask.update).toBe('guest_message');
    const [update] = await takeUpdates(emu);
    expect(update).not.toHaveProperty('message');
    expect(update!.guest_message).toMatchObject({
      guest_query_id: ask.guestQueryId,
      text: '@test_bot a red fox',
      entities: [{ type: 'mention', offset: 0, length: 9 }],
      chat: { id: group.chatId, type: 'group', title: 'Friends' },
      from: { id: ann.id, first_name: 'Ann' },
    });
    expect(emu.unansweredGuestQueries()).toEqual([
      { id: ask.guestQueryId, chatId: group.chatId, callerId: ann.id },
    ]);

    const sent = await api.answerGuestQuery(
      ask.guestQueryId!,
      article('<b>A red fox</b>, coming up', { reply_markup: new InlineKeyboard().text('Again', 'again') }),
    );
    expect(sent).toEqual({ inline_message_id: expect.any(String) });
    const posted = await ask.answer();
    expect(posted).toMatchObject({
      text: 'A red fox, coming up',
      inline_message_id: sent.inline_message_id,
      guestCallerId: ann.id,
      entities: [{ type: 'bold', offset: 0, length: 9 }],
    });
    expect(
      group
        .as(bob)
        .messages()
        .map((m) => m.text),
    ).toEqual(['A red fox, coming up']);
    expect(group.messages()).toHaveLength(1);
    expect(emu.unansweredGuestQueries()).toEqual([]);

    const twice = await failure(api.answerGuestQuery(ask.guestQueryId!, article('again')));
    expect(twice.description).toBe(
      'Bad Request: query is too old and response timeout expired or query ID is invalid',
    );
    // A guest is no member: it cannot write there on its own.
    expect((await failure(api.sendMessage(group.chatId, 'hello'))).description).toBe(
      'Forbidden: bot is not a member of the group chat',
    );
    expect(emu.problems).toEqual([
      'answerGuestQuery: Bad Request: query is too old and response timeout expired or query ID is invalid',
    ]);
  });

  it('an answer after the time limit is too old (the emulator’s clock, not a wait)', async () => {
    let now = 5_000_000;
    emu = await startEmulator({ guestMode: true, now: () => now });
    const ann = emu.createUser();
    const group = emu.createGroup({ title: 'Friends', members: [ann], botIsMember: false });
    const ask = await group.as(ann).askGuest('late');
    now += 10_001;
    expect(emu.unansweredGuestQueries()).toEqual([]);
    const late = await failure(botFor(emu).api.answerGuestQuery(ask.guestQueryId!, article('too late')));
    expect(late.description).toMatch(/query is too old/);
    expect(group.messages()).toEqual([]);

    const queries = new GuestQueries(10_000, () => now);
    const early = queries.create(-1, ann.user, 1);
    now += 10_000;
    expect(queries.claim(early.id)).toMatchObject({ chatId: -1, caller: { id: ann.id } });
    expect(() => queries.claim('123')).toThrow('query is too old');
  });

  it('no guest_message with guest mode off, or where the bot is a member (there it is a plain message)', async () => {
    emu = await startEmulator();
    const ann = emu.createUser();
    const outside = emu.createGroup({ title: 'Outside', members: [ann], botIsMember: false });
    const ask = await outside.as(ann).askGuest('anyone?');
    expect([ask.update, ask.guestQueryId]).toEqual([undefined, undefined]);
    await expect(ask.answer()).rejects.toThrow(/No guest query was sent/);
    expect(await takeUpdates(emu)).toEqual([]);

    emu.setGuestMode(true);
    const inside = emu.createGroup({ title: 'Inside', members: [ann] });
    await takeUpdates(emu);
    const mention = await inside.as(ann).askGuest('hi');
    expect(mention.update).toBe('message');
    const [update] = await takeUpdates(emu);
    expect(update!.message).toMatchObject({ text: '@test_bot hi', chat: { id: inside.chatId } });
    expect(update!.message).not.toHaveProperty('guest_query_id');
    // Removed, the bot can be summoned there as a guest.
    inside.removeBot();
    expect((await inside.as(ann).askGuest('hi again')).update).toBe('guest_message');
  });

  it('guest_message is delivered by default, and not when allowed_updates leaves it out', async () => {
    emu = await startEmulator({ guestMode: true });
    const ann = emu.createUser();
    const group = emu.createGroup({ title: 'Friends', members: [ann], botIsMember: false });
    await group.as(ann).askGuest('one');
    expect((await takeUpdates(emu)).map((u) => u.guest_message?.text)).toEqual(['@test_bot one']);
    await group.as(ann).askGuest('two');
    expect(await takeUpdates(emu, { allowed_updates: ['message', 'callback_query'] })).toEqual([]);
  });

  it("a text answer takes media by an edit (its text goes), as Telegram's editMessageMedia allows", async () => {
    emu = await startEmulator({ guestMode: true });
    const ann = emu.createUser({ first_name: 'Ann' });
    const bob = emu.createUser({ first_name: 'Bob' });
    const chat = emu.privateChatBetween(ann, bob);
    const api = botFor(emu).api;
    const photo = (await api.sendPhoto(ann.chatId, new InputFile(png(16, 16)))).photo.at(-1)!.file_id;
    const ask = await chat.as(ann).askGuest('a fox');
    const { inline_message_id: id } = await api.answerGuestQuery(ask.guestQueryId!, article('⏳ Working'));
    await expect(
      api.editMessageMediaInline(id, { type: 'photo', media: photo, caption: 'For Ann' }),
    ).resolves.toBe(true);
    const seen = chat.as(bob).lastMessage()!;
    expect(seen).toMatchObject({ kind: 'photo', caption: 'For Ann', inline_message_id: id });
    expect(seen.text).toBeUndefined();
    expect((await failure(api.editMessageTextInline(id, 'text'))).description).toBe(
      'Bad Request: there is no text in the message to edit',
    );
  });

  it('inline message edits go by inline_message_id and answer True; media by file_id, never an upload', async () => {
    emu = await startEmulator({ guestMode: true });
    const ann = emu.createUser({ first_name: 'Ann' });
    const bob = emu.createUser({ first_name: 'Bob' });
    const group = emu.createGroup({ title: 'Friends', members: [ann, bob], botIsMember: false });
    const api = botFor(emu).api;
    const first = (await api.sendPhoto(ann.chatId, new InputFile(png(64, 64)))).photo.at(-1)!.file_id;
    const second = (await api.sendPhoto(ann.chatId, new InputFile(png(32, 16)))).photo.at(-1)!.file_id;
    const ask = await group.as(ann).askGuest('a fox photo');
    const { inline_message_id: id } = await api.answerGuestQuery(ask.guestQueryId!, {
      type: 'photo',
      id: 'p',
      photo_file_id: first,
      caption: 'fox',
      reply_markup: new InlineKeyboard().text('Again', 'again'),
    });
    const keyboard = { reply_markup: new InlineKeyboard().text('Again', 'again') };
    await expect(api.editMessageCaptionInline(id, { caption: 'fox, v2', ...keyboard })).resolves.toBe(true);
    await expect(
      api.editMessageMediaInline(id, { type: 'photo', media: second, caption: 'fox, v3' }, keyboard),
    ).resolves.toBe(true);
    const upload = await failure(
      api.editMessageMediaInline(id, { type: 'photo', media: new InputFile(png(8, 8)) }, keyboard),
    );
    expect(upload.description).toBe('Bad Request: invalid message content specified');
    expect((await failure(api.editMessageReplyMarkupInline(id, keyboard))).description).toMatch(
      /message is not modified/,
    );
    expect((await failure(api.editMessageTextInline(id, 'text'))).description).toBe(
      'Bad Request: there is no text in the message to edit',
    );
    expect((await failure(api.editMessageTextInline('AQAAAnope', 'text'))).description).toBe(
      'Bad Request: MESSAGE_ID_INVALID',
    );
    const seen = group.as(bob).lastMessage()!;
    expect(seen).toMatchObject({ caption: 'fox, v3', editCount: 2, inline_message_id: id });
    expect(seen.media).toMatchObject({ width: 32, height: 16 });

    // Any member presses its button: a callback_query with inline_message_id, no message.
    const press = group.as(bob).pressButton(/Again/);
    const [update] = (await takeUpdates(emu)).filter((u) => u.callback_query);
    expect(update!.callback_query).toMatchObject({
      from: { id: bob.id },
      inline_message_id: id,
      chat_instance: expect.any(String),
      data: 'again',
    });
    expect(update!.callback_query).not.toHaveProperty('message');
    await api.answerCallbackQuery(update!.callback_query!.id, { text: 'Sure' });
    await expect(press).resolves.toEqual({ text: 'Sure' });
    await expect(api.editMessageReplyMarkupInline(id)).resolves.toBe(true);
    expect(group.lastMessage()!.buttons).toEqual([]);
    expect(emu.problems).toHaveLength(3);
  });

  it('in two users’ private chat: the chat as the caller sees it, and the bot cannot write there', async () => {
    emu = await startEmulator({ guestMode: true });
    const ann = emu.createUser({ first_name: 'Ann' });
    const bob = emu.createUser({ first_name: 'Bob', username: 'bob' });
    const chat = emu.privateChatBetween(ann, bob);
    expect(chat.chat).toEqual({ id: bob.id, type: 'private', first_name: 'Bob', username: 'bob' });
    const ask = await chat.as(ann).askGuest('a red fox');
    const [update] = await takeUpdates(emu);
    expect(update!.guest_message).toMatchObject({
      chat: { id: bob.id, type: 'private', first_name: 'Bob', username: 'bob' },
      from: { id: ann.id },
      guest_query_id: ask.guestQueryId,
    });
    const api = botFor(emu).api;
    await api.answerGuestQuery(ask.guestQueryId!, article('Here is your fox'));
    expect(
      chat
        .as(bob)
        .messages()
        .map((m) => m.text),
    ).toEqual(['Here is your fox']);
    // The chat's id is Bob's: writing to it reaches the bot's own chat with Bob, not theirs.
    await api.sendMessage(update!.guest_message!.chat.id, 'hi Bob');
    expect(bob.messages().map((m) => m.text)).toEqual(['hi Bob']);
    expect(chat.messages().map((m) => m.text)).toEqual(['Here is your fox']);
    expect(() => chat.addBot()).toThrow(/never a member/);
  });

  it('a grammY bot answers guest_message with ctx.answerGuestQuery and edits the message on a press', async () => {
    h = await startPollingBot(
      (bot) => {
        bot.on('guest_message', (ctx) =>
          ctx.answerGuestQuery(
            article(`Drawing ${ctx.guestMessage.text?.replace(/^@\w+ /, '')}…`, {
              reply_markup: new InlineKeyboard().text('Done?', 'done'),
            }),
          ),
        );
        bot.callbackQuery('done', async (ctx) => {
          await ctx.answerCallbackQuery();
          await ctx.editMessageText(`Done, asked by ${ctx.from.first_name}`);
        });
      },
      { guestMode: true },
    );
    emu = h.emu;
    const ann = emu.createUser({ first_name: 'Ann' });
    const bob = emu.createUser({ first_name: 'Bob' });
    const group = emu.createGroup({
      title: 'Friends',
      type: 'supergroup',
      members: [ann, bob],
      botIsMember: false,
    });
    const ask = await group.as(ann).askGuest('a red fox');
    await expect(ask.answer()).resolves.toMatchObject({ text: 'Drawing a red fox…' });
    await group.as(bob).pressButton(/Done\?/);
    await expect(group.as(ann).waitForMessage(/Done, asked by Bob/, { after: 0 })).resolves.toMatchObject({
      editCount: 1,
      buttons: [],
    });
    expect(emu.problems).toEqual([]);
  });
});
