/**
 * The models this bot offers: GET /models, filtered by the reseller's allow-list, cached and refreshed
 * in the background. A failed refresh keeps the last good catalog, so an upstream hiccup never
 * empties the menu.
 */
import type { Logger } from 'pino';
import { compareMoney, parseMoney } from '../lib/money.js';
import type { Model } from '../reseller/schemas.js';

/** The part of ResellerClient the catalog uses. */
export interface ModelSource {
  listModels(): Promise<Model[]>;
}

export interface CatalogOptions {
  refreshMs?: number;
  /** Model ids offered to users; null/undefined offers every upstream model. */
  allowedModelIds?: readonly number[] | null;
  logger: Logger;
}

export interface ModelGroup {
  type: string;
  models: Model[];
}

/** Menu order of the known categories; other types follow alphabetically. */
const TYPE_ORDER = ['image', 'video', 'upscale', 'remove_bg'];

function typeRank(type: string): number {
  const i = TYPE_ORDER.indexOf(type);
  return i === -1 ? TYPE_ORDER.length : i;
}

function compareTypes(a: string, b: string): number {
  return typeRank(a) - typeRank(b) || (a < b ? -1 : a > b ? 1 : 0);
}

function compareModels(a: Model, b: Model): number {
  return compareMoney(parseMoney(a.price_usd), parseMoney(b.price_usd)) || a.name.localeCompare(b.name, 'en');
}

export class CatalogService {
  readonly #client: ModelSource;
  readonly #refreshMs: number;
  readonly #allowed: ReadonlySet<number> | null;
  readonly #logger: Logger;
  #models: Model[] | undefined;
  #loading: Promise<Model[]> | undefined;
  #timer: NodeJS.Timeout | undefined;

  constructor(client: ModelSource, opts: CatalogOptions) {
    this.#client = client;
    this.#refreshMs = opts.refreshMs ?? 600_000;
    this.#allowed = opts.allowedModelIds ? new Set(opts.allowedModelIds) : null;
    this.#logger = opts.logger.child({ component: 'catalog' });
  }

  /** The offered models in upstream order. The first call loads them; concurrent callers share it. */
  async getModels(): Promise<Model[]> {
    return this.#models ?? this.#load();
  }

  async getModel(id: number): Promise<Model | undefined> {
    return (await this.getModels()).find((m) => m.id === id);
  }

  /** Models by category for the menu: image, video, upscale, remove_bg, then others; cheapest first. */
  async groups(): Promise<ModelGroup[]> {
    const byType = new Map<string, Model[]>();
    for (const model of await this.getModels()) {
      const list = byType.get(model.type) ?? [];
      list.push(model);
      byType.set(model.type, list);
    }
    return [...byType.keys()]
      .sort(compareTypes)
      .map((type) => ({ type, models: [...(byType.get(type) ?? [])].sort(compareModels) }));
  }

  /** Reloads now. Throws if upstream fails; the previous catalog is kept either way. */
  async refresh(): Promise<Model[]> {
    return this.#load();
  }

  /** Refreshes every `refreshMs` until stop(); the timer never keeps the process alive. */
  start(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => {
      this.#load().catch((err: unknown) => {
        this.#logger.warn({ err }, 'catalog refresh failed; keeping the last good catalog');
      });
    }, this.#refreshMs);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /** One request at a time: callers arriving during a load share its result. */
  #load(): Promise<Model[]> {
    this.#loading ??= this.#client
      .listModels()
      .then((all) => {
        const offered = this.#allowed ? all.filter((m) => this.#allowed?.has(m.id)) : all;
        this.#models = offered;
        const missing = [...(this.#allowed ?? [])].filter((id) => !all.some((m) => m.id === id));
        if (missing.length > 0) this.#logger.warn({ missing }, 'allow-listed models not offered upstream');
        this.#logger.debug({ count: offered.length, upstream: all.length }, 'catalog loaded');
        return offered;
      })
      .finally(() => {
        this.#loading = undefined;
      });
    return this.#loading;
  }
}
