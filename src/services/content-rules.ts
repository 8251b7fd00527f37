/**
 * Content rules (issue 42) as the bot applies them: a description is screened before it is priced
 * (a refused one never reaches the upstream, and counts as a strike: enough of them ban the
 * customer, audited), and a model can ask to stay in private chats or to wait for a customer's
 * first paid orders. Admins change the rules as one versioned document (the control room, /rules);
 * every change is audited. Read from the store at each use: every replica applies a change at once.
 */
import type {
  AuditLogRepository,
  ContentBlockRecord,
  ContentPlace,
  ContentRulesRepository,
} from '../db/index.js';
import {
  type CompiledRules,
  type ContentRules,
  type ContentRulesSnapshot,
  compileRules,
  type ModelGate,
  modelGate,
} from '../domain/content-rules.js';
import type { Logger } from '../logger.js';

export type DescriptionVerdict =
  | { kind: 'allowed' }
  /** Refused: the line that matched, the customer's strikes so far and whether this one banned them. */
  | { kind: 'blocked'; line: string; strikes: number; limit: number; banned: boolean };

export interface DescriptionToScreen {
  userId: number;
  chatId: number;
  /** The customer's language: its list applies besides the one for everyone. */
  locale: string;
  text: string;
  place: ContentPlace;
}

/** An order the rules let through, or why not: its model is gated, or its description refused. */
export type OrderScreen =
  | { kind: 'allowed' }
  | Extract<DescriptionVerdict, { kind: 'blocked' }>
  | Exclude<ModelGate, { kind: 'open' }>;

export type RulesOutcome =
  | { kind: 'written'; snapshot: ContentRulesSnapshot }
  | { kind: 'conflict'; snapshot: ContentRulesSnapshot };

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export class ContentRulesService {
  readonly #repo: ContentRulesRepository;
  readonly #audit: AuditLogRepository;
  readonly #paidOrders: (userId: number) => Promise<number>;
  readonly #adminIds: ReadonlySet<number>;
  readonly #logger: Logger;
  readonly #now: () => number;
  #compiled: { version: number; rules: CompiledRules } | undefined;

  constructor(deps: {
    repo: ContentRulesRepository;
    audit: AuditLogRepository;
    /** The customer's paid orders so far (what a model's "after N paid orders" counts). */
    paidOrders: (userId: number) => Promise<number>;
    adminIds: readonly number[];
    logger: Logger;
    now?: () => number;
  }) {
    this.#repo = deps.repo;
    this.#audit = deps.audit;
    this.#paidOrders = deps.paidOrders;
    this.#adminIds = new Set(deps.adminIds);
    this.#logger = deps.logger.child({ component: 'content-rules' });
    this.#now = deps.now ?? Date.now;
  }

  current(): Promise<ContentRulesSnapshot> {
    return this.#repo.read();
  }

  /** Screens a description; a refusal is booked (a strike, maybe the ban) before this returns. */
  async screen(input: DescriptionToScreen): Promise<DescriptionVerdict> {
    return this.#screenWith(await this.#repo.read(), input);
  }

  async #screenWith(
    { version, rules }: ContentRulesSnapshot,
    input: DescriptionToScreen,
  ): Promise<DescriptionVerdict> {
    if (this.#compiled?.version !== version) this.#compiled = { version, rules: compileRules(rules) };
    const line = this.#compiled.rules.match(input.text, input.locale);
    if (line === undefined) return { kind: 'allowed' };
    const { limit, windowHours } = rules.strikes;
    const booked = await this.#repo.book(
      { userId: input.userId, chatId: input.chatId, place: input.place, line, description: input.text },
      { limit, windowMs: windowHours * HOUR_MS, never: this.#adminIds.has(input.userId) },
      (tx, strikes) =>
        this.#audit.record(
          {
            actorId: input.userId,
            action: 'user_auto_banned',
            targetUserId: input.userId,
            details: { strikes, hours: windowHours },
          },
          tx,
        ),
    );
    this.#logger.info(
      { userId: input.userId, place: input.place, line, strikes: booked.strikes, banned: booked.banned },
      'description refused by the content rules',
    );
    return { kind: 'blocked', line, strikes: booked.strikes, limit, banned: booked.banned };
  }

  /**
   * An order about to be priced: the model's gate first (no strike for a model not open yet), then
   * its description, when it has one.
   */
  async screenOrder(
    input: Omit<DescriptionToScreen, 'text'> & { modelId: number; text?: string },
  ): Promise<OrderScreen> {
    // One read of the rules for both checks.
    const snapshot = await this.#repo.read();
    const gate = await this.#gateWith(snapshot.rules, input.userId, input.modelId, input.place);
    if (gate.kind !== 'open') return gate;
    if (input.text === undefined) return { kind: 'allowed' };
    return this.#screenWith(snapshot, { ...input, text: input.text });
  }

  /** Whether this customer may order this model here (open, private chats only, or later). */
  async gate(userId: number, modelId: number, place: ContentPlace): Promise<ModelGate> {
    return this.#gateWith((await this.#repo.read()).rules, userId, modelId, place);
  }

  /** The models of `models` this customer may order here, in their order (one read of the rules). */
  async openTo<M extends { id: number }>(
    userId: number,
    place: ContentPlace,
    models: readonly M[],
  ): Promise<M[]> {
    return (await this.gatesFor(userId, place, models))
      .filter((g) => g.gate.kind === 'open')
      .map((g) => g.model);
  }

  /** Each of `models` with what keeps this customer from it here, if anything (one read of the rules). */
  async gatesFor<M extends { id: number }>(
    userId: number,
    place: ContentPlace,
    models: readonly M[],
  ): Promise<Array<{ model: M; gate: ModelGate }>> {
    const { rules } = await this.#repo.read();
    const needsCount = models.some((m) => (rules.minPaidOrders[String(m.id)] ?? 0) > 0);
    const paidOrders = needsCount ? await this.#paidOrders(userId) : 0;
    const where = { privateChat: place === 'private', paidOrders };
    return models.map((model) => ({ model, gate: modelGate(rules, model.id, where) }));
  }

  async #gateWith(
    rules: ContentRules,
    userId: number,
    modelId: number,
    place: ContentPlace,
  ): Promise<ModelGate> {
    const needsCount = (rules.minPaidOrders[String(modelId)] ?? 0) > 0;
    const paidOrders = needsCount ? await this.#paidOrders(userId) : 0;
    return modelGate(rules, modelId, { privateChat: place === 'private', paidOrders });
  }

  /** Replaces the rules if `version` is still the stored one; audited with what changed in size. */
  async update(adminId: number, version: number, rules: ContentRules): Promise<RulesOutcome> {
    const outcome = await this.#repo.write(version, rules, (tx, before, after) =>
      this.#audit.record(
        {
          actorId: adminId,
          action: 'content_rules_changed',
          details: { version: version + 1, lines: lineCount(after), before: lineCount(before) },
        },
        tx,
      ),
    );
    const snapshot = await this.#repo.read();
    if (outcome.kind === 'written')
      this.#logger.info({ adminId, version: snapshot.version }, 'content rules changed');
    return { kind: outcome.kind, snapshot };
  }

  /** Adds lines to one list (`*`: everyone's) (/rules add). */
  async addLines(adminId: number, list: string, lines: readonly string[]): Promise<ContentRulesSnapshot> {
    return this.#edit(adminId, (rules) => ({
      ...rules,
      blocked: { ...rules.blocked, [list]: [...new Set([...(rules.blocked[list] ?? []), ...lines])] },
    }));
  }

  /** Removes lines from every list they are in (/rules remove). */
  async removeLines(adminId: number, lines: readonly string[]): Promise<ContentRulesSnapshot> {
    const gone = new Set(lines);
    return this.#edit(adminId, (rules) => ({
      ...rules,
      blocked: Object.fromEntries(
        Object.entries(rules.blocked)
          .map(([list, kept]) => [list, kept.filter((line) => !gone.has(line))] as const)
          .filter(([, kept]) => kept.length > 0),
      ),
    }));
  }

  /** Refusals over the last `days` days, and how many banned their customer. */
  figures(days: number): Promise<{ blocked: number; bans: number }> {
    return this.#repo.countSince(new Date(this.#now() - days * DAY_MS));
  }

  recent(limit: number): Promise<ContentBlockRecord[]> {
    return this.#repo.recent(limit);
  }

  /** A read-modify-write that retries once when another admin wrote in between. */
  async #edit(adminId: number, change: (rules: ContentRules) => ContentRules): Promise<ContentRulesSnapshot> {
    let current = await this.#repo.read();
    for (let attempt = 0; attempt < 3; attempt++) {
      const outcome = await this.update(adminId, current.version, change(current.rules));
      if (outcome.kind === 'written') return outcome.snapshot;
      current = outcome.snapshot;
    }
    return current;
  }
}

function lineCount(rules: ContentRules): number {
  return Object.values(rules.blocked).reduce((n, lines) => n + lines.length, 0);
}
