// `npm run db:seed`: migrates, then seeds the demo school (idempotent).
import { loadConfig } from '../platform/env';
import { openConfiguredDatabase } from '../platform/db/database';
import { runMigrations } from '../platform/db/migrate';
import { seedDemoData } from './demo-seed';

const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  await runMigrations(database.pool);
  const { school, created } = await seedDemoData(database.db);
  console.log(
    created
      ? `École de démonstration créée : ${school.name} (${school.slug}).`
      : `École de démonstration déjà présente : ${school.name} (${school.slug}) — rien à faire.`,
  );
} finally {
  await database.close();
}
