/**
 * The customers' app's Models tab (issue 43): what GET /miniapp/me/models answers. Shared by the
 * server (services/app/models.ts, server/miniapp/app-models-routes.ts) and the page
 * (miniapp/src/app/models.tsx). Stars are whole numbers, USD exact decimal strings: never floats.
 */

/** How many files of one kind a model takes (min 0: optional). */
export interface AppCount {
  min: number;
  max: number;
}

/** What the model's form asks for: a description, photos, videos, files of either kind. */
export interface AppModelTakes {
  text: 'required' | 'optional' | null;
  photos: AppCount | null;
  videos: AppCount | null;
  files: AppCount | null;
}

/**
 * The price this customer pays for a plain request, as the chat's model menu shows it: in Stars with
 * Stars billing, else in USD; `from` where the request decides (resolution, photos, number of images)
 * or the model is priced by a quote at order time.
 */
export type AppPrice =
  | { kind: 'exact' | 'from'; stars: number; usd?: undefined }
  | { kind: 'exact' | 'from'; usd: string; stars?: undefined };

/**
 * An example of the model an admin picked (a result its owner allowed, or an upload): signed links
 * to its preview and its file, for the customer viewing the page.
 */
export interface AppModelExample {
  id: string;
  kind: 'image' | 'video';
  thumb: string;
  full: string;
}

export interface AppModel {
  id: number;
  /** The menu's group: image, video, upscale, remove_bg, or other. */
  type: string;
  /** The reseller's name in the reader's language, else upstream's. */
  name: string;
  /** The reseller's description in the reader's language, if any. */
  description: string | null;
  takes: AppModelTakes;
  /** null where customers are not shown prices (SHOW_PRICES=false). */
  price: AppPrice | null;
  /** Priced by a quote when ordered: the price is where it starts. */
  quoted: boolean;
  /** Examples admins picked, shown ones only, in their order (at most six). */
  examples: AppModelExample[];
  /** Opens after `needed` paid generations (the content rules); the customer has `have`. null: open. */
  locked: { needed: number; have: number } | null;
}

export interface AppModels {
  /** In the chat menu's order: by group, cheapest first. */
  models: AppModel[];
  /** The customer's active plan's Stars left, spent first (null: no active plan). */
  planStarsLeft: number | null;
}
