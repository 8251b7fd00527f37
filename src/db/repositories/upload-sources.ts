/** Where each upstream upload came from (the Telegram file relayed), to upload it again later. */
import { inArray } from 'drizzle-orm';
import type { BotScope } from '../bot-scope.js';
import type { Engine } from '../engine.js';
import type { UploadSourceRecord } from '../records.js';

export type NewUploadSource = Omit<UploadSourceRecord, 'createdAt' | 'botId'>;

export class UploadSourcesRepository {
  constructor(
    private readonly engine: Engine,
    readonly scope: BotScope,
    private readonly now: () => number = Date.now,
  ) {}

  /** Remembers one upload's source; a path already known keeps its first source (paths are unique upstream). */
  async record(source: NewUploadSource): Promise<void> {
    const { uploadSources } = this.engine.tables;
    const createdAt = new Date(this.now());
    await this.engine.run((db) =>
      db
        .insert(uploadSources)
        .values({ ...source, botId: this.scope.botId, createdAt })
        .onConflictDoNothing({ target: [uploadSources.botId, uploadSources.path] }),
    );
  }

  /** The known sources of these paths, in no particular order (unknown paths are left out). */
  async find(paths: readonly string[]): Promise<UploadSourceRecord[]> {
    if (paths.length === 0) return [];
    const { uploadSources } = this.engine.tables;
    return this.engine.run((db) =>
      db
        .select()
        .from(uploadSources)
        .where(this.scope.where(uploadSources, inArray(uploadSources.path, [...paths]))),
    );
  }
}
