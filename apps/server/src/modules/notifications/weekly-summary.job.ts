import type { Database } from '../../platform/db/database';
import type { JobDefinition } from '../../platform/jobs/jobs';
import { currentTime } from '../../platform/test-clock/test-clock';
import { sendWeeklySummaries } from './weekly-summary';

/**
 * `notifications.weekly-summary`, every hour: each school's summary goes out in the first run from
 * Monday 07:00 in its time zone (a missed hour is the next one; a second run writes nothing).
 * Its « now » is the test clock's when enabled (a journey moves it, then sends this job).
 */
export function weeklySummaryJob(db: Database): JobDefinition {
  return {
    name: 'notifications.weekly-summary',
    schedule: { cron: '3 * * * *' },
    async run(_data, { logger }) {
      const written = await sendWeeklySummaries(db, await currentTime(db));
      if (written > 0) logger.info({ written }, 'résumés hebdomadaires envoyés');
    },
  };
}
