// `npm run db:seed`: migrates, then seeds the demo school (idempotent).
import { loadConfig } from '../platform/env';
import { openConfiguredDatabase } from '../platform/db/database';
import { runMigrations } from '../platform/db/migrate';
import { DEMO_PASSWORD, seedDemoData } from './demo-seed';

const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  await runMigrations(database.pool);
  const { school, created, logins } = await seedDemoData(database.db);
  console.log(
    created
      ? `École de démonstration créée : ${school.name} (${school.slug}).`
      : `École de démonstration déjà présente : ${school.name} (${school.slug}).`,
  );
  console.log(`Comptes de démonstration (mot de passe « ${DEMO_PASSWORD} ») :`);
  for (const login of logins) console.log(`  ${login.email.padEnd(28)} ${login.roleName}`);
} finally {
  await database.close();
}
