import { InlineKeyboard } from 'grammy';
import { afterResultData } from '../callback-data/after-result.js';
import type { ResultKind } from '../delivery/plan.js';
import type { Texts } from '../i18n.js';

/** "➕ 1", "➕ 2", ... per row for a multi-file result. */
const USE_BUTTONS_PER_ROW = 5;

/** A result file as the keyboard needs it: its position and how it reached the chat. */
export interface ResultFileKind {
  index: number;
  kind: ResultKind;
}

/** Photos and videos can go upstream again as an input; documents and animations cannot. */
export function reusableKind(kind: ResultKind): 'image' | 'video' | undefined {
  if (kind === 'photo') return 'image';
  if (kind === 'video') return 'video';
  return undefined;
}

/**
 * The buttons under a delivered result: 🔁 Again and ✏️ Change, then ➕ Use as input (one button,
 * or one per file of a multi-file result), then ↗️ Share when sharing is on, then 🖼 the result in the
 * customers' app where the Mini Apps are on (a web_app button: private chats only, as results are).
 */
export function afterResultKeyboard(
  ctx: Texts,
  orderId: string,
  files: readonly ResultFileKind[],
  opts: { share?: boolean; appUrl?: string | null } = {},
): InlineKeyboard {
  const keyboard = new InlineKeyboard()
    .text(ctx.t('after-result-button-again'), afterResultData.again.pack({ id: orderId }))
    .text(ctx.t('after-result-button-change'), afterResultData.change.pack({ id: orderId }));
  const usable = files.filter((f) => reusableKind(f.kind) !== undefined);
  if (usable.length === 1) {
    const [file] = usable as [ResultFileKind];
    keyboard
      .row()
      .text(ctx.t('after-result-button-use'), afterResultData.use.pack({ id: orderId, n: file.index }));
  } else if (usable.length > 1) {
    keyboard.row();
    usable.forEach((file, i) => {
      if (i > 0 && i % USE_BUTTONS_PER_ROW === 0) keyboard.row();
      keyboard.text(
        ctx.t('after-result-button-use-n', { n: file.index + 1 }),
        afterResultData.use.pack({ id: orderId, n: file.index }),
      );
    });
  }
  // An empty query: the inline menu lists the customer's newest results first.
  if (opts.share) keyboard.row().switchInline(ctx.t('after-result-button-share'), '');
  if (opts.appUrl) keyboard.row().webApp(ctx.t('after-result-button-app'), opts.appUrl);
  return keyboard;
}

/** The message above the after-result buttons: with several "➕ N" buttons, what they do. */
export function afterResultNext(ctx: Texts, files: ReadonlyArray<{ kind: ResultKind }>): string {
  const usable = files.filter((f) => reusableKind(f.kind) !== undefined);
  return ctx.t(usable.length > 1 ? 'after-result-next-several' : 'after-result-next');
}
