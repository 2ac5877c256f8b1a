// `npm run ledger:check`: for each school, whether the ledger balances and agrees with the
// invoices (4111 per student) and the families' credit (4191 per guardian); exits 1 otherwise,
// listing the differences.
import { formatFrancsAscii } from '@ecolage/money';
import { loadConfig } from '../../../platform/env';
import { openConfiguredDatabase } from '../../../platform/db/database';
import { runMigrations } from '../../../platform/db/migrate';
import { checkAllSchools } from './ledger-check.service';

const labels = {
  unbalanced: 'écriture déséquilibrée',
  receivable: '4111 étudiant',
  credit: '4191 responsable',
} as const;

const database = await openConfiguredDatabase(loadConfig());
try {
  await runMigrations(database.pool);
  const results = await checkAllSchools(database.db);
  for (const result of results) {
    const head = `${result.schoolName} (${result.organizationId})`;
    if (result.agrees) {
      console.log(
        `✓ ${head} : grand livre équilibré (${formatFrancsAscii(result.debits)} au débit et au crédit), ` +
          `${result.students} compte(s) étudiant et ${result.guardians} avoir(s) conformes aux factures`,
      );
      continue;
    }
    console.error(
      `✗ ${head} : ${result.balanced ? 'grand livre équilibré' : `grand livre DÉSÉQUILIBRÉ (débit ${result.debits}, crédit ${result.credits})`}, ` +
        `${result.differences.length} écart(s) :`,
    );
    for (const difference of result.differences) {
      console.error(
        `    ${labels[difference.kind]} ${difference.reference} : grand livre ${difference.ledger}, facturation ${difference.billing}`,
      );
    }
  }
  if (results.length === 0) console.log('Aucune facture ni écriture : rien à vérifier.');
  process.exitCode = results.every((result) => result.agrees) ? 0 : 1;
} finally {
  await database.close();
}
