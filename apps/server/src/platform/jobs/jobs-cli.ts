// `npm run jobs:failed`: the jobs that used up their retries (name, attempts, error).
// `npm run jobs:retry -- <id>… | --all`: puts them back in the queue for one more attempt.
import { loadConfig } from '../env';
import { openConfiguredDatabase } from '../db/database';
import { listFailedJobs, retryFailedJobs } from './failed-jobs';

const [command, ...args] = process.argv.slice(2);
const database = await openConfiguredDatabase(loadConfig());
try {
  if (command === 'failed') {
    const failed = await listFailedJobs(database.pool);
    if (failed.length === 0) console.log('Aucune tâche en échec.');
    for (const job of failed) {
      console.log(
        `${job.id}  ${job.name}  ${job.attempts} essai(s)  ${job.failedAt?.toISOString() ?? '—'}  ${job.error ?? ''}`,
      );
    }
  } else if (command === 'retry' && args.length > 0) {
    const count = await retryFailedJobs(database.pool, args.includes('--all') ? 'all' : args);
    console.log(`${count} tâche(s) remise(s) en file.`);
  } else {
    console.error('Usage : jobs-cli failed | retry <id>… | retry --all');
    process.exitCode = 2;
  }
} finally {
  await database.close();
}
