import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate` writes the PostgreSQL migrations from src/db/schema/postgres. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/postgres/tables.ts',
  out: './migrations/postgres',
});
