import { randomBytes } from 'node:crypto';

/**
 * Inline messages the bot can edit by inline_message_id (those it posted through answerGuestQuery):
 * where each lives. The bot knows them by this id only; it has no chat message id for them.
 */
export class InlineMessages {
  readonly #byId = new Map<string, { chatId: number; messageId: number }>();

  /** A new id, placed once its message exists. Telegram's ids are opaque base64url strings. */
  reserve(): string {
    return `AQAAA${randomBytes(18).toString('base64url')}`;
  }

  place(id: string, chatId: number, messageId: number): void {
    this.#byId.set(id, { chatId, messageId });
  }

  get(id: string): { chatId: number; messageId: number } | undefined {
    return this.#byId.get(id);
  }
}
