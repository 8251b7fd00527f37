/**
 * What the store keeps, as plain types: services and the bot read and write these, never a table
 * definition. Both engines' schemas (schema/sqlite, schema/postgres) are checked against them at
 * compile time (schema/parity.ts), so the two can never drift apart unnoticed.
 */
import type { Update } from 'grammy/types';
import type { ContentRules } from '../domain/content-rules.js';
import type { DeliveryOutcome, OrderStage, OrderStatus } from '../domain/order-state.js';
import type { ReminderRule, ReminderStatus } from '../domain/reminders.js';
import type { GenerationRequest } from '../reseller/schemas.js';
import type { Locale } from '../texts/locales.js';

export type SupportedLocale = Locale;

/** A record of one bot's customers or admins (issue 40): every such row names its bot. */
export interface BotOwned {
  /** The bot it belongs to (BotRecord.id); 1 is the main bot. */
  botId: number;
}

export interface UserRecord extends BotOwned {
  telegramId: number;
  firstName: string;
  username: string | null;
  /** Language the user picked with /language; null means "follow Telegram's language_code". */
  locale: SupportedLocale | null;
  role: 'user' | 'admin';
  /** Telegram's language_code as last seen (audiences "by language" follow it when locale is null). */
  languageCode: string | null;
  /** Telegram answered 403 (the user blocked the bot); cleared when they write again. */
  blocked: boolean;
  /** Banned by an admin from the customer card (/user); null when not banned. */
  bannedAt: Date | null;
  /** The delivered result's caption also shows the prompt (a setting on /language's screen). */
  promptInCaption: boolean;
  createdAt: Date;
  seenAt: Date;
  /** The update that created the row: only that update's /start may attribute the user (first touch). */
  createdUpdateId: number | null;
  /** The user's own referral code (random, made on their first /invite); null until then. */
  referralCode: string | null;
  /** Who brought them (a referral link at their first /start); never changes. */
  referredBy: number | null;
  /** The campaign link of their first /start; never changes. */
  campaignId: number | null;
  /** When a referrer or a campaign was attached (set once). */
  attributedAt: Date | null;
  /** They turned the bot's reminders off (a button under each, and /language). */
  remindersOff: boolean;
  /**
   * Their first update from the bot's private chat (set once), so the bot can write to them there;
   * null for someone only ever seen in a group or as a guest's caller.
   */
  startedAt: Date | null;
}

/** A campaign link made by an admin (/campaign_new): `?start=c_<code>`. */
export interface CampaignRecord extends BotOwned {
  id: number;
  code: string;
  name: string;
  createdBy: number;
  createdAt: Date;
}

// The order's vocabulary lives in the domain; the store keeps it as is.
export {
  DELIVERY_OUTCOMES,
  type DeliveryOutcome,
  ORDER_STAGES,
  ORDER_STATUSES as UPSTREAM_STATUSES,
  type OrderStage,
} from '../domain/order-state.js';

/** A submission failure as stored for the bot to explain (never a whole upstream body). */
export interface StoredError {
  code: string;
  message: string;
  httpStatus?: number;
}

/** One generation attempt ("order"), from priced draft to delivered result. */
export interface OrderRecord extends BotOwned {
  id: string;
  chatId: number;
  userId: number;
  locale: string;
  modelId: number;
  modelName: string;
  modelType: string;
  /** The GenerationRequest exactly as it is sent (without quote_id): a re-send is the same data. */
  request: GenerationRequest;
  /** The amount the user is shown and confirms (decimal string). */
  priceUsd: string;
  /** With BILLING=stars: what the customer pays for priceUsd, fixed when the price is (whole Stars). */
  priceStars: number | null;
  quoteId: string | null;
  quoteExpiresAt: Date | null;
  idempotencyKey: string;
  stage: OrderStage;
  /** How many times POST /orders was sent for this row (all keys together); diagnostics. */
  submitAttempts: number;
  /** The last failed submission (business refusal or transient failure); cleared on success. */
  submitError: StoredError | null;
  submittedAt: Date | null;
  upstreamOrderId: string | null;
  status: OrderStatus | null;
  costUsd: string | null;
  result: string[] | null;
  resultExpiresAt: Date | null;
  /** `order.error` of a failed generation, as upstream sent it (shape not specified). */
  error: unknown;
  statusMessageId: number | null;
  /**
   * A guest order's card, posted where the bot was summoned (answerGuestQuery, issue 42): its
   * status and result are edits of this inline message; null for every other order.
   */
  inlineMessageId: string | null;
  deliveredAt: Date | null;
  nextPollAt: Date | null;
  pollFailures: number;
  /** The process whose poll claim `nextPollAt` is while it polls (see claimPoll); null otherwise. */
  pollOwner: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** When upstream first reported a final status (completed/failed/cancelled). */
  finishedAt: Date | null;
  /** When OrderPipelineHooks.onFinalState finished for this row; null means it still has to run. */
  finalHandledAt: Date | null;
  /** When upstream answered order_not_found for it: polling stopped (see markLost). */
  lostAt: Date | null;
  /** The process delivering the outcome, and until when its claim holds (see claimDelivery). */
  deliveryOwner: string | null;
  deliveryLeaseUntil: Date | null;
  /** Set with `deliveredAt` for a completed order (see DELIVERY_OUTCOMES); null for other outcomes. */
  deliveryOutcome: DeliveryOutcome | null;
  /** Since when upstream reports a status we do not know (stored as processing); null while known. */
  unknownStatusSince: Date | null;
  /**
   * When the tracker reported it to the admins for staying unknown too long (claimUnknownStatusReport):
   * set once; from then on it no longer counts against MAX_ACTIVE_ORDERS_PER_USER. Cleared with
   * `unknownStatusSince` when a known status comes back.
   */
  unknownStatusReportedAt: Date | null;
  /** The result files as they reached the chat (Telegram's ids): shared, re-used as inputs; null before. */
  resultFiles: DeliveredFile[] | null;
}

/** One result file as it reached the chat: Telegram's ids, to share it or send it upstream again. */
export interface DeliveredFile {
  /** Position in the order's `result` (0-based). */
  index: number;
  kind: 'photo' | 'video' | 'animation' | 'document';
  fileId: string;
  fileUniqueId: string;
  /** The same bytes as a document (a photo's original, which Telegram did not recompress). */
  original?: { fileId: string; fileUniqueId: string; fileName?: string; size?: number };
  /**
   * A small picture of it, as Telegram returned it (issue 43's gallery): a photo's size of about
   * 320 px, a video's or animation's thumbnail. Absent on rows stored before, and where Telegram
   * made none: the full file stands in.
   */
  preview?: { fileId: string; fileUniqueId: string; width?: number; height?: number };
  /** The customer starred it in the app (issue 43's gallery). */
  favourite?: true;
}

/** What a new draft carries; the store sets the stage and the timestamps. */
export type NewOrder = Pick<
  OrderRecord,
  | 'id'
  | 'chatId'
  | 'userId'
  | 'locale'
  | 'modelId'
  | 'modelName'
  | 'modelType'
  | 'request'
  | 'priceUsd'
  | 'idempotencyKey'
> &
  Partial<Pick<OrderRecord, 'priceStars' | 'quoteId' | 'quoteExpiresAt'>>;

/** What the admin alerts remember across restarts, one per alert kind. */
export interface AdminAlertRecord extends BotOwned {
  kind: string;
  /** The condition holds and admins were told (low balance, upstream down). */
  active: boolean;
  lastSentAt: Date | null;
  updatedAt: Date;
}

/** A Telegram update in the inbox (repositories/update-inbox.ts). */
export interface InboxUpdateRecord extends BotOwned {
  updateId: number;
  /** Updates of one lane are handled one at a time, in update_id order. */
  lane: string;
  /** The lane's shard (domain/inbox-shard.ts): which replica looks at it first. */
  shard: number;
  /** /cancel or /help: may run beside an update of its lane that is already being handled. */
  control: boolean;
  payload: Update;
  receivedAt: Date;
  /** The process handling it (REPLICA_ID), while its lease lasts. */
  owner: string | null;
  leaseUntil: Date | null;
  /** Claims so far: an update that keeps killing its handler is given up after a few. */
  attempts: number;
  /** A /cancel handled by another process asks the owner to stop this update's long work. */
  cancelRequested: boolean;
  doneAt: Date | null;
}

/**
 * What moves Stars, each entry booked once under its unique key:
 * - topup `topup:<telegram_payment_charge_id>` (+), welcome `welcome:<user>` (+), grant (+, by an admin)
 * - hold `hold:<order>:<idempotency key>` (-) at Confirm; then exactly one settlement of it,
 *   `settle:<hold key>`: capture (0: the held Stars are spent) or release (+: they come back)
 * - charge `charge:<hold key>` (-): a hold released because nothing reached the chat, for an order
 *   whose files did reach it later ("Send the files again"): the price is spent then, once
 * - refund `refund:<charge>:<attempt>` (-) when an admin refunds a top-up; refund_undo (+) if
 *   Telegram refused that attempt
 * - telegram_refund `tgrefund:<charge>` (-): Telegram refunded a top-up itself (a `refunded_payment`
 *   message for a payment the bot did not refund); the balance may go below zero
 * - promo `promo:<code>:<user>` (+): a promo code redeemed, granted Stars (never refundable)
 * - allowance `sub:<charge>` (+): a subscription period's allowance, spent before any other Stars,
 *   never refundable; allowance_expire `sub_expire:<charge>` (-): its unspent rest at the period's
 *   end (or when its payment was refunded), and `sub_expire:<charge>:<n>` for a part a release gave
 *   back to a period already ended; allowance_clawback `sub_clawback:<charge>` (-): what the customer
 *   had spent of a period whose payment was refunded, taken from their paid Stars (even below zero)
 */
export const WALLET_ENTRY_KINDS = [
  'topup',
  'welcome',
  'grant',
  'hold',
  'capture',
  'release',
  'refund',
  'refund_undo',
  'charge',
  'telegram_refund',
  'promo',
  'referral',
  'allowance',
  'allowance_expire',
  'allowance_clawback',
] as const;
export type WalletEntryKind = (typeof WALLET_ENTRY_KINDS)[number];

/** One entry of the append-only wallet ledger; a user's balance is the sum of their `delta`s. */
export interface WalletEntryRecord extends BotOwned {
  id: number;
  key: string;
  userId: number;
  kind: WalletEntryKind;
  /** Change of the spendable balance (negative for hold and refund, 0 for capture). */
  delta: number;
  /** The event's own amount, always positive (a capture spends the Stars its hold took). */
  stars: number;
  orderId: string | null;
  chargeId: string | null;
  /** The admin behind a grant or a refund. */
  actorId: number | null;
  note: string | null;
  createdAt: Date;
}

export const TOPUP_STATUSES = ['pending', 'paid', 'refunding', 'refunded'] as const;
type TopupStatus = (typeof TOPUP_STATUSES)[number];

/** One invoice the bot sent; its id is the invoice payload, so a payment finds its row. */
export interface StarTopupRecord extends BotOwned {
  id: string;
  userId: number;
  chatId: number;
  stars: number;
  status: TopupStatus;
  /** The draft the user tops up for: after the payment, one tap confirms it. */
  orderId: string | null;
  chargeId: string | null;
  refundAttempts: number;
  createdAt: Date;
  paidAt: Date | null;
  /** When the user was told of the credit (a redelivered payment after a crash tells them once). */
  notifiedAt: Date | null;
  refundedAt: Date | null;
}

export const SUBSCRIPTION_STATES = ['active', 'ended'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

/**
 * A customer's Stars subscription: the chain of charges Telegram makes for one paid plan link, named
 * by its first charge. It keeps the terms of its first payment: a plan repriced since changes nothing
 * for it (Telegram renews it at the price of its link).
 */
export interface SubscriptionRecord extends BotOwned {
  /** The first charge's telegram_payment_charge_id. */
  id: string;
  userId: number;
  /** The invoice payload of its link: renewals carry it, and find their subscription by it. */
  payload: string;
  planId: string;
  /** What its first payment paid, each period (XTR). */
  priceStars: number;
  /** The allowance credited for a period paid at `priceStars` (0 with 0: unknown, the plan's). */
  allowanceStars: number;
  /** Its period, for a renewal that comes without subscription_expiration_date. */
  periodSeconds: number;
  state: SubscriptionState;
  /** Auto-renewal turned off (editUserStarSubscription is_canceled); active to `expiresAt` anyway. */
  cancelled: boolean;
  /** The charge of the period paid last. */
  chargeId: string;
  /** That period's end (`subscription_expiration_date`). */
  expiresAt: Date;
  startedAt: Date;
  cancelledAt: Date | null;
  endedAt: Date | null;
  /** When the customer was told that the renewal did not come (told once). */
  endNotifiedAt: Date | null;
  /** The customer turned renewal off in Telegram itself: only they can turn it on again, there. */
  cancelledInTelegram: boolean;
  /** Telegram said the renewal's payment failed; null again once a renewal is paid. */
  renewalFailedAt: Date | null;
}

export const SUBSCRIPTION_PERIOD_STATUSES = ['paid', 'refunded'] as const;
type SubscriptionPeriodStatus = (typeof SUBSCRIPTION_PERIOD_STATUSES)[number];

/** One paid period of a subscription: its Telegram charge, its price and allowance, its end. */
export interface SubscriptionPeriodRecord extends BotOwned {
  chargeId: string;
  userId: number;
  /** The subscription (its first charge) this period belongs to. */
  subscriptionId: string;
  planId: string;
  /** What the customer paid (XTR). */
  stars: number;
  allowance: number;
  startsAt: Date;
  /** The allowance expires here; a refund of the payment moves it to the refund's time. */
  endsAt: Date;
  status: SubscriptionPeriodStatus;
  /** The first payment of the subscription (is_first_recurring), not a renewal. */
  first: boolean;
}

/** What Telegram's `subscription` update says of a subscription (BotSubscriptionUpdated.state). */
export const SUBSCRIPTION_SIGNAL_STATES = ['canceled', 'active', 'failed'] as const;
export type SubscriptionSignalState = (typeof SUBSCRIPTION_SIGNAL_STATES)[number];

/** One `subscription` update, kept by its update id (a redelivery is recognised). */
export interface SubscriptionSignalRecord extends BotOwned {
  updateId: number;
  userId: number;
  subscriptionId: string | null;
  state: SubscriptionSignalState;
  receivedAt: Date;
}

/** A plan checkout answered ok and not credited yet (one per customer). */
export interface SubscriptionCheckoutRecord extends BotOwned {
  userId: number;
  payload: string;
  approvedAt: Date;
}

/** Who a broadcast goes to (chosen in /broadcast); blocked and banned users are always left out. */
export type BroadcastAudience =
  | { kind: 'all' }
  | { kind: 'language'; locale: SupportedLocale }
  | { kind: 'active'; days: number }
  | { kind: 'paying' }
  | { kind: 'ids'; ids: number[] };

/** What a broadcast sends: one message the bot can send, stored by value (Telegram file ids). */
export interface BroadcastContent {
  kind: 'text' | 'photo' | 'video' | 'document' | 'animation';
  /** The text, or the media's caption. */
  text: string;
  /** Telegram's formatting of `text`, as the admin wrote it (sent back as entities: no parse_mode). */
  entities: unknown[];
  fileId?: string;
  button?: { text: string; url: string };
}

export const BROADCAST_STATUSES = ['running', 'paused', 'cancelled', 'done'] as const;
export type BroadcastStatus = (typeof BROADCAST_STATUSES)[number];

export interface BroadcastRecord extends BotOwned {
  id: number;
  createdBy: number;
  /** The admin's chat: the progress message and the final report go there. */
  adminChatId: number;
  /** The admin's language for the progress message and the report. */
  locale: string;
  content: BroadcastContent;
  audience: BroadcastAudience;
  status: BroadcastStatus;
  /** 1 while running or paused, else null: a unique index allows one such broadcast at a time. */
  activeSlot: number | null;
  total: number;
  progressMessageId: number | null;
  createdAt: Date;
  updatedAt: Date;
  finishedAt: Date | null;
  /** When the final report was sent (a restart after finishing does not send it twice). */
  reportedAt: Date | null;
}

/**
 * A recipient's state: pending -> sending -> sent | blocked | failed, or back to pending (429, 5xx).
 * `sending` left by a crash is settled as `unconfirmed` (maybe delivered, never sent again).
 */
export const RECIPIENT_STATUSES = ['pending', 'sending', 'sent', 'blocked', 'failed', 'unconfirmed'] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

export interface BroadcastRecipientRecord extends BotOwned {
  broadcastId: number;
  userId: number;
  status: RecipientStatus;
  attempts: number;
  error: string | null;
  updatedAt: Date;
}

/** One admin action, kept for /audit: who, what, to whom, when. */
export interface AuditEntryRecord extends BotOwned {
  id: number;
  actorId: number;
  action: string;
  targetUserId: number | null;
  details: Record<string, unknown>;
  createdAt: Date;
}

/** A promo code (BILLING=stars): `stars` for each of at most `uses` customers, once each. */
export interface PromoCodeRecord extends BotOwned {
  /** Normalized (upper case). */
  code: string;
  stars: number;
  uses: number;
  used: number;
  expiresAt: Date | null;
  disabledAt: Date | null;
  createdBy: number;
  createdAt: Date;
}

/** One customer's redemption of one code. */
export interface PromoRedemptionRecord extends BotOwned {
  code: string;
  userId: number;
  stars: number;
  createdAt: Date;
}

/** The kinds of file a Telegram message carries that the bot relays upstream. */
export const TELEGRAM_FILE_KINDS = ['photo', 'video', 'animation', 'document'] as const;
export type TelegramFileKind = (typeof TELEGRAM_FILE_KINDS)[number];

/** The Telegram file an upstream upload was relayed from, so it can be uploaded again. */
export interface UploadSourceRecord extends BotOwned {
  /** The upload's path upstream (`tmp/...`), as an order's `request.media` names it. */
  path: string;
  kind: TelegramFileKind;
  telegramFileId: string;
  telegramFileUniqueId: string;
  fileName: string | null;
  mimeType: string | null;
  createdAt: Date;
}

/** How a model is priced: as the environment says, a markup of its own, or a fixed number of Stars. */
export const PRICE_RULE_KINDS = ['default', 'markup', 'fixed'] as const;
export type PriceRuleKind = (typeof PRICE_RULE_KINDS)[number];

/** The global live settings (one row); null: as the environment says. */
export interface LiveSettingsRecord extends BotOwned {
  id: number;
  version: number;
  markupPercent: string | null;
  welcomeStars: number | null;
  topupPacks: number[] | null;
  /** Reminder rule names (domain/reminders.ts); null: as REMINDERS says. */
  reminders: string[] | null;
  updatedAt: Date;
}

/** What admins set for one model; null columns: as the environment says. */
export interface ModelSettingsRecord extends BotOwned {
  modelId: number;
  offered: boolean | null;
  /** The names admins gave it, by language (a language absent: the upstream name). */
  names: Record<string, string>;
  /** Its descriptions, by language (a language absent: none, or English's). */
  descriptions: Record<string, string>;
  priceKind: PriceRuleKind;
  priceMarkupPercent: string | null;
  priceStars: number | null;
  updatedAt: Date;
}

/** A registered bot is served, or suspended: it then answers every customer with one sentence. */
export const BOT_STATUSES = ['active', 'suspended'] as const;
export type BotStatus = (typeof BOT_STATUSES)[number];

/**
 * A bot this deployment serves. Row 1 is the main bot (`BOT_TOKEN`, whose token never enters the
 * database); every other row was added by an operator's admin or created as a managed bot, and keeps
 * its token sealed with `BOT_TOKENS_SECRET`.
 */
export interface BotRecord {
  id: number;
  /** Telegram's id of the bot (the token's number); null for the main bot until it first starts. */
  telegramId: number | null;
  username: string | null;
  /** The token, sealed (lib/secret-box.ts); null for the main bot. */
  tokenSealed: string | null;
  /**
   * Its own upstream API key, sealed like its token; null: it orders with the deployment's
   * RESELLER_API_KEY (always null for the main bot).
   */
  upstreamKeySealed: string | null;
  status: BotStatus;
  /** Upstream spend allowed per UTC day, exact USD; null: no cap. */
  dailyCapUsd: string | null;
  /** The Telegram user who added or created it; null for the main bot. */
  createdBy: number | null;
  /** Created through the main bot's managed-bot button rather than added by token. */
  managed: boolean;
  createdAt: Date;
}

// The reminders' vocabulary lives in the domain; the store keeps it as is.
export {
  REMINDER_RULES,
  REMINDER_STATUSES,
  type ReminderRule,
  type ReminderStatus,
} from '../domain/reminders.js';

/**
 * One reminder the bot owes or sent (issue 44), by its key (its rule and what it is about: a
 * period's charge, a draft, a customer): a key is planned once, so nobody is reminded twice of one
 * thing, by any replica, after any crash.
 */
export interface ReminderRecord extends BotOwned {
  key: string;
  userId: number;
  rule: ReminderRule;
  /** What it is about (a charge id, an order id, the user id): its rule's check before sending. */
  subject: string;
  status: ReminderStatus;
  createdAt: Date;
  /** When its request went out (`sending`, then `sent`). */
  sentAt: Date | null;
  /** Why it was not sent (skipped or failed), for the log and the figures. */
  note: string | null;
  /** When the customer did what it asked within 48 hours of it (ordered, renewed, confirmed). */
  actedAt: Date | null;
}

/** Where a description was sent from: the bot's private chat, a group it is in, or a guest chat. */
export const CONTENT_PLACES = ['private', 'group', 'guest'] as const;
export type ContentPlace = (typeof CONTENT_PLACES)[number];

/** The content rules a bot's admins set (issue 42): the whole document, versioned as a whole. */
export interface ContentRulesRecord extends BotOwned {
  version: number;
  rules: ContentRules;
  updatedAt: Date;
}

/** A description the content rules refused: a strike against its customer, and a line to review. */
export interface ContentBlockRecord extends BotOwned {
  id: number;
  userId: number;
  chatId: number;
  place: ContentPlace;
  /** The list line that matched. */
  line: string;
  description: string;
  /** This attempt was the strike that banned the customer. */
  banned: boolean;
  createdAt: Date;
}

/** A group the bot was added to (issue 42), and what its admins set there. */
export interface GroupChatRecord extends BotOwned {
  chatId: number;
  title: string;
  /** The bot is in the group now. */
  member: boolean;
  /** null: as GROUPS says. */
  enabled: boolean | null;
  /** Generations a UTC day; null: no cap. */
  dailyCap: number | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What became of a report: waiting for an admin, or resolved one of three ways. */
export const REPORT_STATUSES = ['open', 'removed', 'banned', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** A result posted in a group that a member reported (issue 42). */
export interface ContentReportRecord extends BotOwned {
  id: number;
  orderId: string;
  chatId: number;
  /** The posted result's message in that chat. */
  messageId: number;
  reporterId: number;
  ownerId: number;
  status: ReportStatus;
  createdAt: Date;
  resolvedBy: number | null;
  resolvedAt: Date | null;
}
