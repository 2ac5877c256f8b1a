// `npm run events:failed`: the events' deliveries that are failing or dead (school, event,
// handler, attempts, last error). `npm run events:retry -- <id>… | --all`: replays them now.
import { findOrganizationsByIds } from '../modules/organizations';
import { openConfiguredDatabase } from '../platform/db/database';
import { runMigrations } from '../platform/db/migrate';
import { loadConfig } from '../platform/env';
import { listFailedDeliveries, retryDeliveries } from '../platform/outbox/failed-deliveries';

const [command, ...args] = process.argv.slice(2);
const database = await openConfiguredDatabase(loadConfig());
try {
  await runMigrations(database.pool);
  if (command === 'failed') {
    const failed = await listFailedDeliveries(database.db);
    const schools = new Map(
      (
        await findOrganizationsByIds(database.db, [
          ...new Set(failed.map((row) => row.organizationId)),
        ])
      ).map((school) => [school.id, school.name]),
    );
    if (failed.length === 0) console.log('Aucun événement en échec.');
    for (const row of failed) {
      const state =
        row.status === 'dead' ? 'abandonné' : `nouvel essai à ${row.nextAttemptAt.toISOString()}`;
      console.log(
        `#${row.id}  ${schools.get(row.organizationId) ?? row.organizationId}  ${row.event} (${row.aggregateId})  ` +
          `${row.handler}  ${row.attempts} essai(s), ${state}  ${row.lastError ?? ''}`,
      );
    }
  } else if (command === 'retry' && args.length > 0) {
    const ids = args.filter((arg) => arg !== '--all').map((arg) => Number(arg.replace(/^#/, '')));
    if (ids.some((id) => !Number.isSafeInteger(id))) {
      console.error('Usage : events:retry <numéro>… | --all');
      process.exitCode = 2;
    } else {
      const count = await retryDeliveries(database.db, args.includes('--all') ? 'all' : ids);
      console.log(
        `${count} livraison(s) remise(s) en file : le worker les traite à son prochain passage.`,
      );
    }
  } else {
    console.error('Usage : events-cli failed | retry <numéro>… | retry --all');
    process.exitCode = 2;
  }
} finally {
  await database.close();
}
