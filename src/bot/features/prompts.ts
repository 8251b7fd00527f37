/**
 * /prompts: the upstream prompt library in the user's language. Images / Videos / All, then a
 * category, then pages of prompts; or a search (a short conversation reads the words, so waiting
 * for them survives a restart). A prompt opens with its full text and "Use this prompt", which
 * asks for a model of the prompt's type and starts the generation form with the prompt filled in.
 * Every button is checked: forged or stale data gets a short answer and changes nothing.
 */

import { type Conversation, createConversation } from '@grammyjs/conversations';
import { InlineKeyboard, type MiddlewareFn } from 'grammy';
import type { MaybeInaccessibleMessage } from 'grammy/types';
import { truncate } from '../../lib/text.js';
import type { Model, Prompt, PromptsPage } from '../../reseller/schemas.js';
import { planForm } from '../../services/model-form.js';
import type { PromptListQuery } from '../../services/prompt-library.js';
import { asResellerError } from '../../services/submission-errors.js';
import { menuData } from '../../telegram/callback-data/menu.js';
import {
  type ListRef,
  MAX_PAGE,
  PROMPT_BUTTON_PREFIX,
  parsePromptButton,
  promptButtons,
  shortId,
  type TypeCode,
  typeFromCode,
} from '../../telegram/callback-data/prompts.js';
import {
  categoriesScreen,
  closedScreen,
  detailScreen,
  type ListContext,
  listScreen,
  localizePrompt,
  modelsScreen,
  normalizeSearch,
  outageScreen,
  promptMisfitText,
  refOf,
  type Screen,
  SEARCH_MAX_CHARS,
  searchAskScreen,
  typesScreen,
} from '../../telegram/keyboards/prompts.js';
import { editIgnoringNotModified } from '../../telegram/telegram-errors.js';
import { modelName } from '../../telegram/texts/model-name.js';
import { upstreamErrorText } from '../../telegram/texts/upstream-errors.js';
import { Composer } from '../composer.js';
import type { BaseContext, BotContext } from '../context.js';
import { clearButtons, type GenerateArgs } from '../conversations/generate/form-conversation.js';
import { GENERATE_CONVERSATION } from '../conversations/generate/generate.js';

const PROMPT_SEARCH_CONVERSATION = 'prompt-search';
/** After this long without an answer, a message is no longer taken as search words. */
const SEARCH_WAIT_MS = 15 * 60_000;

type Failure = { ok: false; code: string; message: string; required?: number; deposited?: number };
type Loaded<T> = { ok: true; value: T } | Failure;

/** Runs an upstream read; a failure becomes a JSON-safe value (also inside conversation.external). */
async function attempt<T>(ctx: BaseContext, what: string, load: () => Promise<T>): Promise<Loaded<T>> {
  try {
    return { ok: true, value: await load() };
  } catch (error) {
    const failure = asResellerError(error);
    const { required, deposited } = failure.details;
    if (failure.code === 'deposit_required') {
      // The reseller's own figures: for the logs (and admins), never for end users.
      ctx.logger.warn({ required, deposited }, 'prompt library closed: total deposit below the threshold');
    } else {
      ctx.logger.warn({ err: error, code: failure.code }, `prompt library: ${what} failed`);
    }
    return {
      ok: false,
      code: String(failure.code),
      message: failure.message,
      ...(required !== undefined ? { required } : {}),
      ...(deposited !== undefined ? { deposited } : {}),
    };
  }
}

/** Transport failures say only what happened; upstream's own errors already say when to retry. */
const OUTAGES = new Set(['network_error', 'timeout', 'bad_response']);

/**
 * What a failed read shows: an outage offers 🔄 Try again (pressing `retryData`, in `context` if
 * a list was open); the closed library offers the form, to describe the idea without a prompt.
 */
function failureScreen(ctx: BaseContext, failure: Failure, retryData: string, context?: ListContext): Screen {
  if (failure.code !== 'deposit_required') {
    let reason = upstreamErrorText(ctx, failure.code);
    if (OUTAGES.has(failure.code)) reason += ` ${ctx.t('prompts-try-again')}`;
    return outageScreen(ctx, reason, retryData, context);
  }
  let text = ctx.t('prompts-unavailable');
  if (ctx.user?.role === 'admin' && failure.required !== undefined) {
    text += `\n\n${ctx.t('prompts-unavailable-admin', {
      required: failure.required,
      deposited: failure.deposited ?? 0,
    })}`;
  }
  return closedScreen(ctx, text);
}

async function render(ctx: BaseContext, screen: Screen, mode: 'edit' | 'reply'): Promise<void> {
  if (mode === 'reply') {
    await ctx.reply(screen.text, { reply_markup: screen.keyboard });
    return;
  }
  await editIgnoringNotModified(ctx.editMessageText(screen.text, { reply_markup: screen.keyboard }));
}

async function stale(ctx: BaseContext): Promise<void> {
  await ctx.answerCallbackQuery({ text: ctx.t('error-stale-button') });
}

/**
 * A button found stale only after loading, when its query was already answered: the message says
 * so, with the library's start to go on from.
 */
async function staleAfterLoading(ctx: BaseContext): Promise<void> {
  const start = typesScreen(ctx);
  await render(
    ctx,
    { text: `${ctx.t('error-stale-button')}\n\n${start.text}`, keyboard: start.keyboard },
    'edit',
  );
}

/** The search words a button's message shows in bold, if they are the ones the button names. */
export function queryFromMessage(
  message: MaybeInaccessibleMessage | undefined,
  key: string,
): string | undefined {
  if (!message || !('text' in message) || !message.text) return undefined;
  for (const entity of message.entities ?? []) {
    if (entity.type !== 'bold') continue;
    const candidate = message.text.slice(entity.offset, entity.offset + entity.length);
    if (shortId(candidate) === key) return candidate;
  }
  return undefined;
}

type Resolved =
  | { ok: true; context: ListContext }
  | { ok: false; stale: true }
  | (Failure & { stale?: false });

/** What a list ref names: a category we know (by its short id) or the search shown in the message. */
async function resolveRef(ctx: BotContext, ref: ListRef): Promise<Resolved> {
  if (ref.kind === 's') {
    const query = queryFromMessage(ctx.callbackQuery?.message, ref.key);
    return query ? { ok: true, context: { kind: 's', type: ref.type, query } } : { ok: false, stale: true };
  }
  const categories = await attempt(ctx, 'categories', () =>
    ctx.deps.promptLibrary.categories(typeFromCode(ref.type)),
  );
  if (!categories.ok) return categories;
  const category = categories.value.find((c) => shortId(c.key) === ref.key);
  return category
    ? { ok: true, context: { kind: 'c', type: ref.type, category } }
    : { ok: false, stale: true };
}

function listQuery(context: ListContext, page: number): PromptListQuery {
  const type = typeFromCode(context.type);
  return context.kind === 's'
    ? { type, search: context.query, page }
    : { type, category: context.category.key, page };
}

async function loadPage(ctx: BotContext, context: ListContext, page: number): Promise<Loaded<PromptsPage>> {
  const first = await attempt(ctx, 'list', () => ctx.deps.promptLibrary.list(listQuery(context, page)));
  // The list shrank since the button was made: show its last page instead of an empty one.
  if (first.ok && first.value.data.length === 0 && page > first.value.meta.last_page) {
    const last = Math.min(Math.max(1, first.value.meta.last_page), MAX_PAGE);
    return attempt(ctx, 'list', () => ctx.deps.promptLibrary.list(listQuery(context, last)));
  }
  return first;
}

/** The prompt a button names: seen recently, or found again on the page the button came from. */
async function findPrompt(
  ctx: BotContext,
  context: ListContext,
  ref: ListRef,
  id: number,
): Promise<Loaded<Prompt | undefined>> {
  const remembered = ctx.deps.promptLibrary.remembered(id);
  if (remembered) return { ok: true, value: remembered };
  const page = await loadPage(ctx, context, ref.page);
  return page.ok ? { ok: true, value: page.value.data.find((p) => p.id === id) } : page;
}

/** Models of the prompt's type that take a prompt at all, cheapest first. */
async function modelsFor(ctx: BotContext, prompt: Prompt): Promise<Model[]> {
  const group = (await ctx.deps.catalog.groups()).find((g) => g.type === prompt.type.key);
  return (group?.models ?? []).filter((m) => m.prompt.mode !== 'ignored');
}

async function showTypes(ctx: BotContext, mode: 'edit' | 'reply'): Promise<void> {
  // Asking upstream here tells a closed library at once, and warms the category cache.
  const categories = await attempt(ctx, 'categories', () => ctx.deps.promptLibrary.categories());
  const retry = menuData.pack({ item: 'prompts' });
  await render(ctx, categories.ok ? typesScreen(ctx) : failureScreen(ctx, categories, retry), mode);
}

async function startGeneration(ctx: BotContext, prompt: Prompt, model: Model): Promise<void> {
  const shown = localizePrompt(prompt, ctx.locale);
  const step = planForm(model).prompt;
  const length = [...shown.text].length;
  const fits =
    step !== null &&
    length > 0 &&
    length >= step.minLength &&
    (step.maxLength === undefined || length <= step.maxLength);
  await ctx.editMessageText(
    `${ctx.t('gen-started', { model: modelName(ctx, model) })}\n${ctx.t('prompts-started', { title: truncate(shown.title, 120) })}`,
    { reply_markup: new InlineKeyboard() },
  );
  await ctx.conversation.exitAll();
  if (!fits) {
    // Too long or too short for this model: the form asks for the prompt; here is the original to edit.
    if (step !== null && length > 0) {
      await ctx.reply(
        promptMisfitText(ctx, model, shown.text, { length, min: step.minLength, max: step.maxLength }),
      );
    }
    await ctx.conversation.enter(GENERATE_CONVERSATION, { modelId: model.id } satisfies GenerateArgs);
    return;
  }
  const args: GenerateArgs = {
    modelId: model.id,
    preset: { prompt: shown.text, media: {}, options: {}, startAt: 'media' },
  };
  await ctx.conversation.enter(GENERATE_CONVERSATION, args);
}

interface SearchArgs {
  type: TypeCode;
  /** The message that asked, whose Back button goes once the words arrive. */
  messageId?: number;
}

/** Waits for the search words, then shows the first page of results as a new message. */
async function promptSearchConversation(
  conversation: Conversation<BotContext, BaseContext>,
  ctx: BaseContext,
  args: SearchArgs,
): Promise<void> {
  for (;;) {
    const answer = await conversation.wait({ maxMilliseconds: SEARCH_WAIT_MS });
    const message = answer.message;
    // Buttons, commands and anything else: the user moved on; let the rest of the bot handle it.
    if (!message || message.text?.startsWith('/')) await conversation.halt({ next: true });
    const query = normalizeSearch(message?.text ?? '');
    if (!query) {
      await answer.reply(ctx.t('prompts-search-expected-text'));
      continue;
    }
    if ([...query].length > SEARCH_MAX_CHARS) {
      await answer.reply(ctx.t('prompts-search-too-long', { max: SEARCH_MAX_CHARS }));
      continue;
    }
    await clearButtons(answer, args.messageId);
    const context: ListContext = { kind: 's', type: args.type, query };
    const loaded = await conversation.external((outer) =>
      attempt(outer, 'search', () => outer.deps.promptLibrary.list(listQuery(context, 1))),
    );
    // Try again shows these results: the words stay in the message for the list button to read.
    const retry = promptButtons.list(refOf(context, 1));
    const screen = loaded.ok
      ? listScreen(ctx, context, loaded.value)
      : failureScreen(ctx, loaded, retry, context);
    await answer.reply(screen.text, { reply_markup: screen.keyboard });
    return;
  }
}

export function createPromptsFeature(conversationPlugins: MiddlewareFn<BaseContext>[]): Composer<BotContext> {
  const feature = new Composer<BotContext>();
  const privateChats = feature.chatType('private');

  privateChats.use(
    createConversation<BotContext, BaseContext>(promptSearchConversation, {
      id: PROMPT_SEARCH_CONVERSATION,
      plugins: conversationPlugins,
    }),
  );

  privateChats.command('prompts', (ctx) => showTypes(ctx, 'reply'));

  privateChats.callbackQuery(menuData.filter({ item: 'prompts' }), async (ctx) => {
    await ctx.answerCallbackQuery();
    await showTypes(ctx, 'edit');
  });

  privateChats.callbackQuery(PROMPT_BUTTON_PREFIX, async (ctx) => {
    const button = parsePromptButton(ctx.callbackQuery.data);
    if (!button) return stale(ctx);

    if (button.kind === 'search') {
      await ctx.answerCallbackQuery();
      await ctx.conversation.exitAll();
      await render(ctx, searchAskScreen(ctx, button.type), 'edit');
      const messageId = ctx.callbackQuery.message?.message_id;
      await ctx.conversation.enter(PROMPT_SEARCH_CONVERSATION, {
        type: button.type,
        ...(messageId !== undefined ? { messageId } : {}),
      } satisfies SearchArgs);
      return;
    }
    // Search words the message no longer shows: known without asking upstream.
    if (
      button.kind !== 'type' &&
      button.ref.kind === 's' &&
      !queryFromMessage(ctx.callbackQuery.message, button.ref.key)
    ) {
      return stale(ctx);
    }
    // What follows may wait for upstream (a cache miss: its timeout, with retries), longer than
    // Telegram keeps a query open, and a late answer is refused: the button is answered now, and
    // the outcome, a failure too, is shown in the message.
    await ctx.answerCallbackQuery();
    const retry = ctx.callbackQuery.data;

    if (button.kind === 'type') {
      const categories = await attempt(ctx, 'categories', () =>
        ctx.deps.promptLibrary.categories(typeFromCode(button.type)),
      );
      const screen = categories.ok
        ? categoriesScreen(ctx, button.type, categories.value)
        : failureScreen(ctx, categories, retry);
      await render(ctx, screen, 'edit');
      return;
    }

    const resolved = await resolveRef(ctx, button.ref);
    if (!resolved.ok) {
      if (resolved.stale) return staleAfterLoading(ctx);
      await render(ctx, failureScreen(ctx, resolved, retry), 'edit');
      return;
    }
    const { context } = resolved;

    if (button.kind === 'list') {
      const page = await loadPage(ctx, context, button.ref.page);
      await render(
        ctx,
        page.ok ? listScreen(ctx, context, page.value) : failureScreen(ctx, page, retry, context),
        'edit',
      );
      return;
    }

    const found = await findPrompt(ctx, context, button.ref, button.id);
    if (!found.ok) {
      await render(ctx, failureScreen(ctx, found, retry, context), 'edit');
      return;
    }
    const prompt = found.value;
    if (!prompt) return staleAfterLoading(ctx);
    // Screens reached from a list go back to the page the prompt is on.
    const ref = refOf(context, button.ref.page);

    if (button.kind === 'details') {
      await render(ctx, detailScreen(ctx, context, ref, prompt), 'edit');
      return;
    }
    const loaded = await attempt(ctx, 'models', () => modelsFor(ctx, prompt));
    if (!loaded.ok) {
      await render(ctx, failureScreen(ctx, loaded, retry, context), 'edit');
      return;
    }
    const models = loaded.value;
    if (button.kind === 'use') {
      await render(ctx, modelsScreen(ctx, context, ref, prompt, models, ctx.deps.wallet?.pricing), 'edit');
      return;
    }
    const model = models.find((m) => m.id === button.modelId);
    if (!model) return staleAfterLoading(ctx);
    await startGeneration(ctx, prompt, model);
  });

  return feature;
}
