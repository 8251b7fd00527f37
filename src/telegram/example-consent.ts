/**
 * What the chat says about a model's examples (issue 43), for the control room's picks
 * (app/app-examples.ts) and the owner's buttons (bot/features/example-consent.ts) alike:
 * - the question to a result's owner, in their language: the picture or video again (by file id),
 *   a caption naming the brand and the model, ✅ Allow and No, thanks;
 * - the caption and buttons after their answer (shown, with Stop showing; declined; withdrawn);
 * - an admin's upload, sent to their own chat so that Telegram keeps it and gives its file id and a
 *   small preview (a ~320 px photo size, a video's thumbnail).
 * Every variable goes through Texts, which escapes it for HTML.
 */
import type { I18n } from '@grammyjs/i18n';
import { type Api, InlineKeyboard, InputFile } from 'grammy';
import type { Message, PhotoSize } from 'grammy/types';
import type { ExampleKind, ModelExampleRecord } from '../db/model-example-records.js';
import type { OrderRecord, UserRecord } from '../db/records.js';
import type { AskOutcome, StoredUpload } from '../services/model-examples.js';
import { exampleData } from './callback-data/examples.js';
import type { TelegramContext } from './context.js';
import { isChatGone } from './delivery/deliver.js';
import { type Locale, type Texts, textsForUser } from './i18n.js';

/** A caption and the buttons under it (none: the question is settled). */
export interface ConsentView {
  caption: string;
  keyboard: InlineKeyboard | undefined;
}

/** The view of the owner's message for the example's state, in `texts`' language. */
export function consentView(
  texts: Pick<Texts, 't'>,
  example: Pick<ModelExampleRecord, 'id' | 'state' | 'kind'>,
  modelName: string,
): ConsentView {
  const model = { model: modelName };
  switch (example.state) {
    case 'shown':
      return {
        caption: texts.t('example-consent-shown', model),
        keyboard: new InlineKeyboard().text(
          texts.t('example-consent-button-stop'),
          exampleData.answer.pack({ a: 's', id: example.id }),
        ),
      };
    case 'declined':
      return { caption: texts.t('example-consent-declined', model), keyboard: undefined };
    case 'withdrawn':
      return { caption: texts.t('example-consent-withdrawn', model), keyboard: undefined };
    default:
      return {
        caption: texts.t(
          example.kind === 'video' ? 'example-consent-ask-video' : 'example-consent-ask',
          model,
        ),
        keyboard: new InlineKeyboard()
          .text(texts.t('example-consent-button-allow'), exampleData.answer.pack({ a: 'y', id: example.id }))
          .text(
            texts.t('example-consent-button-decline'),
            exampleData.answer.pack({ a: 'n', id: example.id }),
          ),
      };
  }
}

export interface ConsentAskDeps {
  api: Api;
  i18n: I18n<TelegramContext>;
  defaultLocale: Locale;
  findUser(userId: number): Promise<UserRecord | undefined>;
  /** The model's name as `texts`' reader reads it (an admin's name for it, else the order's). */
  modelNameOf(texts: Texts, order: OrderRecord): string;
}

/**
 * Sends the owner of `order` the question about `example` in their private chat, in their language;
 * 'unreachable' when their chat takes nothing from the bot (blocked it, never opened it). Other
 * failures (the network) are thrown.
 */
export async function askOwner(
  deps: ConsentAskDeps,
  example: ModelExampleRecord,
  order: OrderRecord,
): Promise<AskOutcome> {
  const owner = await deps.findUser(order.userId);
  const texts = textsForUser(deps.i18n, owner, deps.defaultLocale);
  const view = consentView(texts, example, deps.modelNameOf(texts, order));
  const other = { caption: view.caption, ...(view.keyboard && { reply_markup: view.keyboard }) };
  try {
    if (example.kind === 'video') await deps.api.sendVideo(order.userId, example.fileId, other);
    else await deps.api.sendPhoto(order.userId, example.fileId, other);
    return 'sent';
  } catch (err) {
    if (isChatGone(err)) return 'unreachable';
    throw err;
  }
}

/** A preview's side: about what a phone's strip of examples shows. */
const PREVIEW_SIDE = 320;

/** The smallest of a photo's sizes that is at least PREVIEW_SIDE on its longer side (not the full one). */
function photoPreview(sizes: readonly PhotoSize[]): PhotoSize | undefined {
  const smaller = sizes.slice(0, -1);
  return smaller.find((s) => Math.max(s.width, s.height) >= PREVIEW_SIDE) ?? smaller.at(-1);
}

/** The file and preview of a message the bot sent with a photo or a video. */
function storedOf(message: Message): StoredUpload | undefined {
  const photo = message.photo?.at(-1);
  if (photo) {
    return { fileId: photo.file_id, previewFileId: photoPreview(message.photo ?? [])?.file_id ?? null };
  }
  if (message.video) {
    return { fileId: message.video.file_id, previewFileId: message.video.thumbnail?.file_id ?? null };
  }
  return undefined;
}

/**
 * Sends an admin's upload to their own private chat, with `caption`, so that Telegram keeps it: its
 * file id and preview. Throws when Telegram refuses it (their chat with the bot never opened, a file
 * Telegram cannot read) or answers with something else.
 */
export async function storeUpload(
  api: Api,
  adminId: number,
  upload: { bytes: Uint8Array; kind: ExampleKind; format: string },
  caption: string,
): Promise<StoredUpload> {
  const file = new InputFile(upload.bytes, `example.${upload.format === 'jpeg' ? 'jpg' : upload.format}`);
  const message =
    upload.kind === 'video'
      ? await api.sendVideo(adminId, file, { caption, supports_streaming: true })
      : await api.sendPhoto(adminId, file, { caption });
  const stored = storedOf(message);
  if (!stored) throw new Error('Telegram kept the upload as neither a photo nor a video');
  return stored;
}
