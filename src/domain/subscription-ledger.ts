/**
 * Where each Star of a wallet comes from, replaying its ledger in order. Three pools:
 * - allowance: one per subscription period (its charge id), spent FIRST, oldest period first; an
 *   expiry entry closes its period for good (no later spending takes from it);
 * - granted: grants, the welcome bonus, promo codes, referral rewards (never refundable);
 * - paid: top-ups, the only Stars a refund may take.
 * A hold or a late charge takes allowance, then granted, then paid Stars; its release gives each pool
 * back what it took (the allowance part to its own period: if that period has ended, the part is
 * expired again by the caller). Refunds take paid Stars only; a referral reward taken back takes
 * granted, then paid Stars (never allowance).
 */
export interface LedgerLine {
  /** A ledger entry kind (db/records.ts WALLET_ENTRY_KINDS). */
  kind: string;
  key: string;
  stars: number;
  delta: number;
  chargeId: string | null;
}

export interface AllowancePool {
  chargeId: string;
  /** Unspent and not expired. */
  left: number;
  /** Expiry entries booked so far (the next one is number expiries + 1). */
  expiries: number;
}

export interface WalletPools {
  paid: number;
  granted: number;
  /** In the order the periods were credited. */
  allowance: AllowancePool[];
  /** The allowance each spending entry (hold, charge) took, by its key. */
  drawn: Map<string, Array<{ chargeId: string; stars: number }>>;
  /** What paid for each spending entry (hold, charge), by its key: the admins' money figures. */
  funded: Map<string, Funding>;
}

/** The pools one spending entry took its Stars from (they add up to its Stars). */
export interface Funding {
  allowance: number;
  granted: number;
  paid: number;
}

export function replayWallet(entries: readonly LedgerLine[]): WalletPools {
  let paid = 0;
  let granted = 0;
  const pools = new Map<string, AllowancePool>();
  const drawn = new Map<string, Array<{ chargeId: string; stars: number }>>();
  const fromGranted = new Map<string, number>();
  const funded = new Map<string, Funding>();
  const spend = (key: string, stars: number, useAllowance: boolean) => {
    let rest = stars;
    const parts: Array<{ chargeId: string; stars: number }> = [];
    if (useAllowance) {
      for (const pool of pools.values()) {
        if (rest === 0) break;
        if (pool.expiries > 0 || pool.left <= 0) continue;
        const take = Math.min(pool.left, rest);
        pool.left -= take;
        rest -= take;
        parts.push({ chargeId: pool.chargeId, stars: take });
      }
    }
    const take = Math.min(Math.max(granted, 0), rest);
    granted -= take;
    paid -= rest - take;
    fromGranted.set(key, take);
    drawn.set(key, parts);
    funded.set(key, { allowance: stars - rest, granted: take, paid: rest - take });
  };
  for (const e of entries) {
    switch (e.kind) {
      case 'topup':
      case 'refund_undo':
        paid += e.stars;
        break;
      case 'grant':
      case 'welcome':
      case 'promo':
        granted += e.stars;
        break;
      case 'referral':
        if (e.delta >= 0) granted += e.stars;
        else spend(e.key, e.stars, false);
        break;
      case 'refund':
      case 'telegram_refund':
      case 'allowance_clawback':
        paid -= e.stars;
        break;
      case 'hold':
      case 'charge':
        spend(e.key, e.stars, true);
        break;
      case 'release': {
        const holdKey = e.key.slice('settle:'.length);
        let back = e.stars;
        for (const part of drawn.get(holdKey) ?? []) {
          const pool = pools.get(part.chargeId);
          if (pool) pool.left += part.stars;
          back -= part.stars;
        }
        const take = Math.min(fromGranted.get(holdKey) ?? 0, back);
        granted += take;
        paid += back - take;
        break;
      }
      case 'allowance': {
        const chargeId = e.chargeId ?? e.key;
        const pool = pools.get(chargeId) ?? { chargeId, left: 0, expiries: 0 };
        pool.left += e.stars;
        pools.set(chargeId, pool);
        break;
      }
      case 'allowance_expire': {
        const pool = pools.get(e.chargeId ?? '');
        if (pool) {
          pool.left -= e.stars;
          pool.expiries += 1;
        }
        break;
      }
      case 'capture':
        break;
    }
  }
  return { paid, granted, allowance: [...pools.values()], drawn, funded };
}

/** The allowance still spendable: the sum of every open period's unspent Stars. */
export function allowanceLeft(pools: WalletPools): number {
  return pools.allowance.reduce((sum, p) => sum + (p.expiries > 0 ? 0 : Math.max(p.left, 0)), 0);
}
