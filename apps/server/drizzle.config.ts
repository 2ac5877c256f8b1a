import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema (`npm run db:generate`), committed, and applied at
// start-up by the Drizzle migrator. Never `drizzle-kit push`.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db-schema.ts',
  out: './drizzle',
  strict: true,
});
