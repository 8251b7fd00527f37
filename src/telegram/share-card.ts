/**
 * A shared result's card, one for every way a customer shares: the bot's inline mode (↗️ Share,
 * bot/features/share.ts) and the customers' app's Share to a chat (savePreparedInlineMessage,
 * app/app-gallery.ts). The photo or video Telegram already has (by file id), a caption naming the
 * bot, and "Create yours": the sharer's referral link where referrals run, else the bot's.
 */
import { InlineKeyboard, InlineQueryResultBuilder } from 'grammy';
import type { InlineQueryResult } from 'grammy/types';
import { truncate } from '../lib/text.js';
import type { ReferralProgram } from '../services/referrals.js';
import type { Texts } from './i18n.js';
import { fitCaption } from './texts/result-caption.js';
import { referralLink } from './texts/start-links.js';

const VIDEO_TITLE_CHARS = 64;

/** The sharer's referral link where the referral program runs (Stars billing), else the bot's. */
export async function createYoursLink(
  referrals: Pick<ReferralProgram, 'offered' | 'codeOf'>,
  botUsername: string,
  userId: number,
): Promise<string> {
  const code = referrals.offered ? await referrals.codeOf(userId) : undefined;
  return code ? referralLink(botUsername, code) : `https://t.me/${botUsername}?start`;
}

/** What a card shows: one result file Telegram has as a photo or a video. */
export interface SharedFile {
  /** The result's id in the answer (at most 64 bytes): `<order id>:<file index>`. */
  id: string;
  kind: 'photo' | 'video';
  fileId: string;
  /** A video's title (Telegram requires one): the model's name. */
  modelName: string;
}

/** The card's caption and button, the same for every result of one answer. */
export function shareCardParts(texts: Pick<Texts, 't'>, botUsername: string, link: string) {
  return {
    caption: fitCaption(texts.t('share-caption', { bot: `@${botUsername}` })),
    parse_mode: 'HTML' as const,
    reply_markup: new InlineKeyboard().url(texts.t('share-button-create'), link),
  };
}

export function shareCard(file: SharedFile, parts: ReturnType<typeof shareCardParts>): InlineQueryResult {
  return file.kind === 'photo'
    ? InlineQueryResultBuilder.photoCached(file.id, file.fileId, parts)
    : InlineQueryResultBuilder.videoCached(
        file.id,
        truncate(file.modelName, VIDEO_TITLE_CHARS),
        file.fileId,
        parts,
      );
}
