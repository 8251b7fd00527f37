/**
 * The flood notice speaks the customer's language: the one they chose with /language first, then
 * their Telegram's, then DEFAULT_LOCALE; a failure to send it is logged, never thrown at the inbox.
 */
import type { Api } from 'grammy';
import type { Update } from 'grammy/types';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { UserRecord } from '../../src/db/index.js';
import { createI18n } from '../../src/telegram/i18n.js';
import { floodNotice } from '../../src/workers/flood-notice.js';

const RU_NOTICE =
  'Сообщения приходят быстрее, чем бот успевает ответить, поэтому последние из них пропущены. Дождитесь ответа и, если нужно, отправьте их ещё раз.';
const EN_NOTICE =
  "You're sending messages faster than the bot can answer, so the latest ones were skipped. Wait for a reply, then send them again if you still need them.";

function rig(rows: Record<number, Partial<UserRecord>>, failSend = false) {
  const sent: Array<{ chatId: number; text: string }> = [];
  const warnings: unknown[] = [];
  const api = {
    sendMessage: async (chatId: number, text: string) => {
      if (failSend) throw new Error('Forbidden: bot was blocked by the user');
      sent.push({ chatId, text });
      return { message_id: sent.length };
    },
  } as unknown as Pick<Api, 'sendMessage'>;
  const logger = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(JSON.parse(line)) });
  const notify = floodNotice({
    api,
    i18n: createI18n('en'),
    users: { find: async (id: number) => rows[id] as UserRecord | undefined },
    defaultLocale: 'en',
    logger,
  });
  return { notify, sent, warnings };
}

const message = (userId: number, languageCode?: string): Update =>
  ({
    update_id: 1,
    message: {
      message_id: 1,
      date: 0,
      chat: { id: userId, type: 'private', first_name: 'Ann' },
      from: { id: userId, is_bot: false, first_name: 'Ann', language_code: languageCode },
      text: 'hello',
    },
  }) as Update;

describe('the flood notice', () => {
  it('a customer who chose Russian, on an English Telegram, reads it in Russian', async () => {
    const { notify, sent } = rig({ 5: { locale: 'ru', languageCode: 'en' } });
    await notify(message(5, 'en'));
    expect(sent).toEqual([{ chatId: 5, text: RU_NOTICE }]);
  });

  it("without a choice it follows Telegram's language, then the default locale", async () => {
    const { notify, sent } = rig({ 6: { locale: null, languageCode: 'ru' } });
    await notify(message(6, 'ru'));
    await notify(message(7, 'ru')); // no row yet: Telegram's language of the update
    await notify(message(8)); // neither: DEFAULT_LOCALE
    expect(sent).toEqual([
      { chatId: 6, text: RU_NOTICE },
      { chatId: 7, text: RU_NOTICE },
      { chatId: 8, text: EN_NOTICE },
    ]);
  });

  it('a chat that blocked the bot: logged, not thrown', async () => {
    const { notify, warnings } = rig({}, true);
    await expect(notify(message(9, 'en'))).resolves.toBeUndefined();
    expect(warnings).toEqual([
      expect.objectContaining({
        chatId: 9,
        msg: 'could not tell a flooding chat that its messages were dropped',
      }),
    ]);
  });
});
