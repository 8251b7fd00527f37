/**
 * The live settings' version check for every bot of the process at once (issue 40): one statement
 * every 2 s reads each served bot's version (SettingsVersionsRepository), and each bot's
 * LiveSettings reloads only when its own moved. A bot joins when its runtime starts and leaves when
 * it stops; with no bot, nothing runs (lib/shared-look.ts).
 */
import type { SettingsVersionsRepository } from '../db/index.js';
import { type LookSlot, SharedLook } from '../lib/shared-look.js';
import type { Timers } from '../lib/timers.js';
import type { Logger } from '../logger.js';

/** What the watch tells a bot: the stored version it read (the bot reloads if it moved). */
export interface VersionSink {
  seen(version: number): Promise<boolean>;
}

/** One bot's place in the watch. */
export type SettingsWatchSlot = LookSlot<VersionSink>;

export interface SettingsWatchDeps {
  versions: Pick<SettingsVersionsRepository, 'of'>;
  logger: Logger;
  intervalMs: number;
  timers?: Timers;
}

export class SettingsWatch extends SharedLook<VersionSink> {
  constructor(deps: SettingsWatchDeps) {
    const log = deps.logger.child({ component: 'settings-watch' });
    super({
      name: 'live-settings',
      intervalMs: deps.intervalMs,
      logger: deps.logger,
      ...(deps.timers && { timers: deps.timers }),
      // Every joined bot's version in one statement; a bot whose reload fails is logged.
      look: async (sinks) => {
        const versions = await deps.versions.of([...sinks.keys()]);
        await Promise.all(
          [...sinks].map(async ([id, sink]) => {
            try {
              await sink.seen(versions.get(id) ?? 0);
            } catch (err) {
              log.warn({ err, bot: id }, 'could not reload the live settings');
            }
          }),
        );
      },
    });
  }
}
