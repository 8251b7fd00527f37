/** The referrer's reward notice as each referrer reads it: in the language they picked. */
import type { Api } from 'grammy';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { UserRecord } from '../../src/db/index.js';
import { createI18n } from '../../src/telegram/i18n.js';
import { ReferralNotifier } from '../../src/workers/referral-notifier.js';

describe('ReferralNotifier', () => {
  it("tells each referrer in their own language: a friend's generation, the amount, the balance", async () => {
    const sent: Array<{ chatId: number; text: string }> = [];
    const api = {
      sendMessage: async (chatId: number, text: string) => {
        sent.push({ chatId, text });
        return { message_id: sent.length };
      },
    } as unknown as Api;
    const notifier = new ReferralNotifier({
      config: { defaultLocale: 'en' },
      users: {
        find: async (id: number) => (id === 2 ? ({ locale: 'ru' } as UserRecord) : undefined),
        markBlocked: async () => {},
      },
      logger: pino({ level: 'silent' }),
      api,
      i18n: createI18n('en'),
    });
    await notifier.rewardEarned({ referrerId: 1, stars: 12, balance: 40 });
    await notifier.rewardEarned({ referrerId: 2, stars: 12, balance: 40 });
    expect(sent.map((s) => s.chatId)).toEqual([1, 2]);
    expect(sent[0]!.text).toMatch(/friend you invited.*generation.*12.*Balance.*40/s);
    expect(sent[1]!.text).toMatch(/Друг.*генерацию.*12.*Баланс.*40/s);
  });
});
