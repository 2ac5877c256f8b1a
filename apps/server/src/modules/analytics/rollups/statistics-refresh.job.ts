import type { Database } from '../../../platform/db/database';
import type { JobDefinition } from '../../../platform/jobs/jobs';
import { refreshBehindSchools } from './refresh-behind.service';

export const STATISTICS_REFRESH_JOB = 'analytics.refresh';

/**
 * Every 5 minutes (and once at start-up: main.ts sends it), each school whose rollups are behind
 * — never built, or a payment, refund, invoice or student changed since — is refreshed: invoices
 * issued, voided or edited without a payment, birth dates and programmes changed. Idempotent.
 */
export function statisticsRefreshJob(db: Database): JobDefinition {
  return {
    name: STATISTICS_REFRESH_JOB,
    schedule: { cron: '*/5 * * * *' },
    async run(_data, { logger }) {
      const { refreshed, failed } = await refreshBehindSchools(db, new Date());
      if (refreshed + failed > 0) {
        logger.info({ refreshed, failed }, 'statistiques mises à jour');
      }
    },
  };
}
