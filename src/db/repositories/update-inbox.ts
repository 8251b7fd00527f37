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
import { count, eq, inArray, isNotNull, isNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import { isPaymentLane, PAYMENT_LANES_SQL } from '../../domain/inbox-lane.js';
import { laneShard, type ShardRange } from '../../domain/inbox-shard.js';
import type { BotScope } from '../bot-scope.js';
import { changed, type Engine, first, type Sql } from '../engine.js';
import type { PostgresEngine } from '../engines/postgres.js';
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

/**
 * A claimed update. `conversation`: its chat's conversation state, read by the claim itself when
 * nothing older of its lane is pending (so no other update of the chat writes it meanwhile), which
 * spares the handler a statement of its own (conversation-states.ts).
 */
export interface ClaimedUpdate extends InboxUpdateRecord {
  conversation?: PrefetchedConversation;
  /** Its lane had a later update waiting when it was claimed: once it is done, claim again. */
  more?: boolean;
}

export interface Settlement {
  /** Updates handled: marked done first, so the next update of their lanes may be claimed below. */
  done: number[];
  owner: string;
  leaseMs: number;
  /** How many lane heads to claim, of each kind (0: none). */
  claim: Record<LaneKind, number>;
  /** Only lanes of these shards (this replica's share, domain/inbox-shard.ts); all without. */
  shards?: ShardRange;
}

export interface StoreOptions {
  /** A chat's droppable updates waiting beyond this many are dropped. */
  maxBacklog?: number;
  /**
   * The replica to wake for an update of this shard (another one's: PostgreSQL tells it with a
   * NOTIFY on INBOX_CHANNEL when the updates commit); undefined: this one claims it itself.
   */
  wake?: (shard: number) => string | undefined;
}

/** PostgreSQL's channel on which a replica is told that updates of its shards were stored. */
export const INBOX_CHANNEL = 'update_inbox';

/** NOTIFY's limit is 8,000 bytes: past this, a wake names no lanes (the replica claims what waits). */
const MAX_WAKE_BYTES = 7_000;

/** An update stored for a replica to claim: its lane, its id, and whether it is a control update. */
export interface Arrival {
  lane: string;
  updateId: number;
  /** A control update (/cancel) is claimable while its lane's head is in hand. */
  control?: boolean;
}

/** What a wake on INBOX_CHANNEL says: which bot, which replica, and the updates stored for it. */
export const inboxWake = {
  /** Each update as `lane=id`, a control update as `!lane=id` (no lane starts with "!"). */
  payload(botId: number, owner: string, arrivals: readonly Arrival[]): string {
    const named = `${botId} ${owner} ${arrivals.map((a) => `${a.control ? '!' : ''}${a.lane}=${a.updateId}`).join(' ')}`;
    return Buffer.byteLength(named) <= MAX_WAKE_BYTES ? named : `${botId} ${owner}`;
  },
  /** undefined: not a wake; `arrivals` undefined: they were not named. */
  parse(payload: string): { botId: number; owner: string; arrivals?: Arrival[] } | undefined {
    const [bot, owner, ...named] = payload.split(' ');
    const botId = Number(bot);
    if (!Number.isInteger(botId) || !owner) return undefined;
    const arrivals = named.map((entry): Arrival => {
      const at = entry.lastIndexOf('=');
      const control = entry.startsWith('!');
      const lane = entry.slice(control ? 1 : 0, at);
      return { lane, updateId: Number(entry.slice(at + 1)), ...(control && { control }) };
    });
    return { botId, owner, ...(arrivals.length > 0 && { arrivals }) };
  },
};

/** A row for PostgreSQL's store statement: `i` its place in the batch, `r` droppable. */
interface PostgresInboxRow {
  i: number;
  u: number;
  l: string;
  s: number;
  c: boolean;
  p: unknown;
  r: boolean;
}

/**
 * PostgreSQL's store (see `#storePostgres`): $1 the bot, $2 now, $3 the rows (JSON), $4 the backlog
 * past which a droppable update is dropped (null: none). A droppable update is dropped when its
 * lane's waiting updates and the batch's earlier ones of its lane reach $4 (what SQLite's store
 * decides one by one); a dropped one is stored done, with nothing but its id.
 */
export function postgresStore(wake: boolean): string {
  const insert = `with x as (
      select * from jsonb_to_recordset($3::jsonb)
        as x(i integer, u bigint, l text, s integer, c boolean, p jsonb, r boolean)
    ), waiting as (
      select d.l as lane, (select count(*) from update_inbox as w
        where w.bot_id = $1 and w.lane = d.l and w.done_at is null) as n
      from (select distinct l from x where r) as d
    ), decided as (
      select x.*, x.r and coalesce(w.n, 0) + count(*) over (partition by x.l order by x.i
        rows between unbounded preceding and 1 preceding) >= $4::integer as d
      from x left join waiting as w on w.lane = x.l
    ), inserted as (
      insert into update_inbox (bot_id, update_id, lane, shard, control, payload, received_at, done_at)
      select $1, d.u, d.l, d.s, d.c, case when d.d then jsonb_build_object('update_id', d.u) else d.p end,
        $2::timestamptz, case when d.d then $2::timestamptz end
      from decided as d
      on conflict (bot_id, update_id) do nothing
      returning update_id, done_at is not null as dropped
    )`;
  // A NOTIFY in a statement is sent when it commits, once per payload: the replicas ($5, JSON) whose
  // shards got updates are told by the statement that stores them. Evaluated once, and only if a
  // row was stored (nothing new, nobody told).
  const told = `(select count(*) from (select pg_notify('${INBOX_CHANNEL}', p)
      from jsonb_array_elements_text($5::jsonb) as p) as n) as told`;
  return `${insert} select update_id, dropped${wake ? `, ${told}` : ''} from inserted`;
}

const POSTGRES_STORE = postgresStore(false);
const POSTGRES_STORE_AND_WAKE = postgresStore(true);

/** A row as either engine's claim returns it. */
type ClaimRow = InboxUpdateRecord & { alone: boolean; more: boolean; state: string | null };

/** A claimed row as the claim returns it, with its chat's conversation state where it may be used. */
function withConversation(rows: ClaimRow[]): ClaimedUpdate[] {
  return rows.map(({ alone, state, ...row }) =>
    alone ? { ...row, conversation: { key: row.lane, value: state } } : row,
  );
}

/** A row for the insert statement: short keys, since the whole batch is one JSON parameter. */
interface InboxRow {
  u: number;
  l: string;
  /** The lane's shard. */
  s: number;
  c: boolean;
  p: unknown;
  /** Stored done (dropped): kept only to recognise a resend. */
  d: boolean;
}

/**
 * A row as an engine's claim returns it, in the driver's own types: `B` its booleans, `T` its times,
 * `P` its payload (SQLite: integers, milliseconds and text; postgres.js: booleans, Dates, parsed
 * jsonb, and bigint as a string).
 */
interface RawClaimRow<B, T, P> {
  bot_id: number;
  update_id: number | string;
  lane: string;
  shard: number;
  control: B;
  payload: P;
  received_at: T;
  owner: string | null;
  lease_until: T | null;
  attempts: number;
  cancel_requested: B;
  done_at: T | null;
  alone: B;
  more: B;
  state: string | null;
}

/** The record drizzle would have read from a raw claimed row, given how to read its types. */
function claimedFrom<B, T, P>(
  r: RawClaimRow<B, T, P>,
  read: { flag(b: B): boolean; time(t: T): Date; payload(p: P): InboxUpdateRecord['payload'] },
): ClaimRow {
  const at = (t: T | null) => (t === null ? null : read.time(t));
  return {
    botId: r.bot_id,
    updateId: Number(r.update_id),
    lane: r.lane,
    shard: r.shard,
    control: read.flag(r.control),
    payload: read.payload(r.payload),
    receivedAt: read.time(r.received_at),
    owner: r.owner,
    leaseUntil: at(r.lease_until),
    attempts: r.attempts,
    cancelRequested: read.flag(r.cancel_requested),
    doneAt: at(r.done_at),
    alone: read.flag(r.alone),
    more: read.flag(r.more),
    state: r.state,
  };
}

/** SQLite's types (schema/sqlite/update-inbox.ts modes). */
const SQLITE_READ = {
  flag: (b: number) => b === 1,
  time: (t: number) => new Date(t),
  payload: (p: string) => JSON.parse(p) as InboxUpdateRecord['payload'],
};

/** postgres.js's types: already what the record holds. */
const POSTGRES_READ = {
  flag: (b: boolean) => b,
  time: (t: Date) => t,
  payload: (p: InboxUpdateRecord['payload']) => p,
};

/**
 * What both engines' claims return (RawClaimRow): the row; whether nothing older of its lane is
 * pending (`alone`: then its chat's conversation state, read here, may be used); and whether a later
 * update of its lane waits (`more`: once it is done, claim again).
 */
const CLAIM_RETURNING = `returning bot_id, update_id, lane, shard, control, payload, received_at, owner,
      lease_until, attempts, cancel_requested, done_at,
      not exists (select 1 from update_inbox as older where older.bot_id = update_inbox.bot_id
        and older.lane = update_inbox.lane and older.done_at is null
        and older.update_id < update_inbox.update_id) as alone,
      exists (select 1 from update_inbox as later where later.bot_id = update_inbox.bot_id
        and later.lane = update_inbox.lane and later.done_at is null
        and later.update_id > update_inbox.update_id) as more,
      (select s.value from conversation_states as s
        where s.bot_id = update_inbox.bot_id and s.key = update_inbox.lane) as state`;

/**
 * A lane's shard, in a claim that groups the waiting updates by lane: its updates all carry it,
 * except those stored before shards existed (shard 0), so it is the largest. The lane is grouped
 * whole, in every shard: its head is its head everywhere, and the replica of its shard claims it,
 * older updates first.
 */
const LANE_SHARD_SQL = 'max(shard)';

const LANE_KIND_SQL: Record<LaneKind | 'all', string> = {
  payments: PAYMENT_LANES_SQL,
  chats: `not ${PAYMENT_LANES_SQL}`,
  all: 'true',
};

/**
 * The lane heads of one kind SQLite's claim takes: up to @limit_<kind>, unbacklogged lanes first.
 * Lanes are @bot's (a chat's lane key is its chat id, the same in every bot the user talks to).
 */
function sqliteHeads(kind: LaneKind | 'all', sharded: boolean): string {
  const free = (t: string) => `(${t}.lease_until is null or ${t}.lease_until < @now)`;
  // Of some shards only: the lanes whose shard is in the range, grouped whole (LANE_SHARD_SQL).
  // Payments are never split: whichever replica stored one claims it (Telegram waits 10 s).
  const inShards =
    sharded && kind !== 'payments' ? `having ${LANE_SHARD_SQL} between @shard_from and @shard_to` : '';
  return `select first_free from (
    with lanes as (
      select lane, min(update_id) as head, max(update_id) as last
      from update_inbox indexed by update_inbox_lane_idx
      where bot_id = @bot and done_at is null and ${LANE_KIND_SQL[kind]}
      group by lane ${inShards}
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
function sqliteClaim(kinds: Array<LaneKind | 'all'>, sharded: boolean): string {
  const heads = kinds.map((kind) => sqliteHeads(kind, sharded)).join(' union all ');
  return `update update_inbox set owner = @owner, lease_until = @until, attempts = attempts + 1
    where bot_id = @bot and update_id in (${heads})
      and done_at is null and (lease_until is null or lease_until < @now)
    ${CLAIM_RETURNING}`;
}

/**
 * PostgreSQL's claim statement for these kinds of lane (see `#claimPostgres`): $1 the bot, $2 now,
 * $3 the lease's end, $4 the owner, then each kind's limit, then (sharded) the first and last shard.
 * Hand-written and prepared once per text: the query builder cost more CPU than the statement
 * itself, once per claiming pass (bench/inbox-throughput.ts, webhook with three replicas).
 *
 * Written so that no plan reads the waiting updates more than once or twice: during a flood the
 * planner's statistics predate it and take a bot for one waiting update, and a join planned for
 * one row once read every waiting update of the bot for each of its chats (240 ms a claim with
 * 1,700 waiting). So the heads are found in one grouping of the bot's waiting updates (the lane
 * index), then locked and updated by the row addresses (ctid) that grouping returned.
 */
export function postgresClaim(kinds: Array<LaneKind | 'all'>, sharded: boolean): string {
  const shardFrom = 5 + kinds.length;
  const free = `(lease_until is null or lease_until < $2)`;
  // The heads are picked once (a locking CTE is never inlined): a `limit` subquery inside the
  // UPDATE may be rescanned, and with SKIP LOCKED a rescan finds other rows, claiming more.
  const picked = kinds.map((kind, i) => {
    // Of some shards only: the lanes whose shard is in the range, grouped whole (LANE_SHARD_SQL).
    // Payments are never split: whichever replica stored one claims it (Telegram waits 10 s).
    const inShards =
      sharded && kind !== 'payments'
        ? `having ${LANE_SHARD_SQL} between $${shardFrom} and $${shardFrom + 1}`
        : '';
    // A lane's candidate is its oldest free update, if that is its head (nothing older waits) or a
    // control update (everything older is in hand).
    return `picked${i} as (
      select p.ctid from update_inbox as p
      where p.bot_id = $1 and p.ctid = any(array(
        select l.first_free from (
          select min(update_id) as head, max(update_id) as last,
            min(update_id) filter (where ${free}) as first_free_id,
            (array_agg(ctid order by update_id) filter (where ${free}))[1] as first_free,
            (array_agg(control order by update_id) filter (where ${free}))[1] as first_free_control
          from update_inbox
          where bot_id = $1 and done_at is null and ${LANE_KIND_SQL[kind]}
          group by lane ${inShards}
        ) as l
        where l.first_free_id = l.head or l.first_free_control
        order by l.last > l.first_free_id, l.first_free_id
        limit $${5 + i}))
      for update skip locked)`;
  });
  const locked = kinds.map((_, i) => `select ctid from picked${i}`).join(' union all ');
  // Still waiting and free once locked: a row finished or claimed elsewhere in the meantime is left
  // alone (the lock returns its newest version). `num_nulls(done_at) = 1` says `done_at is null`
  // in words the planner cannot match to the lane index's condition: it would rather read every
  // waiting update of every bot through that index, believing there is one.
  return `with ${picked.join(', ')}
    update update_inbox set owner = $4, lease_until = $3, attempts = attempts + 1
    where bot_id = $1 and ctid = any(array(${locked})) and num_nulls(done_at) = 1 and ${free}
    ${CLAIM_RETURNING}`;
}

/**
 * PostgreSQL's completion, every claiming pass: $1 the bot, $2 now, $3 the ids (comma-separated),
 * $4 and $5 the smallest and largest. The range says nothing new, but gives the bot's pending index
 * a bound on its second column: on a table without statistics yet the planner takes `bot_id = $1`
 * for a rare value and would rather read every pending update of the bot than look the ids up.
 */
const POSTGRES_FINISH = `update update_inbox set done_at = $2, lease_until = null
  where bot_id = $1 and update_id = any(string_to_array($3, ',')::bigint[])
    and update_id between $4 and $5 and done_at is null`;

/** Which claim statement serves these kinds of lane, of some shards or of all (each engine's cache). */
function claimKey(kinds: Array<[LaneKind | 'all', number]>, shards: ShardRange | undefined): string {
  return `${kinds.map(([kind]) => kind).join(',')}${shards ? ':sharded' : ''}`;
}

export class UpdateInboxRepository {
  /** SQLite's engine, for the hand-written statements of the hot path (prepared once, guarded). */
  readonly #sqlite: SqliteEngine | undefined;
  /** PostgreSQL's engine, for the hand-written statements of the hot path (claim, completion). */
  readonly #postgres: PostgresEngine | undefined;
  #prepared: { insert: Statement; finish: Statement } | undefined;
  /** SQLite's claim statements, one per set of lane kinds claimed (prepared on first use). */
  readonly #claims = new Map<string, Statement>();
  /** PostgreSQL's claim texts, likewise (the driver prepares each once per connection). */
  readonly #postgresClaims = new Map<string, string>();

  constructor(
    private readonly engine: Engine,
    readonly scope: BotScope,
    private readonly now: () => number,
  ) {
    this.#sqlite = engine.dialect === 'sqlite' ? (engine as SqliteEngine) : undefined;
    this.#postgres = engine.dialect === 'postgres' ? (engine as PostgresEngine) : undefined;
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
        .values(
          this.scope.row({ ...update, shard: laneShard(update.lane), receivedAt: new Date(this.now()) }),
        )
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
  async store(updates: NewInboxUpdate[], opts: StoreOptions = {}): Promise<StoreOutcome[]> {
    if (updates.length === 0) return [];
    const t = this.#t;
    const now = new Date(this.now());
    const { maxBacklog } = opts;
    if (this.#postgres) return this.#storePostgres(updates, now, opts);
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
          s: laneShard(u.lane),
          c: u.control,
          p: dropped.has(u.updateId) ? { update_id: u.updateId } : u.payload,
          d: dropped.has(u.updateId),
        }));
        const inserted = new Set(await this.#insertRows(rows, now));
        return updates.map((u) =>
          !inserted.has(u.updateId) ? 'duplicate' : dropped.has(u.updateId) ? 'dropped' : 'stored',
        );
      },
      // Durable before the caller confirms the updates to Telegram, without stalling the process.
      { syncInBackground: true },
    );
  }

  /**
   * SQLite's insert of the rows (a resend of a stored update_id is left out); returns the update_ids
   * stored. The hot statement of group commit: one statement of fixed text whatever the batch (the
   * batch is one JSON parameter), prepared once, instead of a query built and prepared per batch
   * with five parameters a row (which cost more CPU than the insert itself).
   */
  #insertRows(rows: InboxRow[], now: Date): number[] {
    const ids = this.#sqliteStatements().insert.all({
      bot: this.scope.botId,
      now: now.getTime(),
      json: JSON.stringify(rows),
    }) as Array<{ update_id: number }>;
    return ids.map((r) => r.update_id);
  }

  /**
   * PostgreSQL's `store`: one statement, committed on its own (no BEGIN and COMMIT around it): the
   * backlog of each lane with droppable updates is counted by the statement itself, so a webhook
   * replica receiving one update at a time pays one round trip per group, not three plus a count.
   */
  async #storePostgres(updates: NewInboxUpdate[], now: Date, opts: StoreOptions): Promise<StoreOutcome[]> {
    const rows: PostgresInboxRow[] = updates.map((u, i) => ({
      i,
      u: u.updateId,
      l: u.lane,
      s: laneShard(u.lane),
      c: u.control,
      p: u.payload,
      r: opts.maxBacklog !== undefined && u.droppable === true,
    }));
    const wake = this.#toWake(rows, opts.wake);
    const params: unknown[] = [
      this.scope.botId,
      now.toISOString(),
      JSON.stringify(rows),
      opts.maxBacklog ?? null,
      ...(wake.length > 0 ? [JSON.stringify(wake)] : []),
    ];
    // postgres.js returns bigint as a string.
    const inserted = await this.#postgres!.query<{ update_id: string | number; dropped: boolean }>(
      wake.length > 0 ? POSTGRES_STORE_AND_WAKE : POSTGRES_STORE,
      params,
    );
    const outcome = new Map(
      inserted.map((r) => [Number(r.update_id), r.dropped ? 'dropped' : 'stored'] as const),
    );
    return updates.map((u) => outcome.get(u.updateId) ?? 'duplicate');
  }

  /**
   * The NOTIFY payloads that wake the other replicas for these rows (those whose shards they are
   * in), each naming the updates it got (inboxWake).
   */
  #toWake(
    rows: Array<{ s: number; l: string; u: number; c: boolean }>,
    wake: StoreOptions['wake'],
  ): string[] {
    if (!wake) return [];
    const arrivals = new Map<string, Arrival[]>();
    for (const row of rows) {
      // A payment is claimed by the replica that stored it (payments are never split).
      const owner = isPaymentLane(row.l) ? undefined : wake(row.s);
      if (owner === undefined) continue;
      const list = arrivals.get(owner) ?? [];
      list.push({ lane: row.l, updateId: row.u, ...(row.c && { control: true }) });
      arrivals.set(owner, list);
    }
    return [...arrivals].map(([owner, list]) => inboxWake.payload(this.scope.botId, owner, list));
  }

  /** SQLite's hot statements, prepared once on first use (the bot: a parameter, @bot). */
  #sqliteStatements() {
    const sqlite = this.#sqlite!;
    this.#prepared ??= {
      insert: sqlite.prepare(`
        insert into update_inbox (bot_id, update_id, lane, shard, control, payload, received_at, done_at)
        select @bot, value ->> 'u', value ->> 'l', value ->> 's', value ->> 'c', json(value -> 'p'), @now,
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
              shard: laneShard(lane),
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
    const work = async () => {
      if (done.length > 0) await this.#finish(done);
      if (!claiming) return [];
      const rows = await this.#claim(owner, leaseMs, s.claim, s.shards);
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
    return this.#claim(owner, leaseMs, { all: limit }).then((rows) =>
      rows.map(({ conversation: _, ...row }) => row).sort((a, b) => a.updateId - b.updateId),
    );
  }

  /** One statement claiming up to `limits[kind]` heads of each kind of lane (`all`: any lane). */
  #claim(
    owner: string,
    leaseMs: number,
    limits: Partial<Record<LaneKind | 'all', number>>,
    shards?: ShardRange,
  ): Promise<ClaimedUpdate[]> {
    const now = new Date(this.now());
    const kinds = (Object.entries(limits) as Array<[LaneKind | 'all', number]>).filter(
      ([, limit]) => limit > 0,
    );
    if (kinds.length === 0) return Promise.resolve([]);
    // Payments are never split among replicas: a claim of payments alone reads every shard.
    const split = kinds.some(([kind]) => kind !== 'payments') ? shards : undefined;
    if (this.#sqlite) return Promise.resolve(this.#claimSqlite(owner, now, leaseMs, kinds, split));
    return this.#claimPostgres(owner, now, leaseMs, kinds, split);
  }

  /** PostgreSQL's claim: one hand-written statement per set of lane kinds (see `postgresClaim`). */
  async #claimPostgres(
    owner: string,
    now: Date,
    leaseMs: number,
    kinds: Array<[LaneKind | 'all', number]>,
    shards: ShardRange | undefined,
  ): Promise<ClaimedUpdate[]> {
    const key = claimKey(kinds, shards);
    let text = this.#postgresClaims.get(key);
    if (!text) {
      text = postgresClaim(
        kinds.map(([kind]) => kind),
        shards !== undefined,
      );
      this.#postgresClaims.set(key, text);
    }
    const params: unknown[] = [
      this.scope.botId,
      now.toISOString(),
      new Date(now.getTime() + leaseMs).toISOString(),
      owner,
      ...kinds.map(([, limit]) => limit),
      ...(shards ? [shards.from, shards.to] : []),
    ];
    // Claims commit without waiting for the disk: one lost only means an update handled again.
    const rows = await this.#postgres!.query<RawClaimRow<boolean, Date, InboxUpdateRecord['payload']>>(
      text,
      params,
      {
        lazy: true,
      },
    );
    return withConversation(rows.map((row) => claimedFrom(row, POSTGRES_READ)));
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
    shards: ShardRange | undefined,
  ): ClaimedUpdate[] {
    const key = claimKey(kinds, shards);
    let statement = this.#claims.get(key);
    if (!statement) {
      statement = this.#sqlite!.prepare(
        sqliteClaim(
          kinds.map(([kind]) => kind),
          shards !== undefined,
        ),
      );
      this.#claims.set(key, statement);
    }
    const limits = Object.fromEntries(kinds.map(([kind, limit]) => [`limit_${kind}`, limit]));
    const rows = statement.all({
      bot: this.scope.botId,
      owner,
      now: now.getTime(),
      until: now.getTime() + leaseMs,
      ...limits,
      ...(shards && { shard_from: shards.from, shard_to: shards.to }),
    }) as Array<RawClaimRow<number, number, string>>;
    return withConversation(rows.map((row) => claimedFrom(row, SQLITE_READ)));
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
    await this.#finish(updateIds);
  }

  async #finish(updateIds: number[]): Promise<void> {
    const now = new Date(this.now());
    // Every claiming pass runs this: SQLite's statement is prepared once (the ids: one JSON parameter).
    if (this.#sqlite)
      this.#sqliteStatements().finish.run({
        bot: this.scope.botId,
        now: now.getTime(),
        json: JSON.stringify(updateIds),
      });
    else
      await this.#postgres!.query(
        POSTGRES_FINISH,
        [
          this.scope.botId,
          now.toISOString(),
          updateIds.join(','),
          Math.min(...updateIds),
          Math.max(...updateIds),
        ],
        { lazy: true },
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
