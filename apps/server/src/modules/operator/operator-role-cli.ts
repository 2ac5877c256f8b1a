// `npm run operator:grant -- <email>` / `npm run operator:revoke -- <email>`: gives or takes away
// the platform operator role of an existing account (journaled in the platform's chain). The
// only way to make an operator besides the demo seed: no API route grants it.
import { loadConfig } from '../../platform/env';
import { openConfiguredDatabase } from '../../platform/db/database';
import { runMigrations } from '../../platform/db/migrate';
import { changePlatformRole } from '../auth';

const [command, email] = process.argv.slice(2);
if ((command !== 'grant' && command !== 'revoke') || !email) {
  console.error(
    'Usage : npm run operator:grant -- <e-mail>  |  npm run operator:revoke -- <e-mail>',
  );
  process.exit(2);
}

const database = await openConfiguredDatabase(loadConfig());
try {
  await runMigrations(database.pool);
  const change = await database.db.transaction((tx) =>
    changePlatformRole(tx, email, command === 'grant' ? 'operator' : null, 'Ligne de commande'),
  );
  if (change.outcome === 'unknown_account') {
    console.error(`Aucun compte pour ${email} : créez-le d’abord (inscription ou invitation).`);
    process.exitCode = 1;
  } else if (change.outcome === 'unchanged') {
    console.log(
      `${change.name} (${email}) ${command === 'grant' ? 'est déjà' : 'n’est pas'} opérateur de la plateforme.`,
    );
  } else {
    console.log(
      `${change.name} (${email}) ${change.outcome === 'granted' ? 'est maintenant' : 'n’est plus'} opérateur de la plateforme.`,
    );
  }
} finally {
  await database.close();
}
