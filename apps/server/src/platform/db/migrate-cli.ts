// `npm run db:migrate`: applies the committed migrations to DATABASE_URL or the embedded database.
import { loadConfig } from '../env';
import { openConfiguredDatabase } from './database';
import { runMigrations } from './migrate';

const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  await runMigrations(database.pool);
  console.log(
    `Migrations appliquées (${database.engine === 'embedded' ? config.dataDir : 'DATABASE_URL'}).`,
  );
} finally {
  await database.close();
}
