/** The stored last good catalog (one row). */
import { eq } from 'drizzle-orm';
import { type Engine, first } from '../engine.js';

const ROW_ID = 1;

export interface StoredCatalog {
  models: unknown[];
  savedAt: Date;
}

export class CatalogSnapshotsRepository {
  constructor(private readonly engine: Engine) {}

  async load(): Promise<StoredCatalog | undefined> {
    const { catalogSnapshots } = this.engine.tables;
    const row = first(
      await this.engine.run((db) =>
        db.select().from(catalogSnapshots).where(eq(catalogSnapshots.id, ROW_ID)),
      ),
    );
    return row && Array.isArray(row.models) ? { models: row.models, savedAt: row.savedAt } : undefined;
  }

  async save(models: readonly unknown[], savedAt: Date): Promise<void> {
    const { catalogSnapshots } = this.engine.tables;
    await this.engine.run((db) =>
      db
        .insert(catalogSnapshots)
        .values({ id: ROW_ID, models, savedAt })
        .onConflictDoUpdate({ target: catalogSnapshots.id, set: { models, savedAt } }),
    );
  }
}
