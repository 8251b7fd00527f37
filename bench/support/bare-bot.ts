/**
 * The yardstick of the in-process benchmarks: a bare grammY bot answering /help, its Telegram a
 * fake fetch that answers at once (so the figures are the bot's own cost).
 */
import { Bot } from 'grammy';
import { TEST_BOT_INFO } from '../../test/support/in-process-bot.js';

const answerAtOnce = async (url: string | URL | Request, init?: RequestInit) => {
  const payload = JSON.parse(String(init?.body ?? '{}'));
  return Response.json({
    ok: true,
    result: String(url).endsWith('sendMessage')
      ? { message_id: 1, date: 0, chat: { id: payload.chat_id, type: 'private' } }
      : true,
  });
};

export function bareHelpBot(): Bot {
  const bare = new Bot('123:TEST', { botInfo: TEST_BOT_INFO, client: { fetch: answerAtOnce as never } });
  bare.command('help', (ctx) => ctx.reply('help text'));
  return bare;
}
