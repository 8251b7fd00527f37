/**
 * Campaign links (/campaign_new, /campaigns): the campaigns and what the users they brought did:
 * joins, customers who ordered, payers, Stars bought (top-ups net of refunds), upstream cost.
 */
import {
  and,
  type Column,
  count,
  countDistinct,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { BotScope } from '../bot-scope.js';
import type { Engine } from '../engine.js';
import { first } from '../engine.js';
import type { CampaignRecord } from '../records.js';
import { chargedUsd } from './orders.js';
import { BOUGHT_KINDS } from './referrals.js';

const starsSum = (column: Parameters<typeof sql>[1]) =>
  sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

/**
 * The user a row (an order, a ledger entry) belongs to: the same Telegram user id in the same bot
 * (a user id names one customer per bot).
 */
const ownerOf = (users: { telegramId: Column; botId: Column }, row: { userId: Column; botId: Column }): SQL =>
  and(eq(users.telegramId, row.userId), eq(users.botId, row.botId)) as SQL;

export interface CampaignFigures {
  campaign: CampaignRecord;
  joins: number;
  /** Users who placed at least one order (sent upstream). */
  ordered: number;
  /** Users with at least one paid top-up. */
  payers: number;
  /** Top-ups net of refunds. */
  starsBought: number;
  /** What upstream charged for their completed orders (exact decimal strings, summed by the caller). */
  costs: string[];
}

/** A campaign's events since a day, as timestamps (the caller buckets them by day). */
export interface CampaignEvents {
  joins: Date[];
  orders: Date[];
  /** Ledger movements of bought Stars (a refund is negative). */
  bought: Array<{ at: Date; stars: number }>;
  costs: Array<{ at: Date; usd: string }>;
}

export class CampaignsRepository {
  constructor(
    private readonly engine: Engine,
    readonly scope: BotScope,
    private readonly now: () => number = Date.now,
  ) {}

  get #t() {
    return this.engine.tables;
  }

  /** A new campaign; undefined when `code` is taken already (the caller draws another). */
  async create(row: { code: string; name: string; createdBy: number }): Promise<CampaignRecord | undefined> {
    const { campaigns } = this.#t;
    const rows = await this.engine.run((db) =>
      db
        .insert(campaigns)
        .values(this.scope.row({ ...row, createdAt: new Date(this.now()) }))
        .onConflictDoNothing({ target: [campaigns.botId, campaigns.code] })
        .returning(),
    );
    return first(rows);
  }

  async findByCode(code: string): Promise<CampaignRecord | undefined> {
    const { campaigns } = this.#t;
    return first(
      await this.engine.run((db) =>
        db
          .select()
          .from(campaigns)
          .where(this.scope.where(campaigns, eq(campaigns.code, code))),
      ),
    );
  }

  async find(id: number): Promise<CampaignRecord | undefined> {
    const { campaigns } = this.#t;
    return first(
      await this.engine.run((db) =>
        db
          .select()
          .from(campaigns)
          .where(this.scope.where(campaigns, eq(campaigns.id, id))),
      ),
    );
  }

  /** Every campaign, newest first, with its figures (limit: the newest that many). */
  figures(limit: number): Promise<CampaignFigures[]> {
    const { campaigns, users, orders, walletEntries: w } = this.#t;
    return this.engine.transaction(async ({ db }) => {
      const list = await db
        .select()
        .from(campaigns)
        .where(this.scope.where(campaigns))
        .orderBy(desc(campaigns.id))
        .limit(limit);
      if (list.length === 0) return [];
      const ids = list.map((c) => c.id);
      const mine = this.scope.where(users, inArray(users.campaignId, ids));
      const joins = await db
        .select({ id: users.campaignId, n: count() })
        .from(users)
        .where(mine)
        .groupBy(users.campaignId);
      const ordered = await db
        .select({ id: users.campaignId, n: countDistinct(orders.userId) })
        .from(orders)
        .innerJoin(users, ownerOf(users, orders))
        .where(and(mine, eq(orders.stage, 'submitted')))
        .groupBy(users.campaignId);
      const payers = await db
        .select({ id: users.campaignId, n: countDistinct(w.userId) })
        .from(w)
        .innerJoin(users, ownerOf(users, w))
        .where(and(mine, eq(w.kind, 'topup')))
        .groupBy(users.campaignId);
      const bought = await db
        .select({ id: users.campaignId, stars: starsSum(w.delta) })
        .from(w)
        .innerJoin(users, ownerOf(users, w))
        .where(and(mine, inArray(w.kind, BOUGHT_KINDS)))
        .groupBy(users.campaignId);
      const costs = await db
        .select({ id: users.campaignId, usd: chargedUsd(orders) })
        .from(orders)
        .innerJoin(users, ownerOf(users, orders))
        .where(and(mine, eq(orders.status, 'completed'), isNotNull(orders.costUsd)));
      const of = (rows: Array<{ id: number | null; n: number }>, id: number) =>
        Number(rows.find((r) => r.id === id)?.n ?? 0);
      return list.map((campaign) => ({
        campaign,
        joins: of(joins, campaign.id),
        ordered: of(ordered, campaign.id),
        payers: of(payers, campaign.id),
        starsBought: bought.find((r) => r.id === campaign.id)?.stars ?? 0,
        costs: costs.filter((r) => r.id === campaign.id).map((r) => r.usd),
      }));
    });
  }

  /** What the campaign's users did since `since`. */
  events(campaignId: number, since: Date): Promise<CampaignEvents> {
    const { users, orders, walletEntries: w } = this.#t;
    const mine = this.scope.where(users, eq(users.campaignId, campaignId));
    return this.engine.transaction(async ({ db }) => {
      const joins = await db
        .select({ at: users.createdAt })
        .from(users)
        .where(and(mine, gte(users.createdAt, since)));
      const placed = await db
        .select({ at: orders.createdAt })
        .from(orders)
        .innerJoin(users, ownerOf(users, orders))
        .where(and(mine, eq(orders.stage, 'submitted'), gte(orders.createdAt, since)));
      const bought = await db
        .select({ at: w.createdAt, stars: w.delta })
        .from(w)
        .innerJoin(users, ownerOf(users, w))
        .where(and(mine, inArray(w.kind, BOUGHT_KINDS), gte(w.createdAt, since)));
      const costs = await db
        .select({ at: orders.createdAt, usd: chargedUsd(orders) })
        .from(orders)
        .innerJoin(users, ownerOf(users, orders))
        .where(
          and(mine, eq(orders.status, 'completed'), isNotNull(orders.costUsd), gte(orders.createdAt, since)),
        );
      return {
        joins: joins.map((r) => r.at),
        orders: placed.map((r) => r.at),
        bought,
        costs,
      };
    });
  }
}
