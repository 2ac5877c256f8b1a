import type { Database } from '../../../platform/db/database';
import type { JobDefinition } from '../../../platform/jobs/jobs';
import { settleMissing } from './settle-missing.service';

export const SETTLE_MISSING_JOB = 'accounting.settle-missing';

/**
 * Hourly (and once at start-up: `composition/jobs.ts` sends it), the succeeded payments and
 * refunds that have no settlement line yet — recorded before this feature, by the demo seed, or
 * whose handler died — are settled like the handlers would have. Idempotent by the unique keys.
 */
export function settleMissingJob(db: Database): JobDefinition {
  return {
    name: SETTLE_MISSING_JOB,
    schedule: { cron: '13 * * * *' },
    async run(_data, { logger }) {
      const settled = await settleMissing(db);
      if (settled.payments + settled.refunds > 0) {
        logger.info(settled, 'paiements réglés après coup (frais et commission)');
      }
    },
  };
}
