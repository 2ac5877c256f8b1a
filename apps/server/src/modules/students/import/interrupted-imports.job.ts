import type { Database } from '../../../platform/db/database';
import type { JobDefinition } from '../../../platform/jobs/jobs';
import { failImportsOfStoppedProcesses } from './import.service';

export const INTERRUPTED_IMPORTS_JOB = 'students.interrupted-imports';

/**
 * Each minute, on one worker: imports whose process died (SIGKILL, a lost machine) are marked
 * failed, so that the wizard stops waiting — whichever process applied them, even one that never
 * starts again.
 */
export function interruptedImportsJob(db: Database): JobDefinition {
  return {
    name: INTERRUPTED_IMPORTS_JOB,
    schedule: { cron: '* * * * *' },
    expireInSeconds: 5 * 60,
    // A missed minute is the next minute.
    retryLimit: 0,
    async run(_data, context) {
      const failed = await failImportsOfStoppedProcesses(db);
      if (failed > 0) context.logger.info({ failed }, 'imports interrompus marqués en échec');
    },
  };
}
