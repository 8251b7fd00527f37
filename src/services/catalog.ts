/**
 * The models this bot offers: GET /models, filtered by the reseller's allow-list, cached and refreshed
 * in the background. A failed refresh keeps the last good catalog, so an upstream hiccup never
 * empties the menu; the last good catalog is also stored, so a start while upstream is down or
 * unreadable still offers the models (orders still go to upstream, which decides). Models upstream
 * sends that cannot be read are left out one by one, logged once and reported to the admins.
 */
import type { Logger } from 'pino';
import { compareMoney, parseMoney } from '../domain/money.js';
import { realTimers, type Timers } from '../lib/timers.js';
import { type CatalogReading, readModels } from '../reseller/model-readings.js';
import type { Model } from '../reseller/schemas.js';
import type { ModelDisplay } from './live-settings.js';

/**
 * Which models are offered and under which names, when admins may change it live (live settings):
 * asked on every read, the offered list recomputed only when `version` moves.
 */
export interface ModelOffer {
  readonly version: number;
  isOffered(model: Model): boolean;
  display(modelId: number): ModelDisplay | undefined;
}

/** A model as the catalog offers it: with the names and description admins gave it, if any. */
export type CatalogModel = Model & { display?: ModelDisplay };

/** The part of ResellerClient the catalog uses. */
export interface ModelSource {
  readCatalog(): Promise<CatalogReading>;
}

/** Where the last good catalog is kept (the store in the bot). */
export interface CatalogStore {
  load(): Promise<{ models: unknown[]; savedAt: Date } | undefined>;
  save(models: readonly Model[], savedAt: Date): Promise<void>;
}

/** What the catalog tells the admins (AdminAlerts in the bot). */
export interface CatalogReporter {
  unreadableModel(model: string, reason: string): void;
  servingStored(error: string, count: number): void;
}

export interface CatalogOptions {
  refreshMs?: number;
  /** While serving the stored catalog (upstream down at start-up), try again this often (default 30 s). */
  retryMs?: number;
  /** Model ids offered to users; null/undefined offers every upstream model. */
  allowedModelIds?: readonly number[] | null;
  /** What is offered, live (replaces `allowedModelIds` for the offered list). */
  offer?: () => ModelOffer;
  logger: Logger;
  store?: CatalogStore;
  reporter?: CatalogReporter;
  now?: () => number;
  timers?: Timers;
}

export interface CatalogStats {
  offered: number;
  leftOut: number;
  /** Serving the stored catalog because upstream could not be read. */
  stale: boolean;
}

export interface ModelGroup {
  type: string;
  models: CatalogModel[];
}

/** Menu order of the known categories; models of any other type share one group, last. */
const TYPE_ORDER = ['image', 'video', 'upscale', 'remove_bg'];
const OTHER_GROUP = 'other';

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
  readonly #retryMs: number;
  readonly #allowed: ReadonlySet<number> | null;
  readonly #logger: Logger;
  readonly #store: CatalogStore | undefined;
  readonly #reporter: CatalogReporter | undefined;
  readonly #now: () => number;
  readonly #timers: Timers;
  readonly #offer: (() => ModelOffer) | undefined;
  /** Every readable upstream model (the offered ones are a view of these). */
  #models: Model[] | undefined;
  #view: { of: Model[]; version: number; offered: CatalogModel[] } | undefined;
  #loading: Promise<Model[]> | undefined;
  #timer: unknown;
  #stale = false;
  #leftOut = 0;
  /** Unreadable models already logged (id and reason), so a refresh does not repeat them. */
  readonly #reported = new Set<string>();

  constructor(client: ModelSource, opts: CatalogOptions) {
    this.#client = client;
    this.#refreshMs = opts.refreshMs ?? 600_000;
    this.#retryMs = opts.retryMs ?? 30_000;
    this.#allowed = opts.allowedModelIds ? new Set(opts.allowedModelIds) : null;
    this.#logger = opts.logger.child({ component: 'catalog' });
    this.#store = opts.store;
    this.#reporter = opts.reporter;
    this.#now = opts.now ?? Date.now;
    this.#timers = opts.timers ?? realTimers;
    this.#offer = opts.offer;
  }

  /** The names and description admins gave a model now, if any: read at once, without upstream. */
  displayOf(modelId: number): ModelDisplay | undefined {
    return this.#offer?.().display(modelId);
  }

  /**
   * The offered models in upstream order. The first call loads them (concurrent callers share it);
   * if upstream fails and a catalog is stored, that one is served. Throws only with neither.
   */
  async getModels(): Promise<CatalogModel[]> {
    return this.#offered(await this.upstreamModels());
  }

  /** Every readable upstream model, offered or not (the admins' settings list them all). */
  async upstreamModels(): Promise<Model[]> {
    if (this.#models) return this.#models;
    try {
      return await this.#load();
    } catch (err) {
      const stored = await this.#fromStore(err);
      if (stored) return stored;
      throw err;
    }
  }

  async getModel(id: number): Promise<CatalogModel | undefined> {
    return (await this.getModels()).find((m) => m.id === id);
  }

  /**
   * Models by category for the menu: image, video, upscale, remove_bg, then one "other" group for
   * every type we do not know (offered, never dropped); cheapest first.
   */
  async groups(): Promise<ModelGroup[]> {
    const byType = new Map<string, CatalogModel[]>();
    for (const model of await this.getModels()) {
      const group = TYPE_ORDER.includes(model.type) ? model.type : OTHER_GROUP;
      const list = byType.get(group) ?? [];
      list.push(model);
      byType.set(group, list);
    }
    return [...byType.keys()]
      .sort(compareTypes)
      .map((type) => ({ type, models: [...(byType.get(type) ?? [])].sort(compareModels) }));
  }

  /** Reloads now. Throws if upstream fails; the previous catalog is kept either way. */
  async refresh(): Promise<CatalogModel[]> {
    return this.#offered(await this.#load());
  }

  stats(): CatalogStats {
    const offered = this.#models ? this.#offered(this.#models).length : 0;
    return { offered, leftOut: this.#leftOut, stale: this.#stale };
  }

  /**
   * Loads the catalog now (from the store if upstream fails: never throws) and refreshes it every
   * `refreshMs` (every `retryMs` while serving a stored or no catalog) until stop().
   */
  start(): void {
    if (this.#timer !== undefined) return;
    const tick = async () => {
      try {
        await this.#load();
      } catch (err) {
        if (!this.#models) await this.#fromStore(err);
        this.#logger.warn({ err }, 'catalog refresh failed; keeping the last good catalog');
      }
      if (this.#timer === undefined) return;
      const next = this.#stale || !this.#models ? this.#retryMs : this.#refreshMs;
      this.#timer = this.#timers.set(() => void tick(), next);
    };
    this.#timer = this.#timers.set(() => void tick(), 0);
  }

  stop(): void {
    if (this.#timer !== undefined) this.#timers.clear(this.#timer);
    this.#timer = undefined;
  }

  /** Serves the stored catalog after a failed load; undefined if none is stored. */
  async #fromStore(err: unknown): Promise<Model[] | undefined> {
    if (this.#models) return this.#models;
    const stored = await this.#store?.load().catch((loadErr: unknown) => {
      this.#logger.error({ err: loadErr }, 'could not read the stored catalog');
      return undefined;
    });
    if (!stored) return undefined;
    const models = readModels(stored.models).models;
    this.#models = models;
    this.#stale = true;
    const error = err instanceof Error ? err.message : String(err);
    this.#logger.warn(
      { err, count: models.length, savedAt: stored.savedAt },
      'upstream catalog unavailable: serving the stored catalog',
    );
    this.#reporter?.servingStored(error.slice(0, 200), this.#offered(models).length);
    return models;
  }

  /** The offered models of `all`, with their admin-given texts; computed once per settings version. */
  #offered(all: Model[]): CatalogModel[] {
    const offer = this.#offer?.();
    if (!offer) return this.#allowed ? all.filter((m) => this.#allowed?.has(m.id)) : all;
    const view = this.#view;
    if (view?.of === all && view.version === offer.version) return view.offered;
    const offered = all
      .filter((m) => offer.isOffered(m))
      .map((m): CatalogModel => {
        const display = offer.display(m.id);
        return display ? { ...m, display } : m;
      });
    this.#view = { of: all, version: offer.version, offered };
    return offered;
  }

  /** One request at a time: callers arriving during a load share its result. */
  #load(): Promise<Model[]> {
    this.#loading ??= this.#client
      .readCatalog()
      .then(async (reading) => {
        this.#reportUnreadable(reading);
        const all = reading.models;
        const offered = this.#offered(all);
        this.#models = all;
        this.#stale = false;
        this.#leftOut = reading.unreadable.length;
        try {
          await this.#store?.save(all, new Date(this.#now()));
        } catch (err) {
          this.#logger.warn({ err }, 'could not store the catalog');
        }
        const missing = [...(this.#allowed ?? [])].filter((id) => !all.some((m) => m.id === id));
        if (missing.length > 0) this.#logger.warn({ missing }, 'allow-listed models not offered upstream');
        this.#logger.debug({ count: offered.length, upstream: all.length }, 'catalog loaded');
        return all;
      })
      .finally(() => {
        this.#loading = undefined;
      });
    return this.#loading;
  }

  #reportUnreadable(reading: CatalogReading): void {
    for (const { id, name, reason } of reading.unreadable) {
      const key = `${String(id)}:${reason}`;
      if (this.#reported.has(key)) continue;
      this.#reported.add(key);
      // Allow-listed away anyway: not worth anyone's attention.
      if (this.#allowed && typeof id === 'number' && !this.#allowed.has(id)) continue;
      this.#logger.warn({ modelId: id, name, reason }, 'model left out: it could not be read');
      this.#reporter?.unreadableModel(name ? `${name} (id ${String(id)})` : `id ${String(id)}`, reason);
    }
    for (const { id, note } of reading.notes) {
      const key = `${id}:${note}`;
      if (this.#reported.has(key)) continue;
      this.#reported.add(key);
      this.#logger.info({ modelId: id, note }, 'model read with an adjustment');
    }
  }
}
