/** The SQLite tables (drizzle-kit reads this folder for migrations/sqlite). */

export { adminAlerts } from './admin-alerts.js';
export { auditLog, broadcastRecipients, broadcasts } from './admin-ops.js';
export { bots } from './bots.js';
export { catalogSnapshots } from './catalog-snapshots.js';
export { contentBlocks, contentReports, contentRules } from './content-rules.js';
export { conversationStates } from './conversation-states.js';
export { groupChats } from './group-chats.js';
export { liveSettings, modelSettings } from './live-settings.js';
export { modelExamples } from './model-examples.js';
export { orders } from './orders.js';
export { promoCodes, promoMisses, promoRedemptions } from './promo-codes.js';
export { reminders } from './reminders.js';
export {
  subscriptionCheckouts,
  subscriptionPeriods,
  subscriptionSignals,
  subscriptions,
} from './subscriptions.js';
export { inboxReplicas, pollBudget, updateInbox } from './update-inbox.js';
export { uploadSources } from './upload-sources.js';
export { campaigns, users } from './users.js';
export { starTopups, walletEntries } from './wallet.js';
