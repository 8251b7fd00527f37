/**
 * The customers' app's Results tab (issue 43): what GET /miniapp/me/results answers, shared by the
 * server (server/miniapp/app-results-routes.ts) and the page (miniapp/src/app/gallery.tsx).
 */

/** What a result is to the customer: a picture or a video (an animation is a video). */
export type GalleryKind = 'image' | 'video';

export const GALLERY_KINDS: readonly GalleryKind[] = ['image', 'video'];

/** One result file of a delivered order. */
export interface GalleryItem {
  orderId: string;
  /** Its position among the order's results (0-based). */
  index: number;
  kind: GalleryKind;
  modelId: number;
  /** As customers read it: the name an admin gave the model, else upstream's. */
  modelName: string;
  /** The customer's own words (plain text, never markup); '' for a model without a description. */
  description: string;
  /** When it was delivered (ISO 8601). */
  deliveredAt: string;
  /** Signed, valid about an hour, same origin: a small picture (the full file where there is none). */
  previewUrl: string;
  /** Signed: the file itself (a photo's original where one was sent). */
  fullUrl: string;
  /** A name to save it under (`downloadFile`). */
  fileName: string;
  /** Telegram has it as a photo or a video: it can be shared as a card to a chat. */
  shareable: boolean;
  /** The customer starred it (★). */
  favourite: boolean;
}

export interface GalleryPage {
  items: GalleryItem[];
  /** Opaque: the next page's `cursor`; null when this page is the last. */
  next: string | null;
  /** The models among all of the customer's results, for the filter (newest first). */
  models: Array<{ id: number; name: string }>;
  /** Where a shared story's link leads: the customer's referral link, else the bot's. */
  link: string | null;
}

/** The body and the answer of POST /miniapp/me/results/:orderId/:index/favourite. */
export interface FavouriteState {
  favourite: boolean;
}

/** The answer of POST /miniapp/me/results/:orderId/:index/share: a prepared message for shareMessage. */
export interface PreparedShare {
  id: string;
}
