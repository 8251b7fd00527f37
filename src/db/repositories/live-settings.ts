/**
 * The settings admins change live (issue 26), versioned as a whole: every write names the version it
 * read and bumps it in the same transaction (`update ... where version = read`), so of two writers
 * that read the same version exactly one lands and the other gets a conflict; none is lost silently.
 * Replicas poll `version()` (one indexed row) and reload everything when it moved. Each bot has
 * settings of its own: its row of live_settings (its version) and its rows of model_settings.
 */
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import {
  defaultModelSettings,
  EMPTY_SETTINGS,
  type GlobalSettings,
  type LocalizedText,
  type ModelSettings,
  type PriceRule,
  type SettingsSnapshot,
} from '../../domain/live-settings.js';
import { REMINDER_RULES } from '../../domain/reminders.js';
import type { BotScope } from '../bot-scope.js';
import { type Engine, first, type Tables, type Tx } from '../engine.js';
import type { LiveSettingsRecord, ModelSettingsRecord } from '../records.js';

const ROW_ID = 1;

export type SettingsWrite<T> =
  | { kind: 'written'; version: number; before: T; after: T }
  | { kind: 'conflict'; version: number };

/** Runs inside the write's transaction with what changed (the audit entry goes in with it). */
export type AfterWrite<T> = (tx: Tx, before: T, after: T) => Promise<void>;

function priceOf(row: ModelSettingsRecord): PriceRule {
  if (row.priceKind === 'fixed' && row.priceStars !== null) return { kind: 'fixed', stars: row.priceStars };
  if (row.priceKind === 'markup' && row.priceMarkupPercent !== null)
    return { kind: 'markup', markupPercent: row.priceMarkupPercent };
  return { kind: 'default' };
}

function modelOf(row: ModelSettingsRecord): ModelSettings {
  return {
    modelId: row.modelId,
    offered: row.offered,
    name: row.names,
    description: row.descriptions,
    price: priceOf(row),
  };
}

/**
 * The global values of the head row. A row written before the reminders column reads null there
 * (as REMINDERS says); a rule name this version does not know is left out.
 */
function globalOf(head: LiveSettingsRecord): GlobalSettings {
  const reminders = head.reminders;
  return {
    markupPercent: head.markupPercent,
    welcomeStars: head.welcomeStars,
    topupPacks: head.topupPacks,
    reminders: Array.isArray(reminders) ? REMINDER_RULES.filter((rule) => reminders.includes(rule)) : null,
  };
}

const givenTexts = (text: LocalizedText): Record<string, string> =>
  Object.fromEntries(Object.entries(text).filter((entry): entry is [string, string] => entry[1] !== null));

function columnsOf(settings: ModelSettings, botId: number, updatedAt: Date): ModelSettingsRecord {
  const { price } = settings;
  return {
    botId,
    modelId: settings.modelId,
    offered: settings.offered,
    names: givenTexts(settings.name),
    descriptions: givenTexts(settings.description),
    priceKind: price.kind,
    priceMarkupPercent: price.kind === 'markup' ? price.markupPercent : null,
    priceStars: price.kind === 'fixed' ? price.stars : null,
    updatedAt,
  };
}

export class LiveSettingsRepository {
  constructor(
    private readonly engine: Engine,
    readonly scope: BotScope,
    private readonly now: () => number,
  ) {}

  /** The current version (0: never written): what replicas poll. */
  async version(): Promise<number> {
    const t = this.engine.tables.liveSettings;
    const row = first(
      await this.engine.run((db) => db.select({ version: t.version }).from(t).where(this.#head(t))),
    );
    return row?.version ?? 0;
  }

  /**
   * Everything stored. The version is read first: a write landing between the two reads leaves an
   * older version with newer rows, which the next poll reloads (never the other way round).
   */
  async load(): Promise<SettingsSnapshot> {
    const { liveSettings, modelSettings } = this.engine.tables;
    const head = first(
      await this.engine.run((db) => db.select().from(liveSettings).where(this.#head(liveSettings))),
    );
    if (!head) return EMPTY_SETTINGS;
    const rows = await this.engine.run((db) =>
      db.select().from(modelSettings).where(this.scope.where(modelSettings)),
    );
    return {
      version: head.version,
      global: globalOf(head),
      models: new Map(rows.map((row) => [row.modelId, modelOf(row)])),
    };
  }

  /** Changes one model's settings if the version is still `expected`. */
  updateModel(
    expected: number,
    modelId: number,
    change: (current: ModelSettings) => ModelSettings,
    afterWrite?: AfterWrite<ModelSettings>,
  ): Promise<SettingsWrite<ModelSettings>> {
    const { modelSettings } = this.engine.tables;
    return this.engine.transaction(async (tx) => {
      const version = await this.#bump(tx, expected);
      if (version === undefined) return { kind: 'conflict', version: await this.#versionIn(tx) };
      const row = first(
        await tx.db
          .select()
          .from(modelSettings)
          .where(this.scope.where(modelSettings, eq(modelSettings.modelId, modelId))),
      );
      const before = row ? modelOf(row) : defaultModelSettings(modelId);
      const after = change(before);
      const values = columnsOf(after, this.scope.botId, new Date(this.now()));
      await tx.db
        .insert(modelSettings)
        .values(values)
        .onConflictDoUpdate({ target: [modelSettings.botId, modelSettings.modelId], set: values });
      await afterWrite?.(tx, before, after);
      return { kind: 'written', version, before, after };
    });
  }

  /** Changes the global settings if the version is still `expected`. */
  updateGlobal(
    expected: number,
    change: (current: GlobalSettings) => GlobalSettings,
    afterWrite?: AfterWrite<GlobalSettings>,
  ): Promise<SettingsWrite<GlobalSettings>> {
    const { liveSettings } = this.engine.tables;
    return this.engine.transaction(async (tx) => {
      const version = await this.#bump(tx, expected);
      if (version === undefined) return { kind: 'conflict', version: await this.#versionIn(tx) };
      const head = first(await tx.db.select().from(liveSettings).where(this.#head(liveSettings)));
      const before = head ? globalOf(head) : EMPTY_SETTINGS.global;
      const after = change(before);
      await tx.db
        .update(liveSettings)
        .set({
          markupPercent: after.markupPercent,
          welcomeStars: after.welcomeStars,
          topupPacks: after.topupPacks,
          reminders: after.reminders,
        })
        .where(this.#head(liveSettings));
      await afterWrite?.(tx, before, after);
      return { kind: 'written', version, before, after };
    });
  }

  /**
   * The new version if the stored one is still `expected` (the first write creates the row at 1);
   * undefined if another write got there first. On PostgreSQL the update waits for a concurrent
   * writer's row lock and then finds the version moved.
   */
  async #bump(tx: Tx, expected: number): Promise<number | undefined> {
    const t = this.engine.tables.liveSettings;
    const updatedAt = new Date(this.now());
    if (expected === 0) {
      const created = await tx.db
        .insert(t)
        .values(this.scope.row({ id: ROW_ID, version: 1, updatedAt }))
        .onConflictDoNothing({ target: [t.botId, t.id] })
        .returning({ version: t.version });
      return first(created)?.version;
    }
    const bumped = await tx.db
      .update(t)
      .set({ version: expected + 1, updatedAt })
      .where(this.#head(t, eq(t.version, expected)))
      .returning({ version: t.version });
    return first(bumped)?.version;
  }

  /** This bot's row of live_settings (one per bot), and `conditions`. */
  #head(t: Tables['liveSettings'], ...conditions: SQL[]): SQL {
    return this.scope.where(t, eq(t.id, ROW_ID), ...conditions);
  }

  async #versionIn(tx: Tx): Promise<number> {
    const t = this.engine.tables.liveSettings;
    const row = first(await tx.db.select({ version: t.version }).from(t).where(this.#head(t)));
    return row?.version ?? 0;
  }
}

/**
 * Every served bot's settings version in one statement (issue 40): a process serving fifty bots
 * looks once every 2 s instead of fifty times (services/settings-watch.ts). A bot that never wrote
 * settings has no row: version 0.
 */
export class SettingsVersionsRepository {
  constructor(private readonly engine: Engine) {}

  async of(botIds: readonly number[]): Promise<Map<number, number>> {
    if (botIds.length === 0) return new Map();
    const t = this.engine.tables.liveSettings;
    const rows = await this.engine.run((db) =>
      db
        .select({ botId: t.botId, version: t.version })
        .from(t)
        .where(and(inArray(t.botId, [...botIds]), eq(t.id, ROW_ID))),
    );
    const versions = new Map(rows.map((r) => [r.botId, r.version]));
    return new Map(botIds.map((id) => [id, versions.get(id) ?? 0]));
  }
}
