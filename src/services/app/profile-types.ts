/**
 * What the customers' Mini App (issue 43) reads first: who opened it and what the bot offers them.
 * Shared by the server (server/miniapp/app-profile-routes.ts) and the page (miniapp/src/app/).
 */
export interface AppProfile {
  firstName: string;
  /** The bot's @username (links back into its chat), or null while it is not known yet. */
  botUsername: string | null;
  /** Stars billing: the wallet and the prices in Stars are shown. */
  wallet: boolean;
  /** Results may be shared (SHARING=on). */
  sharing: boolean;
}
