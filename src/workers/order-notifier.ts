/**
 * The bot side of order tracking (TrackerEvents): keeps each order's status message current,
 * delivers results, explains failures, cancellations and lost orders, in the order's language.
 *
 * - Status edits are paced per chat (one status-message operation at a time, starting at least
 *   `chatGapMs` apart) and coalesced: a render reads the row when its turn comes, so the last
 *   state wins and a burst of changes costs one edit.
 * - Everything about one order runs one at a time (an in-process lock), and a final outcome is
 *   recorded with `orders.markDelivered` right after it reached the chat: the tracker calls
 *   finalReached again only while `delivered_at` is null, so results arrive once across restarts.
 * - While an order is active, its elapsed time is refreshed now and then (less often as it ages,
 *   with a global cap per tick), so a long video does not show "10 s" for five minutes.
 */
import type { I18n } from '@grammyjs/i18n';
import { type Api, GrammyError, InlineKeyboard } from 'grammy';
import type { Config } from '../config.js';
import type { DeliveredFile, OrderRecord, OrdersRepository, UsersRepository } from '../db/index.js';
import type { OrderStatus } from '../domain/order-state.js';
import { isActiveStatus, isFinalStatus, isLostOrder, resultsExpired } from '../domain/order-state.js';
import { resultInAppUrl } from '../lib/mini-app-url.js';
import { realTimers, type Timers } from '../lib/timers.js';
import type { Logger } from '../logger.js';
import { metrics } from '../metrics.js';
import type { TrackerEvents } from '../services/order-tracker.js';
import { Semaphore } from '../services/rate-limiter.js';
import type { TelegramContext } from '../telegram/context.js';
import {
  DeliveryAborted,
  deliverResults,
  isChatGone,
  isTelegramRefusal,
} from '../telegram/delivery/deliver.js';
import { sweepStaleDownloads } from '../telegram/delivery/download.js';
import { groupResultKeyboard, isGroupChat } from '../telegram/group-card.js';
import { type Texts, textsFor } from '../telegram/i18n.js';
import { afterResultKeyboard, afterResultNext } from '../telegram/keyboards/after-result.js';
import {
  type DeliverySummary,
  type OrderStatusView,
  renderOrderStatus,
  type StatusFlags,
} from '../telegram/order-status.js';
import { isNotModified } from '../telegram/telegram-errors.js';
import { type ModelDisplays, withShownModelName } from '../telegram/texts/model-name.js';
import { resultCaption } from '../telegram/texts/result-caption.js';
import { referralLink } from '../telegram/texts/start-links.js';
import { ChatPacer } from './chat-pacer.js';

export interface OrderNotifierOptions {
  orders: OrdersRepository;
  users?: Pick<UsersRepository, 'markBlocked' | 'find'>;
  config: Pick<Config, 'defaultLocale' | 'telegram' | 'branding' | 'resultUrls' | 'miniApp'>;
  logger: Logger;
  /** The bot's Api (with its transformers: auto-retry, HTML parse mode). */
  api: Api;
  i18n: I18n<TelegramContext>;
  /** Minimum time between two status-message calls in one chat (default 1000 ms). */
  chatGapMs?: number;
  /** How often active orders are checked for an elapsed-time refresh (default 5 s; 0 disables). */
  refreshTickMs?: number;
  /** At most this many refreshes start per tick, across all chats (default 10). */
  refreshesPerTick?: number;
  now?: () => number;
  /** Every wait (pacing, refresh tick) goes through these; tests drive them with a manual clock. */
  timers?: Timers;
  /**
   * A completed order's delivery outcome was recorded (OrderingService.deliveryRecorded: the wallet
   * captures or releases, admins hear of an order that reached nobody). Failures are logged; the
   * wallet's sweep settles from the recorded outcome later.
   */
  deliveryRecorded?: (orderId: string) => Promise<void>;
  /** The ↗️ Share button under results (SHARING=on and inline mode served). */
  sharing?: boolean;
  /** The names admins gave models (live settings): the status and caption show those, not upstream's. */
  modelDisplays?: ModelDisplays;
  /**
   * The start code under a result posted for others (a group, a guest card): the owner's referral
   * code where the referral program runs, so ✨ Make your own brings them the reward.
   */
  referralCodeOf?: (userId: number) => Promise<string | undefined>;
}

/** Telegram's answers that mean the message to edit is not there (or not editable) anymore. */
function messageGone(err: unknown): boolean {
  return (
    err instanceof GrammyError &&
    err.error_code === 400 &&
    /message to edit not found|message can't be edited|MESSAGE_ID_INVALID|there is no text in the message/i.test(
      err.description,
    )
  );
}

/** How long an active order's elapsed time may go stale: a quarter of its age, 15 s to 5 min. */
function refreshInterval(ageMs: number): number {
  return Math.min(5 * 60_000, Math.max(15_000, ageMs / 4));
}

export class OrderNotifier implements TrackerEvents {
  readonly #orders: OrdersRepository;
  readonly #users: OrderNotifierOptions['users'];
  readonly #sharing: boolean;
  #me: Promise<string | undefined> | undefined;
  readonly #modelDisplays: ModelDisplays | undefined;
  readonly #referralCodeOf: OrderNotifierOptions['referralCodeOf'];
  readonly #config: OrderNotifierOptions['config'];
  readonly #log: Logger;
  readonly #i18n: I18n<TelegramContext>;
  readonly #now: () => number;
  readonly #pacer: ChatPacer;
  readonly #timers: Timers;
  readonly #refreshTickMs: number;
  readonly #refreshesPerTick: number;
  readonly #api: Api;
  readonly #deliveryRecorded: OrderNotifierOptions['deliveryRecorded'];
  /** What this process learned about orders beyond their rows (cancel requested, not cancellable). */
  readonly #flags = new Map<string, StatusFlags>();
  readonly #locks = new Map<string, Promise<unknown>>();
  /** Orders with a render waiting for its slot or being drawn (coalescing). */
  readonly #renders = new Map<string, { drawing: boolean; again: boolean }>();
  /** When each active order's status message was last rendered (for the elapsed-time refresh). */
  readonly #renderedAt = new Map<string, number>();
  readonly #tasks = new Set<Promise<unknown>>();
  #ticker: unknown;
  /** Aborted by stop(): downloads in flight end at once (the order is delivered after a restart). */
  #shutdown = new AbortController();
  readonly #downloadSlots = new Semaphore(4);
  #stopped = false;

  constructor(opts: OrderNotifierOptions) {
    this.#orders = opts.orders;
    this.#users = opts.users;
    this.#sharing = opts.sharing ?? false;
    this.#modelDisplays = opts.modelDisplays;
    this.#referralCodeOf = opts.referralCodeOf;
    this.#config = opts.config;
    this.#log = opts.logger.child({ component: 'order-notifier' });
    this.#api = opts.api;
    this.#i18n = opts.i18n;
    this.#now = opts.now ?? Date.now;
    this.#timers = opts.timers ?? realTimers;
    this.#pacer = new ChatPacer(opts.chatGapMs ?? 1000, this.#now, this.#timers);
    this.#refreshTickMs = opts.refreshTickMs ?? 5000;
    this.#refreshesPerTick = opts.refreshesPerTick ?? 10;
    this.#deliveryRecorded = opts.deliveryRecorded;
  }

  /**
   * Shutdown, first step: takes no new work and ends downloads in flight, so whoever waits for the
   * deliveries (the tracker) is not held by a slow result host. Those orders stay undelivered and
   * are delivered after the restart.
   */
  abortInFlight(): void {
    this.#stopped = true;
    this.#shutdown.abort();
  }

  /** Starts the elapsed-time refresh (and clears downloads a crash left behind). */
  start(): void {
    this.#stopped = false;
    if (this.#shutdown.signal.aborted) this.#shutdown = new AbortController();
    void sweepStaleDownloads().then((n) => {
      if (n > 0) this.#log.info({ removed: n }, 'removed stale download directories');
    });
    if (this.#refreshTickMs > 0 && this.#ticker === undefined) this.#armTicker();
  }

  /** Stops the refresh and waits for every started edit and delivery. */
  async stop(): Promise<void> {
    this.abortInFlight();
    if (this.#ticker !== undefined) this.#timers.clear(this.#ticker);
    this.#ticker = undefined;
    while (this.#tasks.size > 0) await Promise.allSettled([...this.#tasks]);
  }

  // ---------------------------------------------------------------- TrackerEvents

  async statusChanged(order: OrderRecord, _previous: OrderStatus | null): Promise<void> {
    // Final states are shown by finalReached, together with their results.
    if (isFinalStatus(order.status)) return;
    this.refresh(order.id, order.chatId);
  }

  async finalReached(order: OrderRecord): Promise<void> {
    await this.#background(this.#exclusive(order.id, () => this.#finish(order.id)));
  }

  async orderLost(order: OrderRecord): Promise<void> {
    await this.#background(
      this.#exclusive(order.id, async () => {
        const row = await this.#orders.find(order.id);
        if (!row || row.deliveredAt) return;
        this.#forget(row.id);
        const texts = await this.#texts(row);
        await this.#show(
          row,
          renderOrderStatus(texts, this.#shown(texts, row), this.#now(), { lost: true }),
          'replace',
        );
        await this.#orders.markDelivered(row.id);
        this.#log.info({ orderId: row.id }, 'lost order explained');
      }),
    );
  }

  // ---------------------------------------------------------------- used by the bot's features

  /**
   * Re-renders an active order's status message in its chat's next slot. Coalesced: while a render
   * waits for its slot, more changes join it (it reads the row when its turn comes); a change that
   * arrives while it is being drawn gets one more render after it.
   */
  refresh(orderId: string, chatId: number): void {
    if (this.#stopped) return;
    const queued = this.#renders.get(orderId);
    if (queued) {
      if (queued.drawing) queued.again = true;
      return;
    }
    const state = { drawing: false, again: false };
    this.#renders.set(orderId, state);
    void this.#background(
      (async () => {
        do {
          await this.#exclusive(orderId, () => this.#renderActive(orderId, chatId, state));
        } while (state.again && !this.#stopped);
      })()
        .catch((err: unknown) => this.#log.warn({ orderId, err }, 'could not update the status message'))
        .finally(() => this.#renders.delete(orderId)),
    );
  }

  /** Records what a cancel attempt taught us, then shows it. */
  noteCancel(orderId: string, chatId: number, fact: 'requested' | 'not_cancellable'): void {
    const flags = this.#flags.get(orderId) ?? {};
    if (fact === 'requested') flags.cancelRequested = true;
    else flags.notCancellable = true;
    this.#flags.set(orderId, flags);
    this.refresh(orderId, chatId);
  }

  /** The flags this process holds for an order (for views other than the status message). */
  flagsFor(orderId: string): StatusFlags {
    return { ...this.#flags.get(orderId) };
  }

  // ---------------------------------------------------------------- internals

  /** The order as its customer reads it: its model under the name an admin gave it, if any. */
  #shown(texts: Texts, row: OrderRecord): OrderRecord {
    return withShownModelName(texts, row, this.#modelDisplays);
  }

  #render(texts: Texts, row: OrderRecord, now: number, flags?: StatusFlags): OrderStatusView {
    return renderOrderStatus(texts, this.#shown(texts, row), now, flags);
  }

  /** The language the user speaks now (they may have switched since ordering), else the order's. */
  async #texts(row: OrderRecord): Promise<Texts> {
    const user = await this.#users?.find(row.userId);
    return textsFor(this.#i18n, user?.locale ?? row.locale);
  }

  /** Runs `fn` after every earlier task of the same order. */
  #exclusive<T>(orderId: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.#locks.get(orderId) ?? Promise.resolve();
    const run = previous.then(fn, fn);
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.#locks.set(orderId, settled);
    void settled.then(() => {
      if (this.#locks.get(orderId) === settled) this.#locks.delete(orderId);
    });
    return run;
  }

  /** Keeps track of a promise so stop() can wait for it. */
  #background<T>(p: Promise<T>): Promise<T> {
    this.#tasks.add(p);
    void p.then(
      () => this.#tasks.delete(p),
      () => this.#tasks.delete(p),
    );
    return p;
  }

  #forget(orderId: string): void {
    this.#flags.delete(orderId);
    this.#renderedAt.delete(orderId);
  }

  /** Draws an active order in its chat's next slot, from the row as it is then (last state wins). */
  async #renderActive(
    orderId: string,
    chatId: number,
    state: { drawing: boolean; again: boolean },
  ): Promise<void> {
    await this.#pacer.run(chatId, async () => {
      state.drawing = true;
      state.again = false;
      try {
        const row = await this.#orders.find(orderId);
        // Final states and lost orders are finalReached's / orderLost's to show.
        if (!row || !isActiveStatus(row.status) || isLostOrder(row) || row.stage !== 'submitted') return;
        // No status message yet: the confirmation is about to turn its summary into one (and shows
        // the stored state when it does); sending another here would make two.
        if (!row.statusMessageId && !row.inlineMessageId) return;
        const now = this.#now();
        const flags = this.#flags.get(orderId) ?? {};
        if (row.status !== 'processing') delete flags.cancelRequested;
        await this.#put(row, this.#render(await this.#texts(row), row, now, flags), 'edit');
        this.#renderedAt.set(orderId, now);
      } finally {
        state.drawing = false;
      }
    });
  }

  /**
   * Shows a view as the order's status message. `edit` edits it in place (a new message if it is
   * gone); `replace` sends a new one and deletes the old, so the user gets a notification for an
   * outcome that brings no other message (failure, expired files, lost order).
   */
  #show(row: OrderRecord, view: OrderStatusView, mode: 'edit' | 'replace'): Promise<void> {
    return this.#pacer.run(row.chatId, () => this.#put(row, view, mode));
  }

  /** #show without pacing (the caller holds the chat's slot). */
  async #put(row: OrderRecord, view: OrderStatusView, mode: 'edit' | 'replace'): Promise<void> {
    if (row.inlineMessageId) {
      await this.#putOnCard(row, row.inlineMessageId, view);
      return;
    }
    const api = this.#api;
    const current = (await this.#orders.find(row.id))?.statusMessageId ?? row.statusMessageId;
    // In a group, everyone reads the status and nobody but its caller may act on it: no buttons.
    if (isGroupChat(row.chatId)) view = await this.#groupView(row, view);
    const markup = view.keyboard.inline_keyboard.length > 0 ? view.keyboard : undefined;
    if (mode === 'edit' && current) {
      try {
        await api.editMessageText(row.chatId, current, view.text, { reply_markup: view.keyboard });
        return;
      } catch (err) {
        if (isNotModified(err)) return;
        if (!messageGone(err)) throw err;
      }
    }
    const sent = await api.sendMessage(row.chatId, view.text, markup ? { reply_markup: markup } : {});
    await this.#orders.setStatusMessageId(row.id, sent.message_id);
    if (mode === 'replace' && current) {
      await api.deleteMessage(row.chatId, current).catch(async (err: unknown) => {
        // Too old to delete (48 h): at least take its buttons away.
        this.#log.debug({ orderId: row.id, err }, 'could not delete the old status message');
        await api
          .editMessageReplyMarkup(row.chatId, current, { reply_markup: new InlineKeyboard() })
          .catch(() => undefined);
      });
    }
  }

  /**
   * A guest order's status is its card, in a chat the bot is no member of: it can only be edited
   * (whose order it is, no buttons). Once the result has replaced it, a text edit has nothing to
   * change: logged, not retried.
   */
  async #putOnCard(row: OrderRecord, inlineMessageId: string, view: OrderStatusView): Promise<void> {
    const { text } = await this.#groupView(row, view);
    try {
      await this.#api.editMessageTextInline(inlineMessageId, text, { reply_markup: new InlineKeyboard() });
    } catch (err) {
      if (isNotModified(err)) return;
      if (!messageGone(err)) throw err;
      this.#log.debug({ orderId: row.id, err }, 'the guest card is gone or shows the result');
    }
  }

  /**
   * A guest order's result, delivered to the caller's private chat already, also replaces its card
   * where it was asked for (by file_id: an inline message takes no upload), for everyone there. If
   * Telegram refuses, the card says where the result is; the delivery itself stands either way.
   */
  async #showOnCard(row: OrderRecord, texts: Texts, name: string, files: DeliveredFile[]): Promise<void> {
    const inlineMessageId = row.inlineMessageId;
    const file = files[0];
    if (!inlineMessageId || !file) return;
    const forLine = texts.t('group-order-for', { name });
    const caption = `${forLine}\n${resultCaption(texts, this.#shown(texts, row), true)}`;
    const keyboard = groupResultKeyboard(texts, row.id, await this.#makeYourOwnLink(row.userId));
    try {
      await this.#api.editMessageMediaInline(
        inlineMessageId,
        { type: file.kind, media: file.fileId, caption, parse_mode: 'HTML' },
        { reply_markup: keyboard },
      );
    } catch (err) {
      if (isNotModified(err)) return;
      this.#log.warn({ orderId: row.id, err }, 'could not show the result on the guest card');
      await this.#api
        .editMessageTextInline(inlineMessageId, texts.t('guest-result-elsewhere', { name }), {
          reply_markup: new InlineKeyboard(),
        })
        .catch((e: unknown) => this.#log.debug({ orderId: row.id, err: e }, 'guest card left as it was'));
    }
  }

  /** A group order's status: whose order it is, and no buttons. */
  async #groupView(row: OrderRecord, view: OrderStatusView): Promise<OrderStatusView> {
    const user = await this.#users?.find(row.userId);
    const texts = textsFor(this.#i18n, user?.locale ?? row.locale);
    const forLine = texts.t('group-order-for', { name: user?.firstName ?? '' });
    return { ...view, text: `${forLine}\n${view.text}`, keyboard: new InlineKeyboard() };
  }

  /**
   * ✨ Make your own under a result posted for others: the owner's referral link where the program
   * runs, else the bot's; none if the bot's username is unknown for now.
   */
  async #makeYourOwnLink(ownerId: number): Promise<string | undefined> {
    const username = await this.#username();
    if (!username) return undefined;
    const code = await this.#referralCodeOf?.(ownerId).catch((err: unknown) => {
      this.#log.warn({ err, ownerId }, 'could not read the referral code');
      return undefined;
    });
    return code ? referralLink(username, code) : `https://t.me/${username}?start`;
  }

  /** The bot's @username, for the link under a group's result (asked once). */
  async #username(): Promise<string | undefined> {
    this.#me ??= this.#api.getMe().then(
      (me) => me.username,
      () => {
        this.#me = undefined; // asked again next time
        return undefined;
      },
    );
    return this.#me;
  }

  /** The status message after a final state; errors are logged (the outcome is already recorded). */
  async #showFinal(row: OrderRecord, flags: StatusFlags, mode: 'edit' | 'replace'): Promise<void> {
    try {
      const fresh = (await this.#orders.find(row.id)) ?? row;
      await this.#show(fresh, this.#render(await this.#texts(fresh), fresh, this.#now(), flags), mode);
    } catch (err) {
      this.#log.warn({ orderId: row.id, err }, 'could not show the final status');
    }
  }

  async #finish(orderId: string): Promise<void> {
    const row = await this.#orders.find(orderId);
    if (!row || row.deliveredAt || !isFinalStatus(row.status)) return;
    this.#forget(orderId);
    try {
      if (row.status === 'completed') await this.#deliver(row);
      else await this.#explain(row);
    } catch (err) {
      if (isChatGone(err)) {
        // Nobody to tell: record it so it is not retried forever (a completed order's first file may
        // have gone out before the chat went: then its outcome is already recorded as sent).
        const recorded = await this.#orders.markDelivered(row.id, row.status === 'completed' ? 'none' : null);
        if (row.status === 'completed') await this.#outcomeRecorded(row.id);
        await this.#users?.markBlocked(row.userId);
        this.#log.info({ orderId, err, recorded }, 'chat unreachable: outcome not delivered');
        return;
      }
      throw err;
    }
  }

  /** failed / cancelled: the status message says it all (failed with Try again). */
  async #explain(row: OrderRecord): Promise<void> {
    const mode = row.status === 'failed' ? 'replace' : 'edit';
    await this.#show(row, this.#render(await this.#texts(row), row, this.#now()), mode);
    await this.#orders.markDelivered(row.id);
    this.#log.info({ orderId: row.id, status: row.status }, 'final status shown');
  }

  /**
   * Sends a completed order's results. The outcome is recorded with `delivered_at`: `sent` right
   * after the first file reached the chat (only then is the order shown as done and its Stars
   * spent), `none` when nothing did (the Stars go back, the customer is told once).
   */
  async #deliver(row: OrderRecord): Promise<void> {
    const user = await this.#users?.find(row.userId);
    const texts = textsFor(this.#i18n, user?.locale ?? row.locale);
    const total = row.result?.length ?? 0;
    if (total === 0 || resultsExpired(row, this.#now())) {
      const delivery: DeliverySummary = { sent: 0, expired: total, linked: 0, failed: 0 };
      metrics.deliveries.inc({ outcome: 'expired' }, total);
      this.#log.warn({ orderId: row.id, total }, 'completed order without deliverable files');
      await this.#nothingDelivered(row, delivery);
      return;
    }
    let claimed = false;
    // A group's result is everyone's to see: whose it is and the way to the bot, no owner's buttons.
    const group = isGroupChat(row.chatId);
    const makeYourOwn = group ? await this.#makeYourOwnLink(row.userId) : undefined;
    const forLine = texts.t('group-order-for', { name: user?.firstName ?? '' });
    let summary: DeliverySummary & { files?: DeliveredFile[] };
    try {
      summary = await deliverResults(
        {
          api: this.#api,
          logger: this.#log,
          localFiles: this.#config.telegram.localFiles,
          now: this.#now,
          urlPolicy: this.#config.resultUrls,
          signal: this.#shutdown.signal,
          downloadSlots: this.#downloadSlots,
        },
        row,
        {
          chatId: row.chatId,
          texts,
          // In a group the description was asked for in front of everyone: shown with the result.
          caption: group
            ? `${forLine}\n${resultCaption(texts, this.#shown(texts, row), true)}`
            : resultCaption(texts, this.#shown(texts, row), user?.promptInCaption ?? false),
          keyboard: {
            forFiles: (files) =>
              group
                ? groupResultKeyboard(texts, row.id, makeYourOwn)
                : afterResultKeyboard(texts, row.id, files, {
                    share: this.#sharing,
                    appUrl: resultInAppUrl(this.#config.miniApp.url, row.id),
                  }),
            // Several results get bare "➕ 1", "➕ 2" buttons: the text says what they do.
            text: (files) => (group ? forLine : afterResultNext(texts, files)),
          },
          // Stored as soon as the results are in the chat: ↗️ Share under them finds them at once.
          onResultsSent: (files) => this.#storeResultFiles(row.id, files),
          onFirstSent: async (fileSent) => {
            claimed = true;
            if (!(await this.#orders.markDelivered(row.id, fileSent ? 'sent' : 'none'))) return false;
            await this.#outcomeRecorded(row.id);
            // "Done" as soon as a file is in the chat: a crash later on leaves the message right.
            if (fileSent) await this.#showFinal(row, {}, 'edit');
            return true;
          },
        },
      );
    } catch (err) {
      if (err instanceof DeliveryAborted) {
        this.#log.warn({ orderId: row.id }, 'results were already delivered: stopped');
        return;
      }
      // Network trouble and Telegram's 5xx/429 are worth another try later (the tracker retries).
      if (claimed || isChatGone(err) || !isTelegramRefusal(err)) throw err;
      // Telegram refuses every way we tried: say so once instead of retrying forever.
      this.#log.error({ orderId: row.id, err }, 'results could not be sent');
      summary = { sent: 0, expired: 0, linked: 0, failed: total };
    }
    const { files, ...counts } = summary;
    this.#log.info({ orderId: row.id, ...counts }, 'results delivered');
    // Again with the originals' ids, which came after the results.
    if (files && files.length > 0) await this.#storeResultFiles(row.id, files);
    for (const outcome of ['sent', 'linked', 'expired', 'failed'] as const) {
      if (summary[outcome] > 0) metrics.deliveries.inc({ outcome }, summary[outcome]);
    }
    if (summary.sent === 0) {
      await this.#nothingDelivered(row, summary);
      return;
    }
    if (row.inlineMessageId) await this.#showOnCard(row, texts, user?.firstName ?? '', files ?? []);
    if (summary.expired > 0 || summary.linked > 0 || summary.failed > 0) {
      await this.#showFinal(row, { delivery: summary }, 'edit');
    }
  }

  /** Kept for sharing and "Use as input"; the delivery itself is already recorded, so never throws. */
  async #storeResultFiles(orderId: string, files: DeliveredFile[]): Promise<void> {
    await this.#orders
      .setResultFiles(orderId, files)
      .catch((err: unknown) => this.#log.warn({ orderId, err }, 'could not store the result files'));
  }

  /**
   * No file reached the chat: the outcome `none` is recorded and settled first (the Stars go back,
   * admins hear), then the customer gets one message saying so. A crash in between leaves the
   * money right (the sweep settles from the record); the message is then not shown.
   */
  async #nothingDelivered(row: OrderRecord, delivery: DeliverySummary): Promise<void> {
    await this.#orders.markDelivered(row.id, 'none');
    await this.#outcomeRecorded(row.id);
    await this.#showFinal(row, { delivery }, 'replace');
  }

  /** Tells the pipeline (wallet, admins) that the outcome was recorded; never throws. */
  async #outcomeRecorded(orderId: string): Promise<void> {
    try {
      await this.#deliveryRecorded?.(orderId);
    } catch (err) {
      this.#log.error({ orderId, err }, 'delivery outcome hook failed: the sweep settles it');
    }
  }

  #armTicker(): void {
    this.#ticker = this.#timers.set(() => {
      // The next tick is armed once this one has read the rows: ticks never overlap.
      void this.#background(this.#refreshTick()).finally(() => {
        if (!this.#stopped) this.#armTicker();
      });
    }, this.#refreshTickMs);
  }

  /** Refreshes the elapsed time of active orders whose message has gone stale (bounded per tick). */
  async #refreshTick(): Promise<void> {
    if (this.#stopped) return;
    const now = this.#now();
    let started = 0;
    let rows: OrderRecord[];
    try {
      rows = await this.#orders.listActive();
    } catch (err) {
      this.#log.warn({ err }, 'could not list active orders');
      return;
    }
    const active = new Set<string>();
    for (const row of rows) {
      active.add(row.id);
      if (started >= this.#refreshesPerTick) continue;
      if (!row.statusMessageId || isLostOrder(row) || this.#renders.has(row.id)) continue;
      const since = (row.submittedAt ?? row.createdAt).getTime();
      const last = this.#renderedAt.get(row.id) ?? since;
      if (now - last < refreshInterval(now - since)) continue;
      this.#renderedAt.set(row.id, now);
      this.refresh(row.id, row.chatId);
      started++;
    }
    for (const id of this.#renderedAt.keys()) if (!active.has(id)) this.#renderedAt.delete(id);
  }
}
