/**
 * The admin's side of a broadcast: its progress message edited in place, then a final report as a
 * new message (so the admin is notified), in the language the admin composed it in.
 */
import type { I18n } from '@grammyjs/i18n';
import type { Api } from 'grammy';
import type { BroadcastRecord } from '../../db/index.js';
import type { ProgressSnapshot } from '../../services/broadcast-progress.js';
import { progressKeyboard, progressText, reportText } from '../../telegram/broadcast-view.js';
import type { TelegramContext } from '../../telegram/context.js';
import { textsFor } from '../../telegram/i18n.js';
import { editIgnoringNotModified } from '../../telegram/telegram-errors.js';
import type { BroadcastReporter } from './sender.js';

export class TelegramBroadcastReporter implements BroadcastReporter {
  constructor(
    /** The bot's Api (auto-retry, HTML parse mode). */
    private readonly api: Api,
    private readonly i18n: I18n<TelegramContext>,
  ) {}

  async progress(broadcast: BroadcastRecord, snapshot: ProgressSnapshot): Promise<void> {
    if (broadcast.progressMessageId === null) return;
    const texts = textsFor(this.i18n, broadcast.locale);
    const keyboard = progressKeyboard(texts, broadcast);
    await editIgnoringNotModified(
      this.api.editMessageText(
        broadcast.adminChatId,
        broadcast.progressMessageId,
        progressText(texts, broadcast, snapshot),
        keyboard ? { reply_markup: keyboard } : {},
      ),
    );
  }

  async finished(broadcast: BroadcastRecord, snapshot: ProgressSnapshot): Promise<void> {
    const texts = textsFor(this.i18n, broadcast.locale);
    if (broadcast.progressMessageId !== null) {
      await editIgnoringNotModified(
        this.api.editMessageText(
          broadcast.adminChatId,
          broadcast.progressMessageId,
          progressText(texts, broadcast, snapshot),
        ),
      ).catch(() => undefined);
    }
    await this.api.sendMessage(broadcast.adminChatId, reportText(texts, broadcast, snapshot.counts));
  }
}
