/**
 * Screens of the prompt library as text + keyboard, built from Texts alone so the same builders
 * serve the feature's handlers and the search conversation. Upstream text (titles, prompts,
 * category names) goes into messages only through `t` variables or escapeHtml, and into button
 * labels (plain text) cut to length; never into callback data.
 */

import { InlineKeyboard } from 'grammy';
import { escapeHtml } from '../../lib/html.js';
import { truncate } from '../../lib/text.js';
import type { Model, Prompt, PromptsPage } from '../../reseller/schemas.js';
import type { CatalogModel } from '../../services/catalog.js';
import type { PromptCategory } from '../../services/prompt-library.js';
import type { StarPricing } from '../../services/wallet/star-pricing.js';
import { menuData } from '../callback-data/menu.js';
import { type ListRef, MAX_PAGE, promptButtons, shortId, type TypeCode } from '../callback-data/prompts.js';
import type { Texts } from '../i18n.js';
import { modelName } from '../texts/model-name.js';
import { modelButtonLabel } from '../texts/money.js';
import { newOrderKeyboard, retryKeyboard } from './way-out.js';

export interface Screen {
  text: string;
  keyboard: InlineKeyboard;
}

/** What the detail view keeps for the prompt itself; the rest of the message is short and bounded. */
const DETAIL_PROMPT_UNITS = 3300;
const EXCERPT_CHARS = 90;
const TITLE_CHARS = 120;
const BUTTON_TITLE_CHARS = 40;
const BUTTON_CATEGORY_CHARS = 28;
const NAME_CHARS = 60;
const MAX_CATEGORY_BUTTONS = 60;

/** Cuts to at most `max` characters (code points), ending with "…" when cut. */

/**
 * Cuts to at most `maxUnits` UTF-16 units (how Telegram counts), never splitting a surrogate
 * pair, ending with "…" when cut.
 */
export function cutToUnits(text: string, maxUnits: number): { text: string; cut: boolean } {
  if (text.length <= maxUnits) return { text, cut: false };
  let end = Math.max(0, maxUnits - 1);
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return { text: `${text.slice(0, end).trimEnd()}…`, cut: true };
}

/** One line for lists: whitespace collapsed, then cut. */
export function excerpt(text: string, max = EXCERPT_CHARS): string {
  return truncate(text.replace(/\s+/g, ' ').trim(), max);
}

export interface LocalizedPrompt {
  title: string;
  text: string;
  /** Set when the user's language version is missing and the other one is shown. */
  shownIn: 'en' | 'ru' | undefined;
}

/**
 * The user's language version of a prompt, or the other one (and which) when it has only that.
 * The library is written in English and Russian: every other language reads the English one.
 */
export function localizePrompt(prompt: Prompt, locale: string): LocalizedPrompt {
  const ru = locale === 'ru';
  const own = {
    title: ru ? prompt.title_ru : prompt.title_en,
    text: ru ? prompt.prompt_ru : prompt.prompt_en,
  };
  const other = {
    title: ru ? prompt.title_en : prompt.title_ru,
    text: ru ? prompt.prompt_en : prompt.prompt_ru,
  };
  const fallback = own.text == null || own.title == null;
  return {
    title: own.title ?? other.title ?? `#${prompt.id}`,
    text: own.text ?? other.text ?? '',
    shownIn: fallback ? (ru ? 'en' : 'ru') : undefined,
  };
}

/**
 * The prompts a customer can read: in Russian all, an English-only one marked as such; in any
 * other language only those written in English (a Russian-only entry means nothing to them).
 */
export function readablePrompts(prompts: readonly Prompt[], locale: string): Prompt[] {
  if (locale === 'ru') return [...prompts];
  return prompts.filter((p) => !!p.title_en?.trim() && !!p.prompt_en?.trim());
}

/** A category's name: Russian in Russian, English in every other language. */
export function localizedName(name: { name_ru: string; name_en: string }, locale: string): string {
  return truncate(locale === 'ru' ? name.name_ru : name.name_en, NAME_CHARS);
}

function typeLabel(ctx: Texts, type: TypeCode): string {
  return ctx.t(
    type === 'i' ? 'prompts-type-image' : type === 'v' ? 'prompts-type-video' : 'prompts-type-all',
  );
}

function header(ctx: Texts, context: ListContext): string {
  return context.kind === 's'
    ? ctx.t('prompts-search-header', { query: context.query })
    : ctx.t('prompts-category-header', {
        type: typeLabel(ctx, context.type),
        category: localizedName(context.category, ctx.locale),
      });
}

function mainMenuButton(ctx: Texts, keyboard = new InlineKeyboard()): InlineKeyboard {
  return keyboard.text(ctx.t('button-main-menu'), menuData.pack({ item: 'home' }));
}

/** /prompts: what kind of prompts to browse. */
export function typesScreen(ctx: Texts): Screen {
  const keyboard = new InlineKeyboard()
    .text(ctx.t('prompts-type-image'), promptButtons.type('i'))
    .text(ctx.t('prompts-type-video'), promptButtons.type('v'))
    .row()
    .text(ctx.t('prompts-type-all'), promptButtons.type('a'))
    .text(ctx.t('prompts-button-search'), promptButtons.search('a'))
    .row();
  return {
    text: `${ctx.t('prompts-title')}\n\n${ctx.t('prompts-intro')}`,
    keyboard: mainMenuButton(ctx, keyboard),
  };
}

/** The categories of a type, two per row, with search and Back. */
export function categoriesScreen(ctx: Texts, type: TypeCode, all: PromptCategory[]): Screen {
  const keyboard = new InlineKeyboard();
  // Telegram takes at most 100 buttons; beyond this many categories, search is the way in.
  const categories = all.slice(0, MAX_CATEGORY_BUTTONS);
  categories.forEach((category, i) => {
    const ref: ListRef = { kind: 'c', type, key: shortId(category.key), page: 1 };
    keyboard.text(
      truncate(localizedName(category, ctx.locale), BUTTON_CATEGORY_CHARS),
      promptButtons.list(ref),
    );
    if (i % 2 === 1) keyboard.row();
  });
  if (categories.length % 2 === 1) keyboard.row();
  keyboard
    .text(ctx.t('prompts-button-search'), promptButtons.search(type))
    .row()
    .text(ctx.t('button-back'), menuData.pack({ item: 'prompts' }));
  const body =
    categories.length > 0
      ? ctx.t('prompts-choose-category', { type: typeLabel(ctx, type) })
      : ctx.t('prompts-no-categories', { type: typeLabel(ctx, type) });
  return { text: `${ctx.t('prompts-title')}\n${body}`, keyboard };
}

/** Asking for search words (the answer is read by the search conversation). */
export function searchAskScreen(ctx: Texts, type: TypeCode): Screen {
  return {
    text: ctx.t('prompts-search-ask', { max: SEARCH_MAX_CHARS }),
    keyboard: new InlineKeyboard().text(ctx.t('button-back'), searchBackData(type)),
  };
}

/** A search of one type goes back to its categories; a search of everything to the first screen. */
function searchBackData(type: TypeCode): string {
  return type === 'a' ? menuData.pack({ item: 'prompts' }) : promptButtons.type(type);
}

export const SEARCH_MAX_CHARS = 64;

/** Search words as sent: control characters and runs of whitespace become one space. */
export function normalizeSearch(text: string): string {
  return text
    .replace(/[\p{Cc}\u200b\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export type ListContext =
  | { kind: 'c'; type: TypeCode; category: { key: string; name_ru: string; name_en: string } }
  | { kind: 's'; type: TypeCode; query: string };

export function refOf(context: ListContext, page: number): ListRef {
  return {
    kind: context.kind,
    type: context.type,
    key: shortId(context.kind === 's' ? context.query : context.category.key),
    page,
  };
}

function languageNote(ctx: Texts, shownIn: LocalizedPrompt['shownIn']): string {
  return shownIn ? ` ${ctx.t('prompts-only-in', { language: shownIn })}` : '';
}

/** A page of prompts: a numbered line each (title, note, excerpt), a button each, Prev/Next, Back. */
export function listScreen(ctx: Texts, context: ListContext, result: PromptsPage): Screen {
  const page = result.meta.current_page;
  const pages = Math.max(1, result.meta.last_page);
  const lines = [ctx.t('prompts-title'), header(ctx, context)];
  if (pages > 1) lines.push(ctx.t('prompts-page', { page, pages }));
  lines.push('');
  const keyboard = new InlineKeyboard();
  const perPage = result.meta.per_page > 0 ? result.meta.per_page : result.data.length;
  const prompts = readablePrompts(result.data, ctx.locale);
  if (prompts.length === 0) {
    lines.push(ctx.t(context.kind === 's' ? 'prompts-search-empty' : 'prompts-empty'));
  }
  prompts.forEach((prompt, i) => {
    const n = (page - 1) * perPage + i + 1;
    const shown = localizePrompt(prompt, ctx.locale);
    lines.push(
      ctx.t('prompts-line', {
        n,
        title: truncate(shown.title, TITLE_CHARS),
        note: languageNote(ctx, shown.shownIn),
      }),
    );
    if (shown.text) lines.push(`<i>${escapeHtml(excerpt(shown.text))}</i>`);
    lines.push('');
    keyboard
      .text(
        `${n}. ${truncate(shown.title, BUTTON_TITLE_CHARS)}`,
        promptButtons.details(prompt.id, refOf(context, page)),
      )
      .row();
  });
  if (page > 1) keyboard.text(ctx.t('prompts-button-prev'), promptButtons.list(refOf(context, page - 1)));
  if (page < Math.min(pages, MAX_PAGE))
    keyboard.text(ctx.t('prompts-button-next'), promptButtons.list(refOf(context, page + 1)));
  if (pages > 1) keyboard.row();
  keyboard
    .text(
      ctx.t(context.kind === 's' ? 'prompts-button-search-again' : 'prompts-button-search'),
      promptButtons.search(context.type),
    )
    .row()
    .text(
      ctx.t('button-back'),
      context.kind === 's' ? searchBackData(context.type) : promptButtons.type(context.type),
    );
  return { text: lines.join('\n').trimEnd(), keyboard };
}

/** One prompt: title, category and type, the language note, the prompt (cut to fit), Use and Back. */
export function detailScreen(ctx: Texts, context: ListContext, ref: ListRef, prompt: Prompt): Screen {
  const shown = localizePrompt(prompt, ctx.locale);
  const lines: string[] = [];
  // A search is named in every screen reached from it: Back finds the query there.
  if (context.kind === 's') lines.push(header(ctx, context), '');
  lines.push(ctx.t('prompts-detail-title', { title: truncate(shown.title, TITLE_CHARS) }));
  lines.push(
    ctx.t('prompts-detail-category', {
      category: localizedName(prompt.category, ctx.locale),
      type: localizedName(prompt.type, ctx.locale),
    }),
  );
  if (shown.shownIn) lines.push(ctx.t('prompts-detail-only-in', { language: shown.shownIn }));
  const body = cutToUnits(shown.text, DETAIL_PROMPT_UNITS);
  lines.push('', `<blockquote>${escapeHtml(body.text)}</blockquote>`);
  if (body.cut) lines.push(ctx.t('prompts-detail-cut'));
  const keyboard = new InlineKeyboard()
    .text(ctx.t('prompts-button-use'), promptButtons.use(prompt.id, ref))
    .row()
    .text(ctx.t('button-back'), promptButtons.list(ref));
  return { text: lines.join('\n'), keyboard };
}

/** Models that can take this prompt, priced as in the generation menu. */
export function modelsScreen(
  ctx: Texts,
  context: ListContext,
  ref: ListRef,
  prompt: Prompt,
  models: Model[],
  pricing?: StarPricing,
): Screen {
  const shown = localizePrompt(prompt, ctx.locale);
  const lines: string[] = [];
  if (context.kind === 's') lines.push(header(ctx, context), '');
  lines.push(ctx.t('prompts-detail-title', { title: truncate(shown.title, TITLE_CHARS) }));
  lines.push(ctx.t(models.length > 0 ? 'prompts-choose-model' : 'prompts-no-models'));
  const keyboard = new InlineKeyboard();
  for (const model of models) {
    const label = modelButtonLabel(ctx, model, pricing);
    keyboard.text(label, promptButtons.model(prompt.id, model.id, ref)).row();
  }
  keyboard.text(ctx.t('button-back'), promptButtons.details(prompt.id, ref));
  return { text: lines.join('\n'), keyboard };
}

/** The prompt does not fit the chosen model: say why and show it to copy and edit. */
export function promptMisfitText(
  ctx: Texts,
  model: CatalogModel,
  text: string,
  limits: { length: number; min: number; max: number | undefined },
): string {
  const reason =
    limits.max !== undefined && limits.length > limits.max
      ? ctx.t('prompts-too-long', { model: modelName(ctx, model), length: limits.length, max: limits.max })
      : ctx.t('prompts-too-short', { model: modelName(ctx, model), length: limits.length, min: limits.min });
  const copy = cutToUnits(text, DETAIL_PROMPT_UNITS);
  return `${reason}\n\n<code>${escapeHtml(copy.text)}</code>`;
}

/**
 * Upstream failed: the reason, and 🔄 Try again pressing `retryData` once more. A search's words
 * stay shown in bold above it, because the search's buttons read them from the message.
 */
export function outageScreen(ctx: Texts, reason: string, retryData: string, context?: ListContext): Screen {
  const text = context?.kind === 's' ? `${header(ctx, context)}\n\n${reason}` : reason;
  return { text, keyboard: retryKeyboard(ctx, retryData) };
}

/** The library is closed (deposit_required): the way on is describing the idea in the form. */
export function closedScreen(ctx: Texts, text: string): Screen {
  return { text, keyboard: newOrderKeyboard(ctx) };
}
