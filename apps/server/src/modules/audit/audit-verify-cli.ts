// `npm run audit:verify`: recomputes every hash chain of the journal (the platform's and each
// school's) and reports the first broken link; exits 1 when one is broken.
import { loadConfig } from '../../platform/env';
import { openConfiguredDatabase } from '../../platform/db/database';
import { runMigrations } from '../../platform/db/migrate';
import { verifyAllChains } from './audit-journal.service';

const database = await openConfiguredDatabase(loadConfig());
try {
  await runMigrations(database.pool);
  const results = await verifyAllChains(database.db);
  let broken = 0;
  for (const { organizationId, check } of results) {
    const chain = organizationId ? `école ${organizationId}` : 'plateforme';
    if (check.valid) {
      console.log(
        `✓ ${chain} : ${check.entries} entrée${check.entries > 1 ? 's' : ''}, chaîne intacte`,
      );
    } else {
      broken += 1;
      console.error(`✗ ${chain} : chaîne rompue à l'entrée ${check.brokenAtId}`);
    }
  }
  if (results.length === 0) console.log('Journal vide : rien à vérifier.');
  process.exitCode = broken > 0 ? 1 : 0;
} finally {
  await database.close();
}
