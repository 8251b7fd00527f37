/**
 * What the benchmarks with many active orders share: the upstream simulator in a child process (so
 * its CPU is not counted against the bot), upstream orders created over HTTP, the matching rows
 * stored as submitted, and the figures (percentiles, the busiest sliding window).
 */
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { OrdersRepository } from '../../src/db/index.js';
import type { Order } from '../../src/reseller/schemas.js';
import { startSimulator } from '../../src/simulator/server.js';

export const API_KEY = 'bench-key';
const ORDER_PATH = /^\/orders\/[^/]+$/;
/** argv[2] of a benchmark started as the simulator's child. */
const CHILD_FLAG = '--sim';

export interface SimulatorChild {
  baseUrl: string;
  /** Arrival times (simulator clock = wall clock) of every GET /orders/{id} so far. */
  gets(): Promise<number[]>;
  stop(): void;
}

/**
 * In the benchmark's own file, first thing: `if (await runAsSimulatorChild()) ...else main()`.
 * True when this process is the simulator child (it then serves until its parent goes).
 */
export async function runAsSimulatorChild(): Promise<boolean> {
  if (process.argv[2] !== CHILD_FLAG) return false;
  const sim = await startSimulator({
    port: 0,
    orderStageMs: Number(process.argv[3]),
    activeOrderCap: 1_000_000,
    accounts: [{ key: API_KEY, balance_usd: '1000000.00', deposit_usd: '0' }],
  });
  process.on('message', (m) => {
    if (m !== 'counts') return;
    const gets = sim.requests.filter((q) => q.method === 'GET' && ORDER_PATH.test(q.path)).map((q) => q.at);
    process.send?.({ gets });
  });
  process.once('disconnect', () => void sim.close());
  process.send?.({ baseUrl: sim.baseUrl });
  return true;
}

/** Forks `script` (the benchmark's own file) as the simulator child, orders completing after 2 x stageMs. */
export async function startSimulatorChild(script: string, stageMs: number): Promise<SimulatorChild> {
  const child = fork(script, [CHILD_FLAG, String(stageMs)], { stdio: 'inherit' });
  const { baseUrl } = await new Promise<{ baseUrl: string }>((resolve) =>
    child.once('message', (m) => resolve(m as { baseUrl: string })),
  );
  return {
    baseUrl,
    gets: () =>
      new Promise((resolve) => {
        child.once('message', (m) => resolve((m as { gets: number[] }).gets));
        child.send('counts');
      }),
    stop: () => child.disconnect(),
  };
}

/** `n` text-to-image orders created upstream, 100 at a time. */
export async function createUpstreamOrders(baseUrl: string, n: number): Promise<Order[]> {
  const created: Order[] = [];
  const batch = 100;
  for (let i = 0; i < n; i += batch) {
    const part = await Promise.all(
      Array.from({ length: Math.min(batch, n - i) }, async (_, k) => {
        const res = await fetch(`${baseUrl}/orders`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${API_KEY}`,
            'content-type': 'application/json',
            'idempotency-key': randomUUID(),
          },
          body: JSON.stringify({ model_id: 203, prompt: `bench order ${i + k}` }),
        });
        const body = (await res.json()) as { success: boolean; order: Order };
        if (!body.success) throw new Error(`POST /orders failed: ${JSON.stringify(body)}`);
        return body.order;
      }),
    );
    created.push(...part);
  }
  return created;
}

/**
 * Stores a row for each upstream order, as if its chat had confirmed it (50 at a time: the set-up is
 * not what is measured). Returns when each will complete upstream (created_at + 2 x stageMs), by row id.
 */
export async function storeSubmitted(
  orders: OrdersRepository,
  upstream: Order[],
  chatOf: (index: number) => number,
  stageMs: number,
): Promise<Map<string, number>> {
  const completesAt = new Map<string, number>();
  const insert = async (i: number, order: Order) => {
    const id = randomUUID();
    const key = randomUUID();
    await orders.insertDraft({
      id,
      chatId: chatOf(i),
      userId: chatOf(i),
      locale: 'en',
      modelId: 203,
      modelName: 'Lumen Text to Image',
      modelType: 'image',
      request: { model_id: 203, prompt: `bench order ${i}` },
      priceUsd: order.cost_usd,
      idempotencyKey: key,
    });
    await orders.beginSubmission(id, key);
    await orders.markSubmitted(id, key, order);
    const createdAt = Date.parse(String((order as { created_at?: string }).created_at));
    completesAt.set(id, createdAt + 2 * stageMs);
  };
  for (let i = 0; i < upstream.length; i += 50) {
    await Promise.all(upstream.slice(i, i + 50).map((order, k) => insert(i + k, order)));
  }
  return completesAt;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** The most events in any window of `windowMs` (two pointers over sorted times). */
export function maxInWindow(sorted: number[], windowMs: number): number {
  let best = 0;
  for (let i = 0, j = 0; j < sorted.length; j++) {
    while (sorted[j]! - sorted[i]! >= windowMs) i++;
    best = Math.max(best, j - i + 1);
  }
  return best;
}
