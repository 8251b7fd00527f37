/**
 * /newbot's refusals, in process: MANAGED_BOTS off, a customer where only the admins may, no
 * BOT_TOKENS_SECRET, a main bot @BotFather has not let manage bots; a managed_bot update from a
 * user not allowed stores nothing; the chat's managed_bot_created note gets no answer.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createInProcessBot, type InProcessBot, textMessage } from '../support/in-process-bot.js';

let harness: InProcessBot;
afterEach(async () => {
  await harness?.close();
});

const ADMIN_ID = 90;
const CUSTOMER = { id: 7, first_name: 'Ann', language_code: 'en' };
const SECRET = 'managed-bots-unit-secret-0123456789-abcdef';

async function newbotAnswer(env: Record<string, string>, user: { id: number; language_code: string }) {
  harness = await createInProcessBot({ env: { ADMIN_IDS: String(ADMIN_ID), ...env } });
  await harness.send(textMessage(user, '/newbot'));
  const sent = harness.calls.findLast((c) => c.method === 'sendMessage');
  return { text: String(sent?.payload.text), markup: sent?.payload.reply_markup };
}

describe('/newbot refuses with one clear sentence', () => {
  it('when MANAGED_BOTS is off, even for an admin', async () => {
    const answer = await newbotAnswer(
      { MANAGED_BOTS: 'off', BOT_TOKENS_SECRET: SECRET },
      { id: ADMIN_ID, language_code: 'en' },
    );
    expect(answer.text).toBe('Creating bots here is turned off.');
    expect(answer.markup).toBeUndefined();
  });

  it('to a customer when only the admins may (the default), in their language', async () => {
    expect((await newbotAnswer({ BOT_TOKENS_SECRET: SECRET }, CUSTOMER)).text).toBe(
      "Only this bot's admins can create bots here.",
    );
    await harness.close();
    expect((await newbotAnswer({ BOT_TOKENS_SECRET: SECRET }, { id: 8, language_code: 'ru' })).text).toBe(
      'Создавать ботов здесь могут только админы этого бота.',
    );
  });

  it('without BOT_TOKENS_SECRET, saying it is needed', async () => {
    const answer = await newbotAnswer({ MANAGED_BOTS: 'everyone' }, CUSTOMER);
    expect(answer.text).toContain('<code>BOT_TOKENS_SECRET</code>');
    expect(answer.markup).toBeUndefined();
  });

  it('when @BotFather has not let the main bot manage bots (getMe can_manage_bots false)', async () => {
    const answer = await newbotAnswer({ MANAGED_BOTS: 'everyone', BOT_TOKENS_SECRET: SECRET }, CUSTOMER);
    expect(answer.text).toMatch(/@BotFather doesn't let this bot create bots yet/);
  });
});

describe('what Telegram reports after the dialog', () => {
  it('a managed bot created by a user not allowed is not stored, and they are told why', async () => {
    harness = await createInProcessBot({ env: { ADMIN_IDS: String(ADMIN_ID), BOT_TOKENS_SECRET: SECRET } });
    const bot = { id: 5000, is_bot: true, first_name: 'Sneaky', username: 'sneaky_bot' };
    await harness.send({
      managed_bot: { user: { id: CUSTOMER.id, is_bot: false, first_name: 'Ann', language_code: 'en' }, bot },
    });
    expect(harness.calls.map((c) => c.method)).not.toContain('getManagedBotToken');
    expect(harness.calls.findLast((c) => c.method === 'sendMessage')?.payload).toMatchObject({
      chat_id: CUSTOMER.id,
      text: "Only this bot's admins can create bots here.",
    });
    expect(await harness.store.bots.list()).toHaveLength(1);
  });

  it("the chat's note that a bot was created gets no answer", async () => {
    harness = await createInProcessBot({ env: { ADMIN_IDS: String(ADMIN_ID), BOT_TOKENS_SECRET: SECRET } });
    const from = { id: ADMIN_ID, is_bot: false, first_name: 'Olga', language_code: 'en' };
    await harness.send({
      message: {
        message_id: 1,
        date: 0,
        chat: { id: ADMIN_ID, type: 'private', first_name: 'Olga' },
        from,
        managed_bot_created: {
          bot: { id: 5001, is_bot: true, first_name: 'Studio', username: 'studio_bot' },
        },
      },
    });
    expect(harness.calls.filter((c) => c.method === 'sendMessage')).toEqual([]);
  });
});
