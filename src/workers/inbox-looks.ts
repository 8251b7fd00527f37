/**
 * The idle look of every bot of the process at once (issue 40). A bot's inbox worker looks for
 * updates other replicas stored (and claims that lapsed) with a claiming pass, less and less often
 * while nothing happens; fifty quiet bots on a replica still made 25 passes a second, most of its
 * idle CPU on PostgreSQL. Once a worker has been quiet for its longest wait, it parks here instead:
 * one statement every `intervalMs` asks which parked bots have a claimable update
 * (WaitingBotsRepository), and only those are woken (their worker passes and looks on its own again).
 * Anything a worker hears itself (an update stored here) unparks it at once (lib/shared-look.ts).
 */
import type { WaitingBotsRepository } from '../db/index.js';
import type { ShardRange } from '../domain/inbox-shard.js';
import { type LookSlot, SharedLook } from '../lib/shared-look.js';
import type { Timers } from '../lib/timers.js';
import type { Logger } from '../logger.js';

/** One bot's place: its worker parks (joins) with how to wake it, and unparks (leaves). */
export type InboxLookSlot = LookSlot<() => void>;

export interface InboxLooksDeps {
  waiting: Pick<WaitingBotsRepository, 'of'>;
  logger: Logger;
  /** How often the parked bots are looked at (the workers' short idle wait: 250 ms). */
  intervalMs: number;
  /** This replica's shards (inbox-partition.ts): other replicas' updates wake their own bots. */
  shards?: () => ShardRange | undefined;
  timers?: Timers;
}

export class InboxLooks extends SharedLook<() => void> {
  constructor(deps: InboxLooksDeps) {
    super({
      name: 'inbox-looks',
      intervalMs: deps.intervalMs,
      logger: deps.logger,
      ...(deps.timers && { timers: deps.timers }),
      // Those with a claimable update are woken (and unpark themselves).
      look: async (parked) => {
        const waiting = await deps.waiting.of([...parked.keys()], deps.shards?.());
        for (const botId of waiting) parked.get(botId)?.();
      },
    });
  }
}
