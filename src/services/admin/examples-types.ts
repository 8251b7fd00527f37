/**
 * The control room's examples of a model (issue 43): what its API answers (server/miniapp/
 * examples-routes.ts) and the page reads (miniapp/src/examples.tsx). Files are signed same-origin
 * links, never Telegram's URLs (they hold the bot's token).
 */

export type AdminExampleState = 'asked' | 'shown' | 'declined' | 'withdrawn' | 'unreachable';

export interface AdminExample {
  id: string;
  kind: 'image' | 'video';
  source: 'result' | 'upload';
  state: AdminExampleState;
  /** A preview (a photo size, a video's thumbnail) and the file, signed for the admin viewing. */
  thumb: string;
  full: string;
}

export interface AdminExamples {
  examples: AdminExample[];
  /** How many the app shows at most (the first ones shown, in this order). */
  shownMax: number;
  /** How many a model may have in all. */
  max: number;
  /** The largest photo and video an upload may be, in bytes. */
  maxImageBytes: number;
  maxVideoBytes: number;
}

/** One file of a delivered result of the model, as the picker offers it. */
export interface ExampleCandidateItem {
  orderId: string;
  index: number;
  kind: 'image' | 'video';
  thumb: string;
  /** The customer's description, as they wrote it (drawn as text). */
  description: string;
  deliveredAt: string;
  /** An example already. */
  picked: boolean;
}

export interface ExampleCandidates {
  items: ExampleCandidateItem[];
  next: string | null;
}

/** Where the page sends an upload's bytes (POST, the file as the body), valid a few minutes. */
export interface ExampleUploadTicket {
  url: string;
}

/** Why an add was refused (the answer's `error`). */
export type ExampleRefusal =
  | 'already'
  | 'not_found'
  | 'not_media'
  | 'full'
  | 'unsupported'
  | 'too_big'
  | 'empty'
  | 'telegram_refused';
