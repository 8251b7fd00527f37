/**
 * One broadcast message to one chat, through an Api of its own: no auto-retry (the sender honours
 * 429s for every send at once, not one request at a time) and no HTML default (the admin's
 * formatting goes back as the entities Telegram gave us, so nothing is parsed twice).
 */
import { Api, GrammyError, HttpError, InlineKeyboard, type Transformer } from 'grammy';
import type { MessageEntity } from 'grammy/types';
import type { BroadcastContent } from '../db/index.js';

export type SendOutcome =
  | { kind: 'sent' }
  /** 403: the user blocked the bot (or deleted the account): marked, never written to again. */
  | { kind: 'blocked'; description: string }
  /** 429: nothing was sent; wait `seconds`, then send again. */
  | { kind: 'retry_after'; seconds: number }
  /** 5xx or no connection: nothing was sent; try again later. */
  | { kind: 'unreachable'; description: string }
  /** Any other refusal (400 chat not found, a bad file id): not sent, not retried. */
  | { kind: 'failed'; description: string }
  /** The request went out and no answer came back: maybe delivered, so never sent again. */
  | { kind: 'unknown'; description: string };

export interface BroadcastTransport {
  send(chatId: number, content: BroadcastContent): Promise<SendOutcome>;
}

/** The request never left this machine (or was refused at connect): it cannot have been delivered. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

function errorCode(err: unknown, depth = 0): string | undefined {
  if (!err || typeof err !== 'object' || depth > 5) return undefined;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  return errorCode((err as { cause?: unknown }).cause, depth + 1);
}

/** What a failed send means for the broadcast. */
export function outcomeOf(err: unknown): SendOutcome {
  if (err instanceof GrammyError) {
    const description = err.description;
    if (err.error_code === 429) {
      return { kind: 'retry_after', seconds: Math.max(1, err.parameters.retry_after ?? 1) };
    }
    if (err.error_code === 403) return { kind: 'blocked', description };
    if (err.error_code >= 500) return { kind: 'unreachable', description };
    return { kind: 'failed', description };
  }
  if (err instanceof HttpError) {
    const code = errorCode(err.error);
    if (code && NOT_SENT_CODES.has(code)) return { kind: 'unreachable', description: code };
    return { kind: 'unknown', description: code ?? 'network error' };
  }
  return { kind: 'unknown', description: err instanceof Error ? err.message : String(err) };
}

export class TelegramBroadcastTransport implements BroadcastTransport {
  readonly #api: Api;

  constructor(opts: { token: string; apiRoot: string; transformers?: Transformer[] }) {
    this.#api = new Api(opts.token, { apiRoot: opts.apiRoot });
    for (const t of opts.transformers ?? []) this.#api.config.use(t);
  }

  async send(chatId: number, content: BroadcastContent): Promise<SendOutcome> {
    try {
      await deliverContent(this.#api, chatId, content);
      return { kind: 'sent' };
    } catch (err) {
      return outcomeOf(err);
    }
  }
}

/** Sends a broadcast's content to one chat (the sender, and the admin's preview). */
export function deliverContent(api: Api, chatId: number, content: BroadcastContent) {
  const reply_markup = content.button
    ? new InlineKeyboard().url(content.button.text, content.button.url)
    : undefined;
  const entities = content.entities as MessageEntity[];
  const media = { caption: content.text, caption_entities: entities, ...(reply_markup && { reply_markup }) };
  const text = { entities, ...(reply_markup && { reply_markup }) };
  switch (content.kind) {
    case 'text':
      return api.sendMessage(chatId, content.text, text);
    case 'photo':
      return api.sendPhoto(chatId, content.fileId!, media);
    case 'video':
      return api.sendVideo(chatId, content.fileId!, media);
    case 'document':
      return api.sendDocument(chatId, content.fileId!, media);
    case 'animation':
      return api.sendAnimation(chatId, content.fileId!, media);
  }
}
