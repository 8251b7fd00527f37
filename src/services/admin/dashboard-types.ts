/**
 * The admin Mini App's API shapes, shared by the server (services/admin/dashboard.ts, the routes)
 * and the page (miniapp/): one module, types only. Money is an exact decimal string (USD) or an
 * integer (Stars), never a float. Days are UTC calendar days, `YYYY-MM-DD`.
 */

export const DASHBOARD_PERIODS = [7, 30, 90] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

export interface MoneyFigures {
  /** Top-ups paid (Stars). */
  starsBought: number;
  /** Stars captured or charged for orders whose result reached the customer (granted ones too). */
  starsEarned: number;
  /**
   * What customers paid (domain/money-result.ts): the paid Stars of those captures and charges plus
   * the Stars paid for subscription periods (not refunded); granted Stars are never revenue.
   */
  revenueStars: number;
  /** The subscription part of revenueStars. */
  subscriptionStars: number;
  /** revenueStars at STARS_PAYOUT_USD; null without Stars billing. */
  revenueUsd: string | null;
  /** What upstream charged for the completed orders placed that day (USD). */
  costUsd: string;
  /** The part of costUsd paid for with granted Stars (welcome, grants, promo, referral); null without billing. */
  givenAwayUsd: string | null;
  /** revenueUsd minus the whole upstream cost; null without Stars billing. */
  marginUsd: string | null;
  /** Stars refunded (by an admin or by Telegram). */
  refundedStars: number;
  /** Orders placed upstream. */
  orders: number;
}

export interface MoneyReport {
  days: DashboardPeriod;
  /** The first day of the period. */
  since: string;
  billing: boolean;
  series: Array<MoneyFigures & { day: string }>;
  totals: MoneyFigures;
}

export interface ModelRow {
  modelName: string;
  orders: number;
  failed: number;
  starsEarned: number;
  costUsd: string;
  givenAwayUsd: string | null;
  marginUsd: string | null;
  /** From order to a final status, on average over completed orders; null when none completed. */
  avgSecondsToResult: number | null;
}

export interface ModelsReport {
  days: DashboardPeriod;
  models: ModelRow[];
}

export interface TopCustomer {
  userId: number;
  name: string;
  username: string | null;
  /** Stars spent on orders in the period. */
  starsSpent: number;
  orders: number;
}

export interface CustomersReport {
  days: DashboardPeriod;
  /** new: joined that day; active: placed an order; paying: paid a top-up. */
  series: Array<{ day: string; new: number; active: number; paying: number }>;
  /** Every wallet's balance and the Stars held by running orders; null without Stars billing. */
  wallets: { balanceStars: number; heldStars: number } | null;
  top: TopCustomer[];
}

export interface GrowthReport {
  campaigns: Array<{
    id: number;
    name: string;
    code: string;
    joins: number;
    ordered: number;
    payers: number;
    starsBought: number;
    costUsd: string;
    marginUsd: string | null;
  }>;
  promoCodes: Array<{
    code: string;
    stars: number;
    uses: number;
    used: number;
    expiresAt: string | null;
    disabled: boolean;
  }>;
  /**
   * The reminders of the last 30 days (issue 44), per rule (`plan_ending`, `welcome_unused`,
   * `quote_unconfirmed`, `win_back`): how many went out, and after how many the customer ordered,
   * renewed or confirmed within 48 hours.
   */
  reminders: Array<{ rule: string; sent: number; acted: number }>;
}

export interface OperationsReport {
  /** Upstream's balance; null when upstream did not answer. */
  upstreamBalanceUsd: string | null;
  activeOrders: { queued: number; processing: number };
  broadcasts: Array<{
    id: number;
    status: string;
    createdAt: string;
    total: number;
    sent: number;
    failed: number;
    pending: number;
  }>;
}

/** What GET /miniapp/api/me answers: who is looking, and what the page may offer. */
export interface DashboardMe {
  adminId: number;
  billing: boolean;
  /** The bot whose control room this is ("@shop_bot"), once Telegram told us its name. */
  bot?: string;
}

/** The CSV exports, one per table (GET /miniapp/api/csv/:table?days=). */
export const CSV_TABLES = [
  'money',
  'models',
  'customers',
  'top-customers',
  'campaigns',
  'promo-codes',
  'reminders',
  'broadcasts',
] as const;
export type CsvTable = (typeof CSV_TABLES)[number];

/**
 * Live settings (GET /miniapp/api/settings, PUT .../settings/models/:id and .../settings/global,
 * each with the document's `version`): the contract the settings screen is built against; the
 * routes themselves belong to the live-settings feature.
 */
export type SettingsPrice =
  | { kind: 'default' }
  | { kind: 'markup'; markupPercent: string }
  | { kind: 'fixed'; stars: number };

export interface SettingsModel {
  id: number;
  upstreamName: string;
  type: string;
  offered: boolean;
  /** By language tag; a language absent (or null) reads the upstream name. */
  name: Readonly<Record<string, string | null>>;
  /** By language tag; a language absent (or null) has none (English's stands in). */
  description: Readonly<Record<string, string | null>>;
  price: SettingsPrice;
  exampleStars: number | null;
}

/** An installed language (locales/<tag>.ftl or the brand folder's): a name and description field each. */
export interface SettingsLanguage {
  tag: string;
  /** The language's name in itself ("Українська"), from its file. */
  name: string;
}

export interface SettingsDocument {
  models: SettingsModel[];
  /** English first, then as the files are found. */
  languages: SettingsLanguage[];
  markupPercent: string;
  welcomeStars: number;
  topupPacks: number[];
  /** The reminders the bot sends first (issue 44), switched live like the values above. */
  reminders: SettingsReminders;
  version: number;
  /** The bounds the server checks, so the page can say what to enter when a value is refused. */
  limits: SettingsLimits;
}

export interface SettingsReminders {
  /** Every rule the bot knows, in its order: one checkbox each. */
  rules: string[];
  /** The rules on now, in the same order. */
  on: string[];
  /** Nothing set live: REMINDERS decides (`on` is what it says). */
  fromEnvironment: boolean;
}

export interface SettingsLimits {
  /** The highest markup, in percent. */
  markupPercent: number;
  /** The most Stars in one price, welcome bonus or top-up pack. */
  stars: number;
  /** The most top-up packs. */
  topupPacks: number;
  nameChars: number;
  descriptionChars: number;
}

/** 422's body; `code`: a refusal the page words in the admin's language (`miniapp-settings-error-<code>`). */
export interface SettingsErrors {
  errors: Array<{ field: string; message: string; code?: 'bidi' }>;
}

/** The content rules as the control room's Rules screen reads and writes them (issue 42). */
export interface RulesDocument {
  version: number;
  rules: {
    /** Lines by list: `*` (everyone) and language tags. */
    blocked: Record<string, string[]>;
    privateOnlyModelIds: number[];
    /** Model id -> paid orders needed. */
    minPaidOrders: Record<string, number>;
    strikes: { limit: number; windowHours: number };
  };
  /** The installed languages, each a list of its own. */
  languages: SettingsLanguage[];
  /** Every upstream model, named as customers see it in English. */
  models: Array<{ id: number; name: string; type: string }>;
  limits: {
    linesPerList: number;
    lineChars: number;
    maxStrikes: number;
    maxWindowHours: number;
    maxPaidOrders: number;
  };
  /** The last 30 days. */
  figures: { blocked: number; bans: number };
  /** The latest refused descriptions, newest first. */
  recent: Array<{
    at: string;
    userId: number;
    place: 'private' | 'group' | 'guest';
    line: string;
    description: string;
    banned: boolean;
  }>;
}

/** 422's body of PUT /rules; `code` words a bad line in the admin's language. */
export interface RulesErrors {
  errors: Array<{ field: string; message: string; code?: 'too_long' | 'bad_pattern' | 'empty' }>;
}

/** The groups the bot was added to, as the control room's Groups screen reads and changes them (issue 42). */
export interface GroupsDocument {
  /** GROUPS: off (no group), allowlist (a group turned on), on (every group not turned off). */
  mode: 'off' | 'allowlist' | 'on';
  /** The groups the bot is in first, then by title. */
  groups: GroupsDocumentGroup[];
  limits: { maxCap: number };
}

export interface GroupsDocumentGroup {
  chatId: number;
  /** As Telegram names the group: shown as text, never as markup. */
  title: string;
  /** The bot is in the group now. */
  member: boolean;
  /** Turned on or off by an admin; null: as GROUPS says. */
  enabled: boolean | null;
  /** Takes orders now. */
  open: boolean;
  /** Generations a UTC day; null: no cap. */
  dailyCap: number | null;
  /** Generations ordered from the group today (UTC). */
  usedToday: number;
}

/** 422's body of PUT /groups/:chatId: `field` is `enabled` or `dailyCap`. */
export interface GroupsErrors {
  errors: Array<{ field: string; message: string }>;
}

/**
 * Reports of posted results, as the control room's Groups screen shows and resolves them (issue 42):
 * the figures /stats gives and the open reports, newest first.
 */
export interface ReportsDocument {
  /** The last 30 days: reports filed, and how many of them still wait for an admin. */
  figures: { reports: number; open: number };
  /** The open reports, newest first, at most `limits.shown`. */
  open: ReportsDocumentReport[];
  /** More reports are open than listed. */
  more: boolean;
  limits: { shown: number };
}

export interface ReportsDocumentReport {
  id: number;
  /** When the report was filed (ISO 8601). */
  at: string;
  /**
   * Where the result was posted: a group (its title as Telegram gave it, shown as text; null when
   * the bot does not know the group), or a guest card (the bot asked by its name in any chat).
   */
  place: { kind: 'group'; chatId: number; title: string | null } | { kind: 'guest' };
  /** Whose result it is: their first name as Telegram gave it (null when unknown), and their id. */
  owner: { id: number; name: string | null };
  /** The model's name as ordered; null once the order is gone. */
  model: string | null;
  /** The description the result was made from: the customer's text, shown as text, never as markup. */
  description: string | null;
  /** Members who reported this result, this report included. */
  reporters: number;
}

export type ReportsDocumentAction = 'remove' | 'ban' | 'dismiss';

/**
 * 200 of POST /reports/:id: what became of the report, and the document as it is now. `already`: it
 * had been resolved before this call (by another admin, or another screen), which changed nothing.
 */
export interface ReportResolution {
  outcome: {
    id: number;
    status: 'removed' | 'banned' | 'dismissed';
    /** A guest card's removal hides it: Telegram lets no bot delete one. */
    guestCard: boolean;
    already: boolean;
  };
  reports: ReportsDocument;
}

/**
 * 409 of POST /reports/:id, the report still open: `remove_failed`, Telegram refused to delete the
 * post (over 48 hours old, or gone); `owner_is_admin`, admins are never banned.
 */
export interface ReportRefusal {
  error: 'remove_failed' | 'owner_is_admin';
  reports: ReportsDocument;
}

/** 422's body of POST /reports/:id: `field` is `action` (or `body`, or an unknown field's name). */
export interface ReportsErrors {
  errors: Array<{ field: string; message: string }>;
}
