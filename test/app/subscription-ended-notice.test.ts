/**
 * The end of a lapsed subscription is told in the language the customer chose (else their
 * Telegram's, else DEFAULT_LOCALE), with the button back to the plans.
 */
import type { Api } from 'grammy';
import { describe, expect, it } from 'vitest';
import { tellSubscriptionEnded } from '../../src/app/subscription-ended-notice.js';
import type { UserRecord } from '../../src/db/index.js';
import { createI18n } from '../../src/telegram/i18n.js';

function rig(rows: Record<number, Partial<UserRecord>>) {
  const sent: Array<{ chatId: number; text: string; other: unknown }> = [];
  const api = {
    sendMessage: async (chatId: number, text: string, other: unknown) => {
      sent.push({ chatId, text, other: JSON.parse(JSON.stringify(other)) });
      return { message_id: sent.length };
    },
  } as unknown as Pick<Api, 'sendMessage'>;
  const tell = tellSubscriptionEnded({
    api,
    i18n: createI18n('en', undefined, 'stars'),
    users: { find: async (id: number) => rows[id] as UserRecord | undefined },
    defaultLocale: 'en',
  });
  return { tell, sent };
}

describe('the notice of a lapsed subscription', () => {
  it('names the plan in the chosen language and offers the plans', async () => {
    const { tell, sent } = rig({
      1: { locale: 'ru', languageCode: 'en' },
      2: { locale: null, languageCode: 'de' },
    });
    await tell({ userId: 1, planId: 'pro' });
    await tell({ userId: 2, planId: 'pro' });
    expect(sent.map((s) => s.chatId)).toEqual([1, 2]);
    expect(sent[0]!.text).toMatch(/^Подписка Pro закончилась/);
    expect(sent[1]!.text).toMatch(/^Your Pro subscription has ended/);
    expect(sent[0]!.other).toEqual({
      reply_markup: { inline_keyboard: [[{ text: '🔁 Подписки', callback_data: expect.any(String) }]] },
    });
  });
});
