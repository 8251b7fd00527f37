/**
 * Campaign links for admins (/campaign_new, /campaigns): a campaign's `?start=c_<code>` link and
 * what the users it brought did, in total and by day. Every campaign made is audited. Campaigns
 * attribute and count with or without billing; with Stars billing, the margin is the Stars bought at
 * Telegram's payout (STARS_PAYOUT_USD) minus what upstream charged for their completed orders.
 */
import type { AuditLogRepository, CampaignRecord, CampaignsRepository } from '../../db/index.js';
import {
  type Money,
  moneyToString,
  starsPayoutUsd,
  subtractMoney,
  sumMoneyStrings,
} from '../../domain/money.js';
import { DAY_MS, utcDayStart } from '../../domain/utc-day.js';
import type { Logger } from '../../logger.js';
import { randomCode } from '../referrals.js';

/** How many campaigns /campaigns lists (the newest). */
export const CAMPAIGNS_LISTED = 20;
/** How many days a campaign's own view goes back. */
export const CAMPAIGN_DAYS = 30;

export interface CampaignRow {
  campaign: CampaignRecord;
  joins: number;
  ordered: number;
  payers: number;
  starsBought: number;
  costUsd: string;
  /** Stars bought at the payout rate minus upstream cost; undefined without billing. */
  marginUsd: string | undefined;
}

export interface CampaignDay {
  /** UTC day, `YYYY-MM-DD`. */
  day: string;
  joins: number;
  orders: number;
  starsBought: number;
  costUsd: string;
}

export class CampaignAdmin {
  readonly #campaigns: CampaignsRepository;
  readonly #audit: AuditLogRepository;
  readonly #payoutUsdPerStar: string | undefined;
  readonly #now: () => number;
  readonly #log: Logger;

  constructor(deps: {
    campaigns: CampaignsRepository;
    audit: AuditLogRepository;
    /** STARS_PAYOUT_USD with BILLING=stars; undefined without billing (no margin shown). */
    payoutUsdPerStar: string | undefined;
    logger: Logger;
    now?: () => number;
  }) {
    this.#campaigns = deps.campaigns;
    this.#audit = deps.audit;
    this.#payoutUsdPerStar = deps.payoutUsdPerStar;
    this.#now = deps.now ?? Date.now;
    this.#log = deps.logger.child({ component: 'campaigns' });
  }

  /** A new campaign with a fresh random code, audited. */
  async create(adminId: number, name: string): Promise<CampaignRecord> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const campaign = await this.#campaigns.create({ code: randomCode(), name, createdBy: adminId });
      if (!campaign) continue;
      await this.#audit.record({
        actorId: adminId,
        action: 'campaign_created',
        targetUserId: null,
        details: { id: campaign.id, name, code: campaign.code },
      });
      this.#log.info({ adminId, campaignId: campaign.id }, 'campaign created');
      return campaign;
    }
    throw new Error('could not draw a free campaign code');
  }

  find(id: number): Promise<CampaignRecord | undefined> {
    return this.#campaigns.find(id);
  }

  async list(): Promise<CampaignRow[]> {
    const rows = await this.#campaigns.figures(CAMPAIGNS_LISTED);
    return rows.map((r) => {
      const cost = sumMoneyStrings(r.costs);
      return {
        campaign: r.campaign,
        joins: r.joins,
        ordered: r.ordered,
        payers: r.payers,
        starsBought: r.starsBought,
        costUsd: moneyToString(cost),
        marginUsd: this.#margin(r.starsBought, cost),
      };
    });
  }

  /** The last CAMPAIGN_DAYS UTC days (today included), oldest first. */
  async days(campaignId: number): Promise<CampaignDay[]> {
    const today = utcDayStart(this.#now());
    const first = today - (CAMPAIGN_DAYS - 1) * DAY_MS;
    const events = await this.#campaigns.events(campaignId, new Date(first));
    const days = Array.from({ length: CAMPAIGN_DAYS }, (_, i) => ({
      start: first + i * DAY_MS,
      joins: 0,
      orders: 0,
      starsBought: 0,
      costs: [] as string[],
    }));
    const dayOf = (at: Date) => days[Math.floor((at.getTime() - first) / DAY_MS)];
    for (const at of events.joins) {
      const d = dayOf(at);
      if (d) d.joins++;
    }
    for (const at of events.orders) {
      const d = dayOf(at);
      if (d) d.orders++;
    }
    for (const b of events.bought) {
      const d = dayOf(b.at);
      if (d) d.starsBought += b.stars;
    }
    for (const c of events.costs) dayOf(c.at)?.costs.push(c.usd);
    return days.map((d) => ({
      day: new Date(d.start).toISOString().slice(0, 10),
      joins: d.joins,
      orders: d.orders,
      starsBought: d.starsBought,
      costUsd: moneyToString(sumMoneyStrings(d.costs)),
    }));
  }

  #margin(starsBought: number, cost: Money): string | undefined {
    if (this.#payoutUsdPerStar === undefined) return undefined;
    const earned = starsPayoutUsd(this.#payoutUsdPerStar, starsBought);
    return moneyToString(subtractMoney(earned, cost));
  }
}
