/**
 * The settings admins change live (issue 26), as this replica sees them: kept in memory, checked
 * every `intervalMs` with one cheap `select version` and reloaded when another replica (or this
 * one) wrote, so every replica prices, offers and names models the new way within seconds, without a
 * restart. The environment (MARKUP_PERCENT, PRICES_FILE, ALLOWED_MODEL_IDS, HIDDEN_MODEL_TYPES,
 * WELCOME_STARS, TOPUP_PACKS_STARS, REMINDERS) is the default: a value stored here, when set, wins.
 */
import type { AuditLogRepository, LiveSettingsRepository } from '../db/index.js';
import {
  applyGlobalPatch,
  applyModelPatch,
  EMPTY_SETTINGS,
  type GlobalPatch,
  globalChanges,
  type LocalizedText,
  type ModelPatch,
  modelChanges,
  type SettingsSnapshot,
} from '../domain/live-settings.js';
import type { ReminderRule } from '../domain/reminders.js';
import { Periodic } from '../lib/periodic.js';
import type { Timers } from '../lib/timers.js';
import type { Logger } from '../logger.js';
import type { SettingsWatchSlot } from './settings-watch.js';
import type { PriceOverride, PriceRules } from './wallet/star-pricing.js';

/** What the environment says: the values until an admin sets one. */
export interface SettingsDefaults {
  markupPercent: string;
  overrides: ReadonlyMap<number, PriceOverride>;
  welcomeStars: number;
  topupPacks: readonly number[];
  allowedModelIds: readonly number[] | null;
  hiddenModelTypes: readonly string[];
  /** The reminder rules REMINDERS turns on (empty: none). */
  reminders: readonly ReminderRule[];
}

/** The texts an admin gave a model, by language (null: the upstream name, no description). */
export interface ModelDisplay {
  name: LocalizedText;
  description: LocalizedText;
}

/** The settings in effect: the stored ones over the environment's. */
export interface EffectiveSettings extends PriceRules {
  version: number;
  stored: SettingsSnapshot;
  welcomeStars: number;
  topupPacks: readonly number[];
  /** The reminder rules in force (RemindersService reads them at each run). */
  reminders: readonly ReminderRule[];
  isOffered(model: { id: number; type: string }): boolean;
  display(modelId: number): ModelDisplay | undefined;
}

export function effectiveSettings(stored: SettingsSnapshot, defaults: SettingsDefaults): EffectiveSettings {
  const overrides = new Map(defaults.overrides);
  const displays = new Map<number, ModelDisplay>();
  for (const [id, model] of stored.models) {
    if (model.price.kind !== 'default') overrides.set(id, model.price);
    const texts = [...Object.values(model.name), ...Object.values(model.description)];
    if (texts.some((t) => t !== null)) displays.set(id, { name: model.name, description: model.description });
  }
  const allowed = defaults.allowedModelIds ? new Set(defaults.allowedModelIds) : null;
  const hidden = new Set(defaults.hiddenModelTypes);
  return {
    version: stored.version,
    stored,
    markupPercent: stored.global.markupPercent ?? defaults.markupPercent,
    overrides,
    welcomeStars: stored.global.welcomeStars ?? defaults.welcomeStars,
    topupPacks: stored.global.topupPacks ?? defaults.topupPacks,
    reminders: stored.global.reminders ?? defaults.reminders,
    isOffered: (model) =>
      stored.models.get(model.id)?.offered ??
      ((!allowed || allowed.has(model.id)) && !hidden.has(model.type)),
    display: (id) => displays.get(id),
  };
}

export type SettingsOutcome = { kind: 'written'; version: number } | { kind: 'conflict'; version: number };

/** The audit entries' actions (rendered by /audit). */
export const SETTINGS_AUDIT_ACTIONS = {
  model: 'settings_model_changed',
  global: 'settings_global_changed',
} as const;

export interface LiveSettingsDeps {
  repository: Pick<LiveSettingsRepository, 'version' | 'load' | 'updateModel' | 'updateGlobal'>;
  audit: Pick<AuditLogRepository, 'record'>;
  defaults: SettingsDefaults;
  logger: Logger;
  timers?: Timers;
  /** How often the version is checked (default 2 s). */
  intervalMs?: number;
  /** The process's one look at every bot's version (settings-watch.ts), instead of a poll of its own. */
  watch?: SettingsWatchSlot;
}

export const LIVE_SETTINGS_REFRESH_MS = 2_000;

export class LiveSettings {
  readonly #repository: LiveSettingsDeps['repository'];
  readonly #audit: LiveSettingsDeps['audit'];
  readonly #defaults: SettingsDefaults;
  readonly #log: Logger;
  readonly #poll: Periodic<boolean>;
  readonly #watch: SettingsWatchSlot | undefined;
  #current: EffectiveSettings;

  constructor(deps: LiveSettingsDeps) {
    this.#repository = deps.repository;
    this.#audit = deps.audit;
    this.#defaults = deps.defaults;
    this.#log = deps.logger.child({ component: 'live-settings' });
    this.#watch = deps.watch;
    this.#current = effectiveSettings(EMPTY_SETTINGS, deps.defaults);
    this.#poll = new Periodic({
      name: 'live-settings',
      intervalMs: deps.intervalMs ?? LIVE_SETTINGS_REFRESH_MS,
      logger: deps.logger,
      run: () => this.refresh(),
      ...(deps.timers && { timers: deps.timers }),
    });
  }

  /** The settings in effect now (replaced, never changed, by a reload: safe to hold for one request). */
  current(): EffectiveSettings {
    return this.#current;
  }

  get defaults(): SettingsDefaults {
    return this.#defaults;
  }

  /** Reads everything stored now. */
  async load(): Promise<void> {
    const stored = await this.#repository.load();
    // A slower reload never takes back a newer one.
    if (stored.version < this.#current.version) return;
    if (stored.version !== this.#current.version)
      this.#log.info({ version: stored.version }, 'settings loaded');
    this.#current = effectiveSettings(stored, this.#defaults);
  }

  /** The cheap check: reloads only when the stored version moved. True if it did. */
  async refresh(): Promise<boolean> {
    return this.seen(await this.#repository.version());
  }

  /** The stored version, read by someone (the watch): reloads only when it moved. True if it did. */
  async seen(version: number): Promise<boolean> {
    if (version === this.#current.version) return false;
    await this.load();
    return true;
  }

  /** Checks every interval from now on, on its own or with the watch (load() first, at start-up). */
  start(): void {
    if (this.#watch) this.#watch.join(this);
    else this.#poll.start();
  }

  stop(): Promise<void> {
    this.#watch?.leave();
    return this.#poll.stop();
  }

  /** One model's settings, if `version` is still current; audited with what changed. */
  async updateModel(
    adminId: number,
    model: { id: number; name: string },
    version: number,
    patch: ModelPatch,
  ): Promise<SettingsOutcome> {
    const outcome = await this.#repository.updateModel(
      version,
      model.id,
      (current) => applyModelPatch(current, patch),
      async (tx, before, after) => {
        const changes = modelChanges(before, after);
        if (changes.length === 0) return;
        await this.#audit.record(
          {
            actorId: adminId,
            action: SETTINGS_AUDIT_ACTIONS.model,
            details: { modelId: model.id, model: model.name, changes },
          },
          tx,
        );
        this.#log.info({ adminId, modelId: model.id, changes }, 'model settings changed');
      },
    );
    return this.#settled(outcome);
  }

  /** The global settings, if `version` is still current; audited with what changed. */
  async updateGlobal(adminId: number, version: number, patch: GlobalPatch): Promise<SettingsOutcome> {
    const outcome = await this.#repository.updateGlobal(
      version,
      (current) => applyGlobalPatch(current, patch),
      async (tx, before, after) => {
        const changes = globalChanges(before, after);
        if (changes.length === 0) return;
        await this.#audit.record(
          { actorId: adminId, action: SETTINGS_AUDIT_ACTIONS.global, details: { changes } },
          tx,
        );
        this.#log.info({ adminId, changes }, 'global settings changed');
      },
    );
    return this.#settled(outcome);
  }

  /** This replica sees its own write at once; the others at their next check. */
  async #settled(outcome: { kind: 'written' | 'conflict'; version: number }): Promise<SettingsOutcome> {
    await this.load();
    return { kind: outcome.kind, version: outcome.version };
  }
}
