/**
 * Compile-time proof that both engines store exactly the records of db/records.ts: a column added
 * to one schema and not the other (or typed differently) fails `npm run typecheck`.
 */
import type {
  AdminAlertRecord,
  AuditEntryRecord,
  BotRecord,
  BroadcastRecipientRecord,
  BroadcastRecord,
  CampaignRecord,
  InboxUpdateRecord,
  LiveSettingsRecord,
  ModelSettingsRecord,
  OrderRecord,
  PromoCodeRecord,
  PromoRedemptionRecord,
  ReminderRecord,
  StarTopupRecord,
  SubscriptionCheckoutRecord,
  SubscriptionPeriodRecord,
  SubscriptionRecord,
  SubscriptionSignalRecord,
  UploadSourceRecord,
  UserRecord,
  WalletEntryRecord,
} from '../records.js';
import type * as pg from './postgres/tables.js';
import type * as sqlite from './sqlite/index.js';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;

type Row<T extends { $inferSelect: unknown }> = T['$inferSelect'];

export type SchemaParity = [
  Holds<Same<Row<typeof sqlite.users>, UserRecord>>,
  Holds<Same<Row<typeof pg.users>, UserRecord>>,
  Holds<Same<Row<typeof sqlite.orders>, OrderRecord>>,
  Holds<Same<Row<typeof pg.orders>, OrderRecord>>,
  Holds<Same<Row<typeof sqlite.adminAlerts>, AdminAlertRecord>>,
  Holds<Same<Row<typeof pg.adminAlerts>, AdminAlertRecord>>,
  Holds<Same<Row<typeof sqlite.walletEntries>, WalletEntryRecord>>,
  Holds<Same<Row<typeof pg.walletEntries>, WalletEntryRecord>>,
  Holds<Same<Row<typeof sqlite.starTopups>, StarTopupRecord>>,
  Holds<Same<Row<typeof pg.starTopups>, StarTopupRecord>>,
  Holds<Same<Row<typeof sqlite.catalogSnapshots>, Row<typeof pg.catalogSnapshots>>>,
  Holds<Same<Row<typeof sqlite.conversationStates>, Row<typeof pg.conversationStates>>>,
  Holds<Same<Row<typeof sqlite.updateInbox>, InboxUpdateRecord>>,
  Holds<Same<Row<typeof pg.updateInbox>, InboxUpdateRecord>>,
  Holds<Same<Row<typeof sqlite.pollBudget>, Row<typeof pg.pollBudget>>>,
  Holds<Same<Row<typeof sqlite.broadcasts>, BroadcastRecord>>,
  Holds<Same<Row<typeof pg.broadcasts>, BroadcastRecord>>,
  Holds<Same<Row<typeof sqlite.broadcastRecipients>, BroadcastRecipientRecord>>,
  Holds<Same<Row<typeof pg.broadcastRecipients>, BroadcastRecipientRecord>>,
  Holds<Same<Row<typeof sqlite.auditLog>, AuditEntryRecord>>,
  Holds<Same<Row<typeof pg.auditLog>, AuditEntryRecord>>,
  Holds<Same<Row<typeof sqlite.promoCodes>, PromoCodeRecord>>,
  Holds<Same<Row<typeof pg.promoCodes>, PromoCodeRecord>>,
  Holds<Same<Row<typeof sqlite.promoRedemptions>, PromoRedemptionRecord>>,
  Holds<Same<Row<typeof pg.promoRedemptions>, PromoRedemptionRecord>>,
  Holds<Same<Row<typeof sqlite.promoMisses>, Row<typeof pg.promoMisses>>>,
  Holds<Same<Row<typeof sqlite.campaigns>, CampaignRecord>>,
  Holds<Same<Row<typeof pg.campaigns>, CampaignRecord>>,
  Holds<Same<Row<typeof sqlite.uploadSources>, UploadSourceRecord>>,
  Holds<Same<Row<typeof pg.uploadSources>, UploadSourceRecord>>,
  Holds<Same<Row<typeof sqlite.liveSettings>, LiveSettingsRecord>>,
  Holds<Same<Row<typeof pg.liveSettings>, LiveSettingsRecord>>,
  Holds<Same<Row<typeof sqlite.modelSettings>, ModelSettingsRecord>>,
  Holds<Same<Row<typeof pg.modelSettings>, ModelSettingsRecord>>,
  Holds<Same<Row<typeof sqlite.subscriptions>, SubscriptionRecord>>,
  Holds<Same<Row<typeof pg.subscriptions>, SubscriptionRecord>>,
  Holds<Same<Row<typeof sqlite.subscriptionPeriods>, SubscriptionPeriodRecord>>,
  Holds<Same<Row<typeof pg.subscriptionPeriods>, SubscriptionPeriodRecord>>,
  Holds<Same<Row<typeof sqlite.subscriptionCheckouts>, SubscriptionCheckoutRecord>>,
  Holds<Same<Row<typeof pg.subscriptionCheckouts>, SubscriptionCheckoutRecord>>,
  Holds<Same<Row<typeof sqlite.subscriptionSignals>, SubscriptionSignalRecord>>,
  Holds<Same<Row<typeof pg.subscriptionSignals>, SubscriptionSignalRecord>>,
  Holds<Same<Row<typeof sqlite.reminders>, ReminderRecord>>,
  Holds<Same<Row<typeof pg.reminders>, ReminderRecord>>,
  Holds<Same<Row<typeof sqlite.bots>, BotRecord>>,
  Holds<Same<Row<typeof pg.bots>, BotRecord>>,
];
