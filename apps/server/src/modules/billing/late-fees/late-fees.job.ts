import type { Database } from '../../../platform/db/database';
import type { JobDefinition } from '../../../platform/jobs/jobs';
import { applyLateFees, schoolsWithLateFees } from './late-fees.service';

/**
 * The late-fee job, scheduled every hour (a missed night is caught up the next hour; running it
 * again the same month adds nothing, so a repeated run is harmless). Each school is covered by its
 * own calendar inside `applyLateFees`.
 */
export function lateFeesJob(db: Database): JobDefinition {
  return {
    name: 'billing.late-fees',
    schedule: { cron: '7 * * * *' },
    async run(_data, { logger }) {
      for (const organizationId of await schoolsWithLateFees(db)) {
        const result = await applyLateFees(db, organizationId);
        if (result.invoices > 0) {
          logger.info({ organizationId, ...result }, 'pénalités de retard appliquées');
        }
      }
    },
  };
}
