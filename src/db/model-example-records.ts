/**
 * Examples of a model that a bot's admins picked for the customers' app (issue 43): a customer's
 * delivered result, shown once its owner allowed it, or a file an admin uploaded. Kept beside
 * records.ts, in the same plain shape: the schemas, the repository and the services read it.
 */
import type { BotOwned } from './records.js';

/** Where an example came from: a customer's delivered result, or a file an admin uploaded. */
export const EXAMPLE_SOURCES = ['result', 'upload'] as const;
export type ExampleSource = (typeof EXAMPLE_SOURCES)[number];

/**
 * - asked: the owner was sent the question and has not answered;
 * - shown: in the app (the owner allowed it, the owner is the admin who picked it, or an upload);
 * - declined: the owner said no; withdrawn: the owner stopped showing it after allowing it;
 * - unreachable: the question could not be sent (the owner blocked the bot, or never opened it).
 */
export const EXAMPLE_STATES = ['asked', 'shown', 'declined', 'withdrawn', 'unreachable'] as const;
export type ExampleState = (typeof EXAMPLE_STATES)[number];

export const EXAMPLE_KINDS = ['image', 'video'] as const;
export type ExampleKind = (typeof EXAMPLE_KINDS)[number];

export interface ModelExampleRecord extends BotOwned {
  /** A UUID. */
  id: string;
  modelId: number;
  source: ExampleSource;
  /** The result's order and its file's index in it (source 'result'); null for an upload. */
  orderId: string | null;
  fileIndex: number | null;
  /** Whose result it is (source 'result'), who must allow it; null for an upload. */
  ownerUserId: number | null;
  state: ExampleState;
  kind: ExampleKind;
  /** Telegram's file id of the picture or the video. */
  fileId: string;
  /** A small picture of it (a ~320 px photo size, a video's thumbnail); null: the file stands in. */
  previewFileId: string | null;
  /** Its place among the model's examples (smaller first). */
  position: number;
  /** The admin who picked or uploaded it. */
  addedBy: number;
  createdAt: Date;
  /** When the owner last answered (allowed, declined, stopped showing), or the question failed. */
  decidedAt: Date | null;
}
