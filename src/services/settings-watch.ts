/**
 * The live settings' version check for every bot of the process at once (issue 40): one statement
 * every 2 s reads each served bot's version (SettingsVersionsRepository), and each bot's
 * LiveSettings reloads only when its own moved. Fifty bots on a replica then cost one look, not
 * fifty. A bot joins when its runtime starts and leaves when it stops; with no bot, nothing runs.
 */
import type { SettingsVersionsRepository } from '../db/index.js';
import { Periodic } from '../lib/periodic.js';
import type { Timers } from '../lib/timers.js';
import type { Logger } from '../logger.js';

/** What the watch tells a bot: the stored version it read (the bot reloads if it moved). */
export interface VersionSink {
  seen(version: number): Promise<boolean>;
}

/** One bot's place in the watch. */
export interface SettingsWatchSlot {
  join(sink: VersionSink): void;
  leave(): void;
}

export interface SettingsWatchDeps {
  versions: Pick<SettingsVersionsRepository, 'of'>;
  logger: Logger;
  intervalMs: number;
  timers?: Timers;
}

export class SettingsWatch {
  readonly #sinks = new Map<number, VersionSink>();
  readonly #versions: SettingsWatchDeps['versions'];
  readonly #log: Logger;
  readonly #poll: Periodic;

  constructor(deps: SettingsWatchDeps) {
    this.#versions = deps.versions;
    this.#log = deps.logger.child({ component: 'settings-watch' });
    this.#poll = new Periodic({
      name: 'live-settings',
      intervalMs: deps.intervalMs,
      logger: deps.logger,
      run: () => this.look(),
      ...(deps.timers && { timers: deps.timers }),
    });
  }

  /** The slot of bot `botId` (its registry id). */
  slot(botId: number): SettingsWatchSlot {
    let joined: VersionSink | undefined;
    return {
      join: (sink) => {
        joined = sink;
        this.#sinks.set(botId, sink);
        if (this.#sinks.size === 1) this.#poll.start();
      },
      leave: () => {
        // Only its own place: a runtime replacing this bot's may have joined already.
        if (joined === undefined || this.#sinks.get(botId) !== joined) return;
        this.#sinks.delete(botId);
        if (this.#sinks.size === 0) void this.#poll.stop();
      },
    };
  }

  /** One look: every joined bot's version in one statement; a bot whose reload fails is logged. */
  async look(): Promise<void> {
    const ids = [...this.#sinks.keys()];
    if (ids.length === 0) return;
    const versions = await this.#versions.of(ids);
    await Promise.all(
      ids.map(async (id) => {
        try {
          await this.#sinks.get(id)?.seen(versions.get(id) ?? 0);
        } catch (err) {
          this.#log.warn({ err, bot: id }, 'could not reload the live settings');
        }
      }),
    );
  }
}
