import type { Database } from '../../../platform/db/database';
import type { JobDefinition } from '../../../platform/jobs/jobs';
import { pollSendingPayouts, runPayoutSchedule } from './payout-schedule.service';
import type { PayoutRail } from './rails';

export const PAYOUTS_JOB = 'accounting.payouts';

/** Hourly: the schedule's payouts, then the rail's answers for the payouts it carries. */
export function payoutsJob(db: Database, rail: PayoutRail): JobDefinition {
  return {
    name: PAYOUTS_JOB,
    schedule: { cron: '17 * * * *' },
    async run(_data, { logger }) {
      const created = await runPayoutSchedule(db);
      const settled = rail.name === 'manual' ? 0 : await pollSendingPayouts(db, rail);
      if (created + settled > 0) logger.info({ created, settled }, 'virements');
    },
  };
}
