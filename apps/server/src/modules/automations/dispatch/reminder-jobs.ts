import type { Database } from '../../../platform/db/database';
import type { JobDefinition, JobQueue } from '../../../platform/jobs/jobs';
import { currentTime } from '../../../platform/test-clock/test-clock';
import { planAllReminders, planSchoolReminders } from '../planning/reminder-planner.service';
import { planWeeklySummarySends } from '../triggers/weekly';
import { ensureDefaultWorkflowsOfAllSchools } from '../workflows/default-workflows';
import { dispatchDueSends, type DispatchContext } from './reminder-dispatcher.service';

export const PLAN_JOB = 'automations.plan';
export const DISPATCH_JOB = 'automations.dispatch';

export interface ReminderJobsDependencies extends DispatchContext {
  db: Database;
  /** The queue, once started: planning sends the dispatcher right after it. */
  queue: () => JobQueue | undefined;
}

/**
 * The reminder engine's two jobs. `automations.plan` every 10 minutes (all schools: a school
 * created since gets its default reminders, paused; the weekly summaries of the week are planned),
 * or for one school (`{ organizationId }`) after one of its workflows was enabled or edited; then
 * the dispatcher at once. `automations.dispatch` every minute: any number of processes share it.
 */
export function reminderJobs(dependencies: ReminderJobsDependencies): JobDefinition[] {
  const { db, queue } = dependencies;
  return [
    {
      name: PLAN_JOB,
      schedule: { cron: '*/10 * * * *' },
      retryLimit: 2,
      retryDelaySeconds: 30,
      async run(data, context) {
        const organizationId = (data as { organizationId?: unknown } | null)?.organizationId;
        if (typeof organizationId === 'string') {
          const outcome = await planSchoolReminders(db, organizationId);
          context.logger.info({ job: PLAN_JOB, ...outcome }, 'rappels planifiés');
        } else {
          const defaultsCreated = await ensureDefaultWorkflowsOfAllSchools(db);
          const now = await currentTime(db);
          const outcome = await planAllReminders(db, now);
          const weeklySummaries = await planWeeklySummarySends(db, now);
          context.logger.info(
            { job: PLAN_JOB, ...outcome, defaultsCreated, weeklySummaries },
            'rappels planifiés',
          );
        }
        await queue()?.send(DISPATCH_JOB, {}, { singletonKey: 'after-planning' });
      },
    },
    {
      name: DISPATCH_JOB,
      schedule: { cron: '* * * * *' },
      expireInSeconds: 5 * 60,
      // A missed minute is the next minute.
      retryLimit: 0,
      async run(_data, context) {
        const outcome = await dispatchDueSends(db, dependencies);
        if (outcome.claimed > 0) {
          context.logger.info({ job: DISPATCH_JOB, ...outcome }, 'rappels envoyés');
        }
      },
    },
  ];
}

/** Workflows' `requestPlanning`: one school planned again soon (deduplicated while queued). */
export function reminderPlanning(queue: () => JobQueue | undefined) {
  return {
    async requestPlanning(organizationId: string): Promise<void> {
      await queue()?.send(PLAN_JOB, { organizationId }, { singletonKey: organizationId });
    },
  };
}
