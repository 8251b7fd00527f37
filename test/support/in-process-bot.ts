/**
 * In-process bot for handler tests: the real middleware stack with a preset botInfo, a fresh
 * database (support/databases.ts), and an API transformer that records every call instead of reaching Telegram.
 * End-to-end tests use the HTTP emulator instead (test/support/telegram/).
 */
import type { ApiClientOptions } from 'grammy';
import type { Update, UserFromGetMe } from 'grammy/types';
import { pino } from 'pino';
import { createServices } from '../../src/app/services.js';
import { createBot } from '../../src/bot/index.js';
import { loadConfig } from '../../src/config.js';
import type { Store } from '../../src/db/index.js';
import type { Timers } from '../../src/lib/timers.js';
import { createI18n } from '../../src/telegram/i18n.js';
import type { TestDatabase } from './database-factory.js';

export const TEST_BOT_INFO: UserFromGetMe = {
  id: 1000,
  is_bot: true,
  first_name: 'Test Bot',
  username: 'test_bot',
  can_join_groups: false,
  can_read_all_group_messages: false,
  supports_inline_queries: false,
  can_connect_to_business: false,
  has_main_web_app: false,
  has_topics_enabled: false,
  allows_users_to_create_topics: false,
} as UserFromGetMe;

interface RecordedApiCall {
  method: string;
  payload: Record<string, unknown>;
}

export interface InProcessBot {
  bot: ReturnType<typeof createBot>;
  calls: RecordedApiCall[];
  users: ReturnType<typeof createServices>['users'];
  /** Everything the bot's handlers reach (the wallet, orders...), for setting up a test. */
  services: ReturnType<typeof createServices>;
  /** The next call of `method` fails with this Telegram error. */
  failNext(method: string, error: { error_code: number; description: string }): void;
  send(update: Omit<Update, 'update_id'>): Promise<void>;
  close(): Promise<void>;
  database: TestDatabase;
  /** The bot's own store (a benchmark's inbox shares it: one SQLite connection per process). */
  store: Store;
}

let updateId = 1;
let messageId = 100;

export async function createInProcessBot(
  opts: {
    env?: Record<string, string>;
    upstream?: { baseUrl: string; apiKey: string };
    /** Where it keeps its data (benchmarks choose); by default the test run's database. */
    database?: TestDatabase;
    /** The live settings' version checks run on these (started by the test). */
    liveSettingsTimers?: Timers;
    /** Every Bot API call as it is made, before it is answered (what happened before it shows). */
    onApiCall?: (method: string) => void;
  } = {},
): Promise<InProcessBot> {
  // Imported late: databases.ts needs the vitest runner; benchmarks pass a database of their own.
  const database = opts.database ?? (await (await import('./databases.js')).createTestDatabase());
  const store = await database.open();
  // The fake API below never limits: no send budget of the bot's own, unless a test asks for one.
  const config = loadConfig({ BOT_TOKEN: '123:TEST', TELEGRAM_SEND_RATE: '0', ...opts.env });
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const services = createServices({
    config,
    logger,
    store,
    upstream: opts.upstream ?? { baseUrl: 'http://127.0.0.1:9/api/v1', apiKey: 'unused' },
    ...(opts.liveSettingsTimers && { liveSettingsTimers: opts.liveSettingsTimers }),
    // The upstream client retries at once: an outage the simulator injects costs no wall-clock time.
    upstreamSleep: async () => {},
  });
  const users = services.users;
  const calls: RecordedApiCall[] = [];
  const failures = new Map<string, { error_code: number; description: string }>();
  // A fake `fetch` at the very bottom of grammY's client, so every transformer (auto-retry,
  // parse mode) runs exactly as in production; it answers each method in the shape Telegram does.
  const fakeFetch = async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const method = String(url).split('/').pop()!;
    const payload = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    calls.push({ method, payload });
    opts.onApiCall?.(method);
    const failure = failures.get(method);
    if (failure) {
      failures.delete(method);
      return Response.json({ ok: false, ...failure }, { status: failure.error_code });
    }
    const result = fakeResult(method, payload);
    return Response.json({ ok: true, result });
  };
  const bot = createBot(config.botToken, {
    store,
    botInfo: TEST_BOT_INFO,
    deps: {
      config,
      logger,
      i18n: createI18n(config.defaultLocale, config.branding, config.billing.mode, config.timeZone),
      sandbox: true,
      ...services,
    },
    client: { fetch: fakeFetch as unknown as ApiClientOptions['fetch'] },
  });
  return {
    bot,
    calls,
    users,
    services,
    database,
    store,
    failNext: (method, error) => failures.set(method, error),
    send: (update) => bot.handleUpdate({ update_id: updateId++, ...update } as Update),
    close: () => database.drop(),
  };
}

/** What Telegram answers `method` with, in the shape handlers read (a sent message has an id). */
function fakeResult(method: string, payload: Record<string, unknown>): unknown {
  const message = (fields: Record<string, unknown>) => ({
    message_id: messageId++,
    date: 0,
    chat: { id: payload.chat_id, type: 'private' },
    ...(payload.caption !== undefined && { caption: payload.caption }),
    ...(payload.reply_markup !== undefined && { reply_markup: payload.reply_markup }),
    ...fields,
  });
  switch (method) {
    case 'sendMessage':
      return message({ text: payload.text });
    case 'sendPhoto':
      return message({
        photo: [{ file_id: `photo-${messageId}`, file_unique_id: `p${messageId}`, width: 1, height: 1 }],
      });
    case 'sendVideo':
      return message({
        video: {
          file_id: `video-${messageId}`,
          file_unique_id: `v${messageId}`,
          width: 1,
          height: 1,
          duration: 1,
        },
      });
    case 'sendAnimation':
      return message({
        animation: {
          file_id: `gif-${messageId}`,
          file_unique_id: `a${messageId}`,
          width: 1,
          height: 1,
          duration: 1,
        },
      });
    case 'sendDocument':
      return message({ document: { file_id: `doc-${messageId}`, file_unique_id: `d${messageId}` } });
    case 'sendInvoice':
      return message({
        invoice: {
          title: payload.title,
          description: payload.description,
          start_parameter: '',
          currency: payload.currency,
          total_amount: 0,
        },
      });
    case 'sendMediaGroup':
      return ((payload.media as { type: string }[] | undefined) ?? []).map((item) =>
        message({
          [item.type]:
            item.type === 'photo'
              ? [{ file_id: `photo-${messageId}`, file_unique_id: `p${messageId}`, width: 1, height: 1 }]
              : { file_id: `${item.type}-${messageId}`, file_unique_id: `m${messageId}` },
        }),
      );
    case 'copyMessage':
      return { message_id: messageId++ };
    case 'editMessageText':
    case 'editMessageCaption':
    case 'editMessageReplyMarkup':
    case 'editMessageMedia':
      // An inline message's edit answers true; a chat message's answers the edited message.
      return payload.inline_message_id !== undefined
        ? true
        : {
            ...message(method === 'editMessageText' ? { text: payload.text } : {}),
            message_id: payload.message_id,
            edit_date: 0,
          };
    case 'createInvoiceLink':
      return `https://t.me/$invoice-${messageId++}`;
    case 'getStarTransactions':
      return { transactions: [] };
    default:
      return true;
  }
}

export function textMessage(from: { id: number; language_code?: string; first_name?: string }, text: string) {
  const entities = text.startsWith('/')
    ? [{ type: 'bot_command' as const, offset: 0, length: text.split(' ')[0]!.length }]
    : undefined;
  return {
    message: {
      message_id: messageId++,
      date: Math.floor(Date.now() / 1000),
      chat: { id: from.id, type: 'private' as const, first_name: from.first_name ?? 'Ann' },
      from: {
        id: from.id,
        is_bot: false,
        first_name: from.first_name ?? 'Ann',
        language_code: from.language_code,
      },
      text,
      entities,
    },
  };
}

/** A whole update carrying `textMessage(from, text)`. */
export function textUpdate(updateId: number, from: Parameters<typeof textMessage>[0], text: string): Update {
  return { update_id: updateId, ...textMessage(from, text) } as Update;
}

export function callbackQuery(from: { id: number; language_code?: string }, data: string, onMessageId = 1) {
  return {
    callback_query: {
      id: `cb${updateId}`,
      chat_instance: 'ci',
      from: { id: from.id, is_bot: false, first_name: 'Ann', language_code: from.language_code },
      data,
      message: {
        message_id: onMessageId,
        date: 0,
        chat: { id: from.id, type: 'private' as const, first_name: 'Ann' },
        text: 'menu',
      },
    },
  };
}
