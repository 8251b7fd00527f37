/** Delivered results as the customers' gallery (issue 43) reads them: completed, sent, with Telegram's files. */
import { randomUUID } from 'node:crypto';
import type { DeliveredFile, OrderRecord, OrdersRepository } from '../../src/db/index.js';
import type { Order } from '../../src/reseller/schemas.js';

export interface DeliveredResultOptions {
  userId: number;
  prompt: string;
  /** Where it was asked for: the customer's private chat by default, a group's (negative) id otherwise. */
  chatId?: number;
  modelId?: number;
  modelName?: string;
  modelType?: string;
  /** Telegram's files as delivered (a photo each by default). */
  files?: Array<Partial<DeliveredFile> & { kind: DeliveredFile['kind'] }>;
  /** How the delivery went ('sent' by default). */
  outcome?: 'sent' | 'none';
}

/** An order of `userId` delivered just now (the store's clock): its row as the store has it. */
export async function deliveredResult(
  orders: OrdersRepository,
  opts: DeliveredResultOptions,
): Promise<OrderRecord> {
  const key = randomUUID();
  const modelId = opts.modelId ?? 203;
  const files = opts.files ?? [{ kind: 'photo' }];
  const row = await orders.insertDraft({
    id: randomUUID(),
    chatId: opts.chatId ?? opts.userId,
    userId: opts.userId,
    locale: 'en',
    modelId,
    modelName: opts.modelName ?? 'Lumen Text to Image',
    modelType: opts.modelType ?? 'image',
    request: { model_id: modelId, prompt: opts.prompt },
    priceUsd: '0.04',
    idempotencyKey: key,
  });
  const result = files.map(
    (f, i) => `https://results.example/${row.id}/${i}.${f.kind === 'video' ? 'mp4' : 'png'}`,
  );
  const upstream: Order = {
    id: `ord_${row.id.slice(0, 8)}`,
    model_id: modelId,
    status: 'queued',
    cost_usd: '0.04',
    result: [],
    expires_at: null,
    error: null,
  };
  await orders.beginSubmission(row.id, key);
  await orders.markSubmitted(row.id, key, upstream);
  await orders.updateFromUpstream(row.id, { ...upstream, status: 'completed', result });
  await orders.markDelivered(row.id, opts.outcome ?? 'sent');
  await orders.setResultFiles(
    row.id,
    files.map((f, index) => ({
      index,
      fileId: `file-${row.id.slice(0, 8)}-${index}`,
      fileUniqueId: `u-${row.id.slice(0, 8)}-${index}`,
      ...f,
    })),
  );
  return (await orders.find(row.id))!;
}
