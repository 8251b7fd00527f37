/**
 * What a delivered result is, and how a page of them is continued: one rule for the customers'
 * gallery (app/gallery.ts) and the control room's example picker (model-examples.ts).
 */
import type { OrderRecord } from '../db/records.js';

/** A result the customer received: delivered, completed, with the files Telegram has. */
export function isDeliveredResult(order: OrderRecord): boolean {
  return (
    order.stage === 'submitted' &&
    order.status === 'completed' &&
    order.deliveryOutcome === 'sent' &&
    (order.resultFiles?.length ?? 0) > 0
  );
}

/** Where the next page starts: after the last row of the one before (delivered at, then id). */
export interface ResultsCursor {
  at: Date;
  id: string;
}

const CURSOR = /^(\d{1,15})_([A-Za-z0-9-]{1,64})$/;

/** `<delivered ms>_<order id>`: opaque to the page. */
export function encodeCursor(c: ResultsCursor): string {
  return `${c.at.getTime()}_${c.id}`;
}

/** undefined for anything that is not a cursor of ours: the first page then. */
export function decodeCursor(raw: string | undefined): ResultsCursor | undefined {
  const match = raw ? CURSOR.exec(raw) : null;
  return match ? { at: new Date(Number(match[1])), id: match[2]! } : undefined;
}
