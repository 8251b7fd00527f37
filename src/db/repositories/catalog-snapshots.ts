/** The stored last good catalog (one row). */
import { eq } from 'drizzle-orm';
import type { Db } from '../client.js';
import { catalogSnapshots } from '../schema/catalog-snapshots.js';

const ROW_ID = 1;

export interface StoredCatalog {
  models: unknown[];
  savedAt: Date;
}

export class CatalogSnapshotsRepository {
  constructor(private readonly db: Db) {}

  load(): StoredCatalog | undefined {
    const row = this.db.select().from(catalogSnapshots).where(eq(catalogSnapshots.id, ROW_ID)).get();
    return row && Array.isArray(row.models) ? { models: row.models, savedAt: row.savedAt } : undefined;
  }

  save(models: readonly unknown[], savedAt: Date): void {
    this.db
      .insert(catalogSnapshots)
      .values({ id: ROW_ID, models, savedAt })
      .onConflictDoUpdate({ target: catalogSnapshots.id, set: { models, savedAt } })
      .run();
  }
}
