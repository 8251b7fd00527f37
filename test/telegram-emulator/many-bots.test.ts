/**
 * One emulator serving several bots, as Telegram does: each token its own bot with its own chats,
 * updates, calls and settings; managed bots (Bot API 9.6) created from a manager bot's keyboard
 * button, their tokens read with getManagedBotToken, and their profiles set through the API.
 */
import { Api, GrammyError, InputFile } from 'grammy';
import type { Update } from 'grammy/types';
import { afterEach, describe, expect, it } from 'vitest';
import { startTelegramEmulator, type TelegramEmulator } from '../support/telegram/emulator.js';
import { png } from './helpers.js';

let emu: TelegramEmulator | undefined;
afterEach(async () => {
  await emu?.close();
  emu = undefined;
});

const api = (e: TelegramEmulator, token: string) => new Api(token, { apiRoot: e.apiRoot });

/** Everything waiting for this token, confirmed (one getUpdates with offset after the first). */
async function drain(e: TelegramEmulator, token: string): Promise<Update[]> {
  const got = await api(e, token).getUpdates({ timeout: 0 });
  const last = got.at(-1);
  if (last) await api(e, token).getUpdates({ offset: last.update_id + 1, timeout: 0 });
  return got;
}

describe('several bots on one emulator', () => {
  it('serves each token as its own bot: identity, chats, updates and calls apart', async () => {
    emu = await startTelegramEmulator();
    const shop = emu.addBot({ username: 'shop_bot', first_name: 'Shop' });
    expect((await api(emu, emu.token).getMe()).username).toBe('test_bot');
    expect(await api(emu, shop.token).getMe()).toMatchObject({
      username: 'shop_bot',
      first_name: 'Shop',
      id: shop.botUser.id,
    });

    // One Telegram user, two chats: what they send one bot, the other never sees.
    const inMain = emu.createUser({ id: 42, first_name: 'Ann' });
    const inShop = shop.createUser({ id: 42, first_name: 'Ann' });
    await inShop.sendText('hello shop');
    expect(await drain(emu, emu.token)).toEqual([]);
    const shopUpdates = await drain(emu, shop.token);
    expect(shopUpdates.map((u) => u.message?.text)).toEqual(['hello shop']);

    await api(emu, shop.token).sendMessage(42, 'from the shop');
    expect(inShop.messages().map((m) => m.text)).toEqual(['from the shop']);
    expect(inMain.messages()).toEqual([]);
    expect(shop.callsTo('sendMessage')).toHaveLength(1);
    expect(emu.callsTo('sendMessage')).toHaveLength(0);
    expect(emu.bots().map((b) => b.botUser.username)).toEqual(['test_bot', 'shop_bot']);
    expect(emu.bot('@shop_bot').token).toBe(shop.token);
  });

  it('refuses a token no bot has, and names the bot in its problems', async () => {
    emu = await startTelegramEmulator();
    const shop = emu.addBot({ username: 'shop_bot' });
    const forged = `${shop.botUser.id}:TEST-forged`;
    await expect(api(emu, forged).getMe()).rejects.toMatchObject({ error_code: 401 });
    shop.createUser({ id: 7 });
    await expect(api(emu, shop.token).sendMessage(7, '')).rejects.toBeInstanceOf(GrammyError);
    expect(emu.problems).toEqual([expect.stringMatching(/^@shop_bot: sendMessage: Bad Request/)]);
    expect(() => emu?.addBot({ username: 'SHOP_bot' })).toThrow(/exists already/);
  });
});

describe('managed bots', () => {
  const requestButton = {
    keyboard: [
      [
        {
          text: 'Create my bot',
          request_managed_bot: {
            request_id: 1,
            suggested_name: 'Ann Studio',
            suggested_username: 'ann_studio_bot',
          },
        },
      ],
    ],
    resize_keyboard: true,
  };

  it('creates a bot from the manager keyboard button: the service message, the update, its token', async () => {
    emu = await startTelegramEmulator({ canManageBots: true });
    expect(await api(emu, emu.token).getMe()).toMatchObject({ can_manage_bots: true });
    const ann = emu.createUser({ id: 50, first_name: 'Ann' });
    await ann.sendCommand('newbot');
    await drain(emu, emu.token);
    await api(emu, emu.token).sendMessage(50, 'Tap the button', { reply_markup: requestButton as never });

    const created = emu.createManagedBot(50);
    expect(created.bot).toMatchObject({ username: 'ann_studio_bot', first_name: 'Ann Studio', is_bot: true });
    const updates = await drain(emu, emu.token);
    expect(updates.map((u) => Object.keys(u).filter((k) => k !== 'update_id')[0])).toEqual([
      'message',
      'managed_bot',
    ]);
    expect(updates[0]?.message?.managed_bot_created?.bot.username).toBe('ann_studio_bot');
    expect(updates[1]?.managed_bot).toMatchObject({ user: { id: 50 }, bot: { id: created.bot.id } });
    expect(updates[1]?.update_id).toBe(created.updateId);

    const token = await api(emu, emu.token).getManagedBotToken(created.bot.id);
    const managed = new Api(token, { apiRoot: emu.apiRoot });
    expect((await managed.getMe()).username).toBe('ann_studio_bot');

    // Its profile, set without @BotFather.
    await managed.setMyName('Ann Studio', { language_code: 'en' });
    await managed.setMyDescription('Pictures by Ann', { language_code: 'en' });
    await managed.setMyShortDescription('AI pictures');
    await managed.setMyCommands([{ command: 'start', description: 'Start' }]);
    // A photo is uploaded with the call; bytes that are no image are refused, as a file_id is.
    await expect(
      managed.setMyProfilePhoto({
        type: 'static',
        photo: new InputFile(Buffer.from('not an image')),
      } as never),
    ).rejects.toThrow(/IMAGE_PROCESS_FAILED/);
    await expect(
      managed.setMyProfilePhoto({ type: 'static', photo: 'AgAD-file-id' } as never),
    ).rejects.toThrow(/PHOTO_INVALID/);
    expect(emu.bot('ann_studio_bot').profilePhoto()).toBeUndefined();
    await managed.setMyProfilePhoto({ type: 'static', photo: new InputFile(png(8, 8)) } as never);
    const view = emu.bot('ann_studio_bot');
    expect(view.profileText('name', 'en')).toBe('Ann Studio');
    expect(view.profileText('description', 'en')).toBe('Pictures by Ann');
    expect(view.profileText('short_description')).toBe('AI pictures');
    expect(view.commands()).toEqual([{ command: 'start', description: 'Start' }]);
    expect(view.profilePhoto()).toMatch(/^photo:\d+$/);
    // The two refusals are the bot's mistakes: the suites' closing check would report them.
    expect(emu.problems).toEqual([
      '@ann_studio_bot: setMyProfilePhoto: Bad Request: IMAGE_PROCESS_FAILED',
      '@ann_studio_bot: setMyProfilePhoto: Bad Request: PHOTO_INVALID',
    ]);
  });

  it('replaces a managed token: the old one stops working at once', async () => {
    emu = await startTelegramEmulator({ canManageBots: true });
    emu.createUser({ id: 50 });
    await api(emu, emu.token).sendMessage(50, 'Tap', { reply_markup: requestButton as never });
    const { bot } = emu.createManagedBot(50, { username: 'other_name_bot' });
    const manager = api(emu, emu.token);
    const old = await manager.getManagedBotToken(bot.id);
    const fresh = await manager.replaceManagedBotToken(bot.id);
    expect(fresh).not.toBe(old);
    await expect(new Api(old, { apiRoot: emu.apiRoot }).getMe()).rejects.toMatchObject({ error_code: 401 });
    expect((await new Api(fresh, { apiRoot: emu.apiRoot }).getMe()).username).toBe('other_name_bot');
  });

  it('shows a managed bot token only to its manager, and only when @BotFather allowed managing', async () => {
    emu = await startTelegramEmulator({ canManageBots: true });
    emu.createUser({ id: 50 });
    await api(emu, emu.token).sendMessage(50, 'Tap', { reply_markup: requestButton as never });
    const { bot } = emu.createManagedBot(50);
    const stranger = emu.addBot({ username: 'stranger_bot' });
    await expect(api(emu, stranger.token).getManagedBotToken(bot.id)).rejects.toMatchObject({
      description: 'Bad Request: BOT_INVALID',
    });

    const plain = emu.addBot({ username: 'plain_bot' });
    plain.createUser({ id: 51 });
    await api(emu, plain.token).sendMessage(51, 'Tap', { reply_markup: requestButton as never });
    expect(() => plain.createManagedBot(51)).toThrow(/may not manage bots/);
  });

  it('refuses a request button whose suggested username is not a bot username', async () => {
    emu = await startTelegramEmulator({ canManageBots: true });
    emu.createUser({ id: 50 });
    const bad = {
      keyboard: [
        [{ text: 'Create', request_managed_bot: { request_id: 1, suggested_username: 'ann_studio' } }],
      ],
    };
    await expect(
      api(emu, emu.token).sendMessage(50, 'Tap', { reply_markup: bad as never }),
    ).rejects.toMatchObject({
      description: 'Bad Request: USERNAME_INVALID',
    });
    expect(emu.problems).toHaveLength(1);
  });
});
