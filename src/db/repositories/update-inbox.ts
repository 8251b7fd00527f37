/**
 * The update inbox: Telegram updates are stored as they arrive (deduplicated by update_id, since
 * Telegram resends what it thinks was not received) and claimed by workers on any replica.
 *
 * Everything here is one bot's (the repository's scope): update ids are unique within a bot only
 * (two bots may each have an update 1), and a lane is a bot's (a user's chat with two bots is two
 * lanes with the same key), so every statement names the bot, hand-written ones too (@bot).
 *
 * A claim is a lease (owner, lease_until) taken by one conditional UPDATE. Only the head of a lane
 * may be claimed: the oldest update of its lane not yet done, so one chat's updates are handled one
 * at a time and in order, whichever replica takes them. A control update (/cancel, /help) may also
 * be claimed while every older update of its lane is being handled (leased), never before one that
 * waits. A replica that dies holding a claim loses it when the lease lapses.
 */

import type { Statement } from 'better-sqlite3';
import {
  asc,
  between,
  count,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  like,
  lt,
  ne,
  not,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { PAYMENT_LANE_PATTERNS } from '../../domain/inbox-lane.js';
import type { BotScope } from '../bot-scope.js';
import { changed, type Engine, first, type Sql } from '../engine.js';
import type { SqliteEngine } from '../engines/sqlite.js';
import type { InboxUpdateRecord } from '../records.js';
import type { PrefetchedConversation } from './conversation-states.js';

export type NewInboxUpdate = Pick<InboxUpdateRecord, 'updateId' | 'lane' | 'control' | 'payload'> & {
  /** May be dropped when its lane's backlog is full (a chat flooding the bot with plain messages). */
  droppable?: boolean;
};

/** What became of an update offered to `store`. */
export type StoreOutcome = 'stored' | 'duplicate' | 'dropped';

/** Which lanes a claim looks at: payments have workers of their own (Telegram waits 10 s for a checkout). */
export type LaneKind = 'payments' | 'chats';

/** The lanes of payments (domain/inbox-lane.ts): a checkout question, a chat's successful payment. */
function paymentLane(lane: Parameters<typeof like>[0]): SQL {
  return or(...PAYMENT_LANE_PATTERNS.map((pattern) => like(lane, pattern))) as SQL;
}

/**
 * A claimed update. `conversation`: its chat's conversation state, read by the claim itself when
 * nothing older of its lane is pending (so no other update of the chat writes it meanwhile), which
 * spares the handler a statement of its own (conversation-states.ts).
 */
export interface ClaimedUpdate extends InboxUpdateRecord {
  conversation?: PrefetchedConversation;
}

export interface Settlement {
  /** Updates handled: marked done first, so the next update of their lanes may be claimed below. */
  done: number[];
  owner: string;
  leaseMs: number;
  /** How many lane heads to claim, of each kind (0: none). */
  claim: Record<LaneKind, number>;
}

/** A claimed row as the claim returns it, with its chat's conversation state where it may be used. */
function withConversation(
  rows: Array<InboxUpdateRecord & { alone: boolean; state: string | null }>,
): ClaimedUpdate[] {
  return rows.map(({ alone, state, ...row }) =>
    alone ? { ...row, conversation: { key: row.lane, value: state } } : row,
  );
}

/** A row for the insert statement: short keys, since the whole batch is one JSON parameter. */
interface InboxRow {
  u: number;
  l: string;
  c: boolean;
  p: unknown;
  /** Stored done (dropped): kept only to recognise a resend. */
  d: boolean;
}

/** A row as SQLite's claim returns it (integers for booleans and times, the payload as text). */
interface SqliteClaimRow {
  bot_id: number;
  update_id: number;
  lane: string;
  control: number;
  payload: string;
  received_at: number;
  owner: string | null;
  lease_until: number | null;
  attempts: number;
  cancel_requested: number;
  done_at: number | null;
  alone: number;
  state: string | null;
}

/** The record drizzle would have read from that row (schema/sqlite/update-inbox.ts modes). */
function sqliteClaimed(r: SqliteClaimRow): InboxUpdateRecord & { alone: boolean; state: string | null } {
  return {
    botId: r.bot_id,
    updateId: r.update_id,
    lane: r.lane,
    control: r.control === 1,
    payload: JSON.parse(r.payload) as InboxUpdateRecord['payload'],
    receivedAt: new Date(r.received_at),
    owner: r.owner,
    leaseUntil: r.lease_until === null ? null : new Date(r.lease_until),
    attempts: r.attempts,
    cancelRequested: r.cancel_requested === 1,
    doneAt: r.done_at === null ? null : new Date(r.done_at),
    alone: r.alone === 1,
    state: r.state,
  };
}

/** `paymentLane` in the raw SQL of SQLite's claim. */
const SQLITE_PAYMENT_LANE = `(${PAYMENT_LANE_PATTERNS.map((pattern) => `lane like '${pattern}'`).join(' or ')})`;

const SQLITE_LANE_KIND: Record<LaneKind | 'all', string> = {
  payments: SQLITE_PAYMENT_LANE,
  chats: `not ${SQLITE_PAYMENT_LANE}`,
  all: 'true',
};

/**
 * The lane heads of one kind SQLite's claim takes: up to @limit_<kind>, unbacklogged lanes first.
 * Lanes are @bot's (a chat's lane key is its chat id, the same in every bot the user talks to).
 */
function sqliteHeads(kind: LaneKind | 'all'): string {
  const free = (t: string) => `(${t}.lease_until is null or ${t}.lease_until < @now)`;
  return `select first_free from (
    with lanes as (
      select lane, min(update_id) as head, max(update_id) as last
      from update_inbox indexed by update_inbox_lane_idx
      where bot_id = @bot and done_at is null and ${SQLITE_LANE_KIND[kind]}
      group by lane
    ),
    firsts as materialized (
      select l.head, l.last, case when ${free('h')} then l.head else (
        select o.update_id from update_inbox as o indexed by update_inbox_lane_idx
        where o.lane = l.lane and o.bot_id = @bot and o.done_at is null and o.update_id > l.head
          and ${free('o')}
        order by o.update_id limit 1) end as first_free
      from lanes as l join update_inbox as h on h.bot_id = @bot and h.update_id = l.head
    )
    select f.first_free from firsts as f
      join update_inbox as c on c.bot_id = @bot and c.update_id = f.first_free
    where f.first_free = f.head or c.control
    order by f.last > f.first_free, f.first_free
    limit @limit_${kind})`;
}

/**
 * SQLite's claim statement for these kinds of lane (see `#claimSqlite`), on @bot's updates; the
 * conversation state it reads is @bot's too.
 */
function sqliteClaim(kinds: Array<LaneKind | 'all'>): string {
  return `update update_inbox set owner = @owner, lease_until = @until, attempts = attempts + 1
    where bot_id = @bot and update_id in (${kinds.map(sqliteHeads).join(' union all ')})
      and done_at is null and (lease_until is null or lease_until < @now)
    returning bot_id, update_id, lane, control, payload, received_at, owner, lease_until, attempts,
      cancel_requested, done_at,
      not exists (select 1 from update_inbox as older where older.bot_id = update_inbox.bot_id
        and older.lane = update_inbox.lane and older.done_at is null
        and older.update_id < update_inbox.update_id) as alone,
      (select s.value from conversation_states as s
        where s.bot_id = update_inbox.bot_id and s.key = update_inbox.lane) as state`;
}

export class UpdateInboxRepository {
  /** SQLite's engine, for the hand-written statements of the hot path (prepared once, guarded). */
  readonly #sqlite: SqliteEngine | undefined;
  #prepared: { insert: Statement; finish: Statement } | undefined;
  /** SQLite's claim statements, one per set of lane kinds claimed (prepared on first use). */
  readonly #claims = new Map<string, Statement>();

  constructor(
    private readonly engine: Engine,
    readonly scope: BotScope,
    private readonly now: () => number,
  ) {
    this.#sqlite = engine.dialect === 'sqlite' ? (engine as SqliteEngine) : undefined;
  }

  get #t() {
    return this.engine.tables.updateInbox;
  }

  #run<T>(work: (db: Sql) => Promise<T>): Promise<T> {
    return this.engine.run(work);
  }

  /** Stores an update; false if one with its update_id is already there (a resend). */
  async add(update: NewInboxUpdate): Promise<boolean> {
    const t = this.#t;
    const rows = await this.#run((db) =>
      db
        .insert(t)
        .values(this.scope.row({ ...update, receivedAt: new Date(this.now()) }))
        .onConflictDoNothing({ target: [t.botId, t.updateId] })
        .returning({ updateId: t.updateId }),
    );
    return changed(rows) === 1;
  }

  /**
   * Stores a batch of updates in one transaction (group commit: one fsync on SQLite, one round trip
   * of inserts on PostgreSQL), each once: a resend of a stored update_id is a 'duplicate'. With
   * `maxBacklog`, a droppable update whose lane already waits on that many is recorded as handled
   * without being handled ('dropped'): a flooding chat neither grows the inbox nor waits for ever.
   */
  async store(updates: NewInboxUpdate[], opts: { maxBacklog?: number } = {}): Promise<StoreOutcome[]> {
    if (updates.length === 0) return [];
    const t = this.#t;
    const now = new Date(this.now());
    const { maxBacklog } = opts;
    return this.engine.transaction(
      async ({ db }) => {
        const dropped = new Set<number>();
        const droppable = updates.filter((u) => u.droppable);
        if (maxBacklog !== undefined && droppable.length > 0) {
          const lanes = [...new Set(droppable.map((u) => u.lane))];
          const counts = await db
            .select({ lane: t.lane, n: count() })
            .from(t)
            .where(this.scope.where(t, isNull(t.doneAt), inArray(t.lane, lanes)))
            .groupBy(t.lane);
          const backlog = new Map(counts.map((c) => [c.lane, Number(c.n)]));
          for (const u of updates) {
            const waiting = backlog.get(u.lane) ?? 0;
            if (u.droppable && waiting >= maxBacklog) dropped.add(u.updateId);
            else backlog.set(u.lane, waiting + 1);
          }
        }
        // Kept only to recognise a resend, a dropped update is stored done with no payload worth storing.
        const rows = updates.map((u) => ({
          u: u.updateId,
          l: u.lane,
          c: u.control,
          p: dropped.has(u.updateId) ? { update_id: u.updateId } : u.payload,
          d: dropped.has(u.updateId),
        }));
        const inserted = new Set(await this.#insertRows(db, rows, now));
        return updates.map((u) =>
          !inserted.has(u.updateId) ? 'duplicate' : dropped.has(u.updateId) ? 'dropped' : 'stored',
        );
      },
      // Durable before the caller confirms the updates to Telegram, without stalling the process.
      { syncInBackground: true },
    );
  }

  /**
   * Inserts the rows (a resend of a stored update_id is left out) and returns the update_ids stored.
   * The hot statement of group commit: one statement of fixed text whatever the batch (the batch is
   * one JSON parameter), prepared once, instead of a query built and prepared per batch with five
   * parameters a row (which cost more CPU than the insert itself: bench/inbox-throughput.ts).
   */
  async #insertRows(db: Sql, rows: InboxRow[], now: Date): Promise<number[]> {
    const json = JSON.stringify(rows);
    if (this.#sqlite) {
      const ids = this.#sqliteStatements().insert.all({
        bot: this.scope.botId,
        now: now.getTime(),
        json,
      }) as Array<{
        update_id: number;
      }>;
      return ids.map((r) => r.update_id);
    }
    const at = now.toISOString();
    // postgres.js returns the rows as an array (bigint as a string).
    const ids = (await db.execute(sql`
      insert into update_inbox (bot_id, update_id, lane, control, payload, received_at, done_at)
      select ${this.scope.botId}::integer, x.u, x.l, x.c, x.p, ${at}::timestamptz,
        case when x.d then ${at}::timestamptz end
      from jsonb_to_recordset(${json}::jsonb) as x(u bigint, l text, c boolean, p jsonb, d boolean)
      on conflict (bot_id, update_id) do nothing
      returning update_id`)) as unknown as Array<{ update_id: string | number }>;
    return ids.map((r) => Number(r.update_id));
  }

  /** SQLite's hot statements, prepared once on first use (the bot: a parameter, @bot). */
  #sqliteStatements() {
    const sqlite = this.#sqlite!;
    this.#prepared ??= {
      insert: sqlite.prepare(`
        insert into update_inbox (bot_id, update_id, lane, control, payload, received_at, done_at)
        select @bot, value ->> 'u', value ->> 'l', value ->> 'c', json(value -> 'p'), @now,
          case when value ->> 'd' then @now end
        from json_each(@json) where true
        on conflict (bot_id, update_id) do nothing
        returning update_id`),
      finish: sqlite.prepare(`
        update update_inbox set done_at = @now, lease_until = null
        where bot_id = @bot and update_id in (select value from json_each(@json)) and done_at is null`),
    };
    return this.#prepared;
  }

  /**
   * Records an update the store could not keep as handled, with nothing of it but its id (so a
   * resend is recognised); false if the store refuses even that (then it is the store that fails).
   */
  async skip(updateId: number, lane: string): Promise<boolean> {
    const t = this.#t;
    const now = new Date(this.now());
    try {
      await this.#run((db) =>
        db
          .insert(t)
          .values(
            this.scope.row({
              updateId,
              lane,
              control: false,
              payload: { update_id: updateId },
              receivedAt: now,
              doneAt: now,
            }),
          )
          .onConflictDoNothing({ target: [t.botId, t.updateId] }),
      );
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Marks handled updates done and claims new lane heads, in one transaction (one fsync on SQLite):
   * what a worker does each time it has room. Payment lanes and chat lanes are claimed separately,
   * so payments never wait for room among the chats.
   */
  async settle(s: Settlement): Promise<ClaimedUpdate[]> {
    const { done, owner, leaseMs } = s;
    const claiming = s.claim.payments > 0 || s.claim.chats > 0;
    const work = async (db: Sql) => {
      if (done.length > 0) await this.#finish(db, done);
      if (!claiming) return [];
      const rows = await this.#claim(db, owner, leaseMs, s.claim);
      return rows.sort((a, b) => a.updateId - b.updateId);
    };
    if (done.length === 0 && !claiming) return [];
    // A claim or a completion lost to a power loss only means an update handled again (as after a
    // crash while handling it), so their commits do not wait for the disk; nor need they commit
    // together (PostgreSQL: two statements, two round trips, no BEGIN/COMMIT around them; SQLite:
    // one transaction, as each commit of its own would cost).
    return this.engine.runLazy(work);
  }

  /** Claims up to `limit` lane heads for `owner` until now + leaseMs: lanes without a backlog first, then oldest first. */
  async claim(owner: string, leaseMs: number, limit: number): Promise<InboxUpdateRecord[]> {
    return this.#run((db) => this.#claim(db, owner, leaseMs, { all: limit })).then((rows) =>
      rows.map(({ conversation: _, ...row }) => row).sort((a, b) => a.updateId - b.updateId),
    );
  }

  /** One statement claiming up to `limits[kind]` heads of each kind of lane (`all`: any lane). */
  #claim(
    db: Sql,
    owner: string,
    leaseMs: number,
    limits: Partial<Record<LaneKind | 'all', number>>,
  ): Promise<ClaimedUpdate[]> {
    const t = this.#t;
    const now = new Date(this.now());
    const kinds = (Object.entries(limits) as Array<[LaneKind | 'all', number]>).filter(
      ([, limit]) => limit > 0,
    );
    if (kinds.length === 0) return Promise.resolve([]);
    if (this.#sqlite) return Promise.resolve(this.#claimSqlite(owner, now, leaseMs, kinds));
    const free = or(isNull(t.leaseUntil), lt(t.leaseUntil, now));
    const ofKind = { payments: paymentLane(t.lane), chats: not(paymentLane(t.lane)), all: undefined };
    const claim = { owner, leaseUntil: new Date(now.getTime() + leaseMs), attempts: sql`${t.attempts} + 1` };
    // PostgreSQL: replicas claiming at once skip each other's rows instead of queueing on them. The
    // heads are picked once (a locking CTE is never inlined): a `limit` subquery inside the UPDATE may
    // be rescanned, and with SKIP LOCKED a rescan finds other rows, claiming more than `limit`.
    const picked = kinds.map(([kind, limit], i) => {
      // The same heads found lane by lane: one pass over the pending updates grouped by lane instead
      // of two lookups per pending update (x2.2 faster with 3,000 waiting in 200 chats: the claim
      // was most of PostgreSQL's time per pass). A lane's candidate is its oldest free update, if
      // that is its head (nothing older waits) or a control update (everything older is in hand).
      const lanes = db.$with(`lanes${i}`).as(
        db
          .select({
            lane: t.lane,
            head: sql<number>`min(${t.updateId})`.as('head'),
            firstFree: sql<number>`min(${t.updateId}) filter (where ${free})`.as('first_free'),
            last: sql<number>`max(${t.updateId})`.as('last'),
          })
          .from(t)
          .where(this.scope.where(t, isNull(t.doneAt), ofKind[kind]))
          .groupBy(t.lane),
      );
      const heads = db
        .with(lanes)
        .select({ updateId: t.updateId })
        .from(lanes)
        .innerJoin(t, this.scope.where(t, eq(t.updateId, lanes.firstFree)))
        .where(or(eq(lanes.firstFree, lanes.head), eq(t.control, true)))
        .orderBy(sql`${lanes.last} > ${lanes.firstFree}`, asc(lanes.firstFree))
        .limit(limit);
      return db.$with(`picked${i}`).as(
        db
          .select({ updateId: t.updateId })
          .from(t)
          .where(this.scope.where(t, inArray(t.updateId, heads)))
          .for('update', { skipLocked: true }),
      );
    });
    // The picked heads as an array and a range: the rows are then looked up by id in the bot's
    // pending index, whatever the planner believes. As `update_id in (select … from picked)`, on a
    // table without statistics yet (a new database) it took `bot_id = $1` for a rare value and
    // joined every pending update of the bot with the picked ones, row by row (x3 the claim's time
    // with 3,000 waiting in 200 chats, bench/inbox-throughput.ts).
    const heads = sql.join(
      picked.map((p) => sql`${db.select({ updateId: p.updateId }).from(p)}`),
      sql` union all `,
    );
    return db
      .with(...picked)
      .update(t)
      .set(claim)
      .where(
        this.scope.where(
          t,
          sql`${t.updateId} = any(array(${heads}))`,
          sql`${t.updateId} between (select min(h.update_id) from (${heads}) as h)
            and (select max(h.update_id) from (${heads}) as h)`,
          isNull(t.doneAt),
          free,
        ),
      )
      .returning(this.#claimed)
      .then(withConversation);
  }

  /**
   * SQLite's claim: one prepared statement per set of lane kinds. Lanes are found through the lane
   * index grouped by lane (each lane's head and newest pending update), so a pass reads each
   * waiting update's index entry once instead of looking twice into the index for every one of
   * them (x2-3 faster with 3,000 waiting in 200 chats, and no query built and prepared per pass).
   * A lane's candidate is its head if free, else (head in hand) its oldest free update if that is
   * a control update: the same rule as PostgreSQL's. One writer at a time: the heads cannot change
   * between the select and the update.
   */
  #claimSqlite(
    owner: string,
    now: Date,
    leaseMs: number,
    kinds: Array<[LaneKind | 'all', number]>,
  ): ClaimedUpdate[] {
    const key = kinds.map(([kind]) => kind).join(',');
    let statement = this.#claims.get(key);
    if (!statement) {
      statement = this.#sqlite!.prepare(sqliteClaim(kinds.map(([kind]) => kind)));
      this.#claims.set(key, statement);
    }
    const limits = Object.fromEntries(kinds.map(([kind, limit]) => [`limit_${kind}`, limit]));
    const rows = statement.all({
      bot: this.scope.botId,
      owner,
      now: now.getTime(),
      until: now.getTime() + leaseMs,
      ...limits,
    }) as SqliteClaimRow[];
    return withConversation(rows.map(sqliteClaimed));
  }

  /**
   * What a claim returns: the row, and its chat's conversation state where nothing older of its lane
   * is pending (a control update claimed beside the chat's update in hand gets none: that one may be
   * writing it). A chat's lane is its chat id, the plugin's key. Spelled out in SQL: drizzle writes
   * the columns of a RETURNING unqualified, which inside these subqueries would name their own.
   */
  get #claimed() {
    const t = this.#t;
    return {
      ...getTableColumns(t),
      alone: sql<boolean>`not exists (select 1 from update_inbox as older
        where older.bot_id = update_inbox.bot_id and older.lane = update_inbox.lane
        and older.done_at is null and older.update_id < update_inbox.update_id)`.mapWith(Boolean),
      state: sql<string | null>`(select s.value from conversation_states as s
        where s.bot_id = update_inbox.bot_id and s.key = update_inbox.lane)`,
    };
  }

  /**
   * Extends `owner`'s leases on the updates it is handling; returns the ids among them for which a
   * /cancel handled elsewhere asked to stop.
   */
  async renew(owner: string, updateIds: number[], leaseMs: number): Promise<number[]> {
    if (updateIds.length === 0) return [];
    const t = this.#t;
    const rows = await this.#run((db) =>
      db
        .update(t)
        .set({ leaseUntil: new Date(this.now() + leaseMs) })
        .where(this.scope.where(t, eq(t.owner, owner), isNull(t.doneAt), inArray(t.updateId, updateIds)))
        .returning({ updateId: t.updateId, cancelRequested: t.cancelRequested }),
    );
    return rows.filter((r) => r.cancelRequested).map((r) => r.updateId);
  }

  /** Handled: never claimed again (kept for a while so a resend is recognised). */
  async finish(updateId: number): Promise<void> {
    await this.finishMany([updateId]);
  }

  /** `finish` for many at once (one statement). */
  async finishMany(updateIds: number[]): Promise<void> {
    if (updateIds.length === 0) return;
    await this.#run((db) => this.#finish(db, updateIds));
  }

  async #finish(db: Sql, updateIds: number[]): Promise<void> {
    const t = this.#t;
    const now = new Date(this.now());
    // Every claiming pass runs this: SQLite's statement is prepared once (the ids: one JSON parameter).
    if (this.#sqlite)
      this.#sqliteStatements().finish.run({
        bot: this.scope.botId,
        now: now.getTime(),
        json: JSON.stringify(updateIds),
      });
    else
      await db
        .update(t)
        .set({ doneAt: now, leaseUntil: null })
        .where(
          this.scope.where(
            t,
            inArray(t.updateId, updateIds),
            // Says nothing new (every id is within), but gives the bot's pending index a bound on
            // its second column: on a table without statistics yet (a new database) the planner
            // takes `bot_id = $1` for a rare value and would rather read every pending update of
            // the bot than look the ids up (x10 the buffers read with 3,000 waiting).
            between(t.updateId, Math.min(...updateIds), Math.max(...updateIds)),
            isNull(t.doneAt),
          ),
        );
  }

  /** Hands `owner`'s claims back (all, or those in `updateIds`): another worker may take them at once. */
  async release(owner: string, updateIds?: number[]): Promise<number> {
    if (updateIds?.length === 0) return 0;
    const t = this.#t;
    const which: SQL | undefined = updateIds ? inArray(t.updateId, updateIds) : undefined;
    const rows = await this.#run((db) =>
      db
        .update(t)
        .set({ owner: null, leaseUntil: null })
        .where(this.scope.where(t, eq(t.owner, owner), isNull(t.doneAt), which))
        .returning({ updateId: t.updateId }),
    );
    return changed(rows);
  }

  /**
   * /cancel: asks whoever handles an update of `lane` (other than the /cancel itself) to stop its
   * long work; returns how many updates were asked.
   */
  async requestCancel(lane: string, exceptUpdateId: number): Promise<number> {
    const t = this.#t;
    const rows = await this.#run((db) =>
      db
        .update(t)
        .set({ cancelRequested: true })
        .where(
          this.scope.where(
            t,
            eq(t.lane, lane),
            isNull(t.doneAt),
            isNotNull(t.owner),
            ne(t.updateId, exceptUpdateId),
          ),
        )
        .returning({ updateId: t.updateId }),
    );
    return changed(rows);
  }

  /** Updates not yet handled (waiting or in hand), for /metrics. */
  async countPending(): Promise<number> {
    const t = this.#t;
    const row = first(
      await this.#run((db) =>
        db
          .select({ n: count() })
          .from(t)
          .where(this.scope.where(t, isNull(t.doneAt))),
      ),
    );
    return Number(row?.n ?? 0);
  }

  async find(updateId: number): Promise<InboxUpdateRecord | undefined> {
    const t = this.#t;
    return first(
      await this.#run((db) =>
        db
          .select()
          .from(t)
          .where(this.scope.where(t, eq(t.updateId, updateId))),
      ),
    );
  }

  /**
   * Keeps only the update's id (enough to recognise a resend): for an update that carried a secret
   * (an upstream key typed into a chat), so it does not wait a day in the database for `prune`.
   */
  async forgetPayload(updateId: number): Promise<void> {
    const t = this.#t;
    await this.#run((db) =>
      db
        .update(t)
        .set({ payload: { update_id: updateId } })
        .where(this.scope.where(t, eq(t.updateId, updateId))),
    );
  }

  /** Forgets updates handled before `before` (a resend comes within minutes, not a day). */
  async prune(before: Date): Promise<number> {
    const t = this.#t;
    const rows = await this.#run((db) =>
      db
        .delete(t)
        .where(this.scope.where(t, lt(t.doneAt, before)))
        .returning({ updateId: t.updateId }),
    );
    return changed(rows);
  }
}

/**
 * Upstream polls granted per second, shared by every replica: the tracker asks before it polls, so
 * ORDER_POLL_RPS holds for the cluster. One upsert per request; the grant is what was left.
 */
export class PollBudgetRepository {
  constructor(private readonly engine: Engine) {}

  /** Takes up to `want` of the `cap` polls of second `second`; returns how many were granted. */
  async take(second: number, want: number, cap: number): Promise<number> {
    const t = this.engine.tables.pollBudget;
    const opening = Math.min(want, cap);
    // Both SETs read the row as it was (SQL semantics): the grant is min(want, cap - used).
    const rows = await this.engine.run((db) =>
      db
        .insert(t)
        .values({ second, used: opening, lastGrant: opening })
        .onConflictDoUpdate({
          target: t.second,
          set: {
            used: sql`case when ${t.used} + ${want} > ${cap} then ${cap} else ${t.used} + ${want} end`,
            lastGrant: sql`case when ${t.used} + ${want} > ${cap} then ${cap} - ${t.used} else ${want} end`,
          },
        })
        .returning({ granted: t.lastGrant }),
    );
    return Math.max(0, first(rows)?.granted ?? 0);
  }

  /** Forgets seconds before `second`. */
  async prune(second: number): Promise<void> {
    const t = this.engine.tables.pollBudget;
    await this.engine.run((db) => db.delete(t).where(lt(t.second, second)));
  }
}
