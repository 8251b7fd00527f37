/**
 * Managed bots (Bot API 9.6) over real HTTP (the emulator, the simulator, the real bot process) on
 * the run's engine: an admin sends /newbot to the main bot, presses the button Telegram's dialog
 * opens from, and the bot they create is live at once, with the template's profile and commands
 * and its creator as its admin, and BOT_TEMPLATE's BOT_PHOTO as its profile photo; a customer is
 * refused /newbot (MANAGED_BOTS=admins by default);
 * Telegram telling the main bot about the same bot again makes no second bot.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ReplyKeyboardMarkup } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STARS_STACK_ENV, type Stack, startStack } from '../support/e2e/stack.js';
import { makeJpeg } from '../support/media-fixtures.js';
import type { EmulatedBot, ManagedBotCreation, ScriptedUser } from '../support/telegram/emulator.js';

const OPERATOR = 920_001;
const ANN = 920_002;
const SECRET = 'managed-bots-e2e-secret-0123456789-abcdef';
let stack: Stack;
let operator: ScriptedUser;
let annInMain: ScriptedUser;
let created: ManagedBotCreation;
let studio: EmulatedBot;
let annInStudio: ScriptedUser;
/** The template's BOT_PHOTO, beside it in a folder of its own. */
const PHOTO = makeJpeg(640, 640);

/** The keyboard a message sent to this chat after `after` took away (sendMessage's reply_markup). */
function removedKeyboard(chatId: number, after: number): boolean {
  return stack.emulator.callsTo('sendMessage').some((c) => {
    const markup = c.params['reply_markup'];
    const parsed = typeof markup === 'string' ? JSON.parse(markup) : markup;
    return c.at > after && Number(c.params['chat_id']) === chatId && parsed?.remove_keyboard === true;
  });
}

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'managed-bots-template-'));
  writeFileSync(join(dir, 'face.jpg'), PHOTO);
  // The bots made here sell under a brand of their own: /newbot suggests their name in it.
  writeFileSync(join(dir, 'bots.env'), 'BOT_PHOTO=face.jpg\nBRAND_NAME=Nova\n');
  stack = await startStack({
    env: {
      ...STARS_STACK_ENV,
      ADMIN_IDS: String(OPERATOR),
      BOT_TOKENS_SECRET: SECRET,
      BOT_TEMPLATE: join(dir, 'bots.env'),
    },
    emulator: { canManageBots: true },
    beforeBot: (emulator) => {
      operator = emulator.createUser({ id: OPERATOR, first_name: 'Olga', language_code: 'en' });
      annInMain = emulator.createUser({ id: ANN, first_name: 'Ann', language_code: 'en' });
    },
  });
}, 120_000);
afterAll(async () => {
  await stack?.close();
});

describe('managed bots: /newbot in the main bot', () => {
  it('refuses a customer: only the admins create bots by default', async () => {
    await annInMain.sendCommand('newbot');
    const answer = await annInMain.waitForMessage(/Only this bot's admins can create bots here/);
    expect(answer.replyMarkup).toBeUndefined();
    expect(() => stack.emulator.createManagedBot(ANN)).toThrow(/no request_managed_bot button/);
  }, 60_000);

  it('an admin creates a bot with the button: it is live at once, and the admin is told where', async () => {
    await operator.sendCommand('newbot');
    const offer = await operator.waitForMessage(/A bot of your own/);
    const keyboard = (offer.replyMarkup as ReplyKeyboardMarkup).keyboard.flat();
    expect(keyboard[0]).toMatchObject({
      text: '🤖 Create a bot',
      request_managed_bot: { suggested_name: "Olga's Nova", suggested_username: 'olga_nova_bot' },
    });
    expect(keyboard[1]).toMatchObject({ text: '🏠 Main menu' });

    const after = stack.emulator.seq();
    created = stack.emulator.createManagedBot(OPERATOR, { username: 'ann_studio_bot' });
    const live = await operator.waitForMessage(/Your bot @ann_studio_bot is live/, {
      after,
      timeoutMs: 30_000,
    });
    expect(live.text).toContain('https://t.me/ann_studio_bot');
    // The service message about the new bot gets no "didn't catch that".
    await stack.handledAll();
    expect(removedKeyboard(OPERATOR, after)).toBe(true);
    expect(operator.transcript()).not.toMatch(/didn't catch that/);
    expect(stack.emulator.callsTo('getManagedBotToken')).toHaveLength(1);
    // The main bot asks for managed_bot by name (Telegram's default list is not relied on).
    const polls = stack.emulator.callsTo('getUpdates').map((c) => c.params['allowed_updates']);
    expect(polls.at(-1)).toEqual(expect.arrayContaining(['message', 'callback_query', 'managed_bot']));

    const rows = await stack.database.query<{ id: number; managed: unknown; created_by: unknown }>`
      select id, managed, created_by from bots order by id`;
    expect(rows).toHaveLength(2);
    expect(Number(rows[1]!.created_by)).toBe(OPERATOR);
    expect([true, 1, '1', 't']).toContain(rows[1]!.managed);
  }, 90_000);

  it('the new bot answers its first customer, with the template profile, photo and commands', async () => {
    studio = stack.emulator.bot('ann_studio_bot');
    annInStudio = studio.createUser({ id: ANN, first_name: 'Ann', language_code: 'en' });
    await annInStudio.sendCommand('start');
    await annInStudio.waitForMessage(/Hi, Ann!/, { timeoutMs: 30_000 });

    expect(studio.profileText('name', 'en')).toBe("Olga's Nova");
    expect(studio.profileText('name', 'ru')).toBe('Nova · Olga');
    expect(studio.profileText('description', 'en')).toMatch(/^Nova turns your ideas into images and videos/);
    expect(studio.profileText('description', 'ru')).toMatch(/^Nova превращает ваши идеи/);
    expect(studio.profileText('description')).toBe(studio.profileText('description', 'en'));
    expect(studio.profileText('short_description', 'en')).toMatch(/Images and videos from your ideas/);
    expect(studio.profileText('short_description', 'ru')).toMatch(/Картинки и видео/);
    expect(studio.commands({ type: 'default' }, 'en').map((c) => c.command)).toContain('wallet');
    expect(studio.commands({ type: 'default' }, 'ru').map((c) => c.command)).toContain('generate');
    // BOT_PHOTO, uploaded with the call as Telegram requires; the main bot's own photo is untouched.
    expect(studio.profilePhoto()).toBe(`photo:${PHOTO.length}`);
    expect(studio.callsTo('setMyProfilePhoto')).toHaveLength(1);
    expect(stack.emulator.profilePhoto()).toBeUndefined();
  }, 90_000);

  it('its creator is its admin there; its customers are not', async () => {
    const creator = studio.createUser({ id: OPERATOR, first_name: 'Olga', language_code: 'en' });
    const ann = annInStudio;
    await creator.sendCommand('stats');
    await creator.waitForMessage(/Statistics/, { timeoutMs: 30_000 });

    const after = stack.emulator.seq();
    await ann.sendCommand('stats');
    const answer = await ann.waitForMessage(undefined, { after, timeoutMs: 30_000 });
    expect(answer.text).not.toMatch(/Statistics/);
  }, 90_000);

  it('the same managed_bot update again makes no second bot and no second message', async () => {
    const update = stack.emulator.update(created.updateId)!;
    const { update_id: _id, ...again } = update;
    const before = operator.transcript();
    stack.emulator.pushUpdate(again);
    await stack.handledAll();
    expect(operator.transcript()).toBe(before);
    const rows = await stack.database.query<{ id: number }>`select id from bots`;
    expect(rows).toHaveLength(2);
  }, 60_000);

  it('🏠 Main menu under the /newbot keyboard takes the keyboard away and shows the menu', async () => {
    await operator.sendCommand('newbot');
    await operator.waitForMessage(/A bot of your own/);
    const after = stack.emulator.seq();
    await operator.sendText('🏠 Main menu');
    await operator.waitForMessage(/no new bot for now/, { after });
    await operator.waitForMessage(/What would you like/, { after });
    await stack.handledAll();
    expect(removedKeyboard(OPERATOR, after)).toBe(true);
  }, 60_000);
});
