/** Orders as a test needs them in the store: a Lumen Text to Image order, submitted upstream. */
import { randomUUID } from 'node:crypto';
import type { OrderRecord, OrdersRepository } from '../../src/db/index.js';
import type { Order } from '../../src/reseller/schemas.js';

export interface SubmittedOrderOptions {
  userId: number;
  prompt: string;
  options?: Record<string, string>;
  /** Where upstream has it now (queued when left out). */
  status?: Order['status'];
  /** The result URLs upstream lists. */
  result?: string[];
  /** With Stars billing: what the customer pays (USD only when left out). */
  priceStars?: number;
}

/** A draft of `userId`'s chat, submitted upstream as `ord_<first 8 of its id>` and moved to `status`. */
export async function submittedOrder(
  orders: OrdersRepository,
  opts: SubmittedOrderOptions,
): Promise<OrderRecord> {
  const key = randomUUID();
  const row = await orders.insertDraft({
    id: randomUUID(),
    chatId: opts.userId,
    userId: opts.userId,
    locale: 'en',
    modelId: 203,
    modelName: 'Lumen Text to Image',
    modelType: 'image',
    request: { model_id: 203, prompt: opts.prompt, ...(opts.options ? { options: opts.options } : {}) },
    priceUsd: '0.04',
    ...(opts.priceStars !== undefined && { priceStars: opts.priceStars }),
    idempotencyKey: key,
  });
  const upstream: Order = {
    id: `ord_${row.id.slice(0, 8)}`,
    model_id: 203,
    status: 'queued',
    cost_usd: '0.04',
    result: opts.result ?? [],
    expires_at: null,
    error: null,
  };
  await orders.beginSubmission(row.id, key);
  await orders.markSubmitted(row.id, key, upstream);
  if (opts.status && opts.status !== 'queued')
    await orders.updateFromUpstream(row.id, { ...upstream, status: opts.status });
  return (await orders.find(row.id))!;
}
