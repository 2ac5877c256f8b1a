import PgBoss from 'pg-boss';
import type pg from 'pg';

/** A job the platform runs on a schedule (cron in the school's zone), whichever instance is free. */
export interface ScheduledJob {
  name: string;
  cron: string;
  run(): Promise<void>;
}

export interface JobLogger {
  info(object: object, message?: string): void;
  error(object: object, message?: string): void;
}

export interface JobRunner {
  stop(): Promise<void>;
}

/**
 * Starts pg-boss on the application's own connection pool and registers the scheduled jobs: pg-boss
 * keeps one run per cron tick across every instance, retries a failed run and records it. Jobs are
 * idempotent, so a run repeated after a crash changes nothing more.
 */
export async function startScheduledJobs(
  pool: pg.Pool,
  jobs: readonly ScheduledJob[],
  logger: JobLogger,
): Promise<JobRunner> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => pool.query(text, values) },
    schema: 'pgboss',
    // The schedules are checked every 30 seconds, not every minute.
    cronMonitorIntervalSeconds: 30,
  });
  boss.on('error', (error) => logger.error({ err: error }, 'erreur du planificateur de tâches'));
  await boss.start();
  for (const job of jobs) {
    await boss.createQueue(job.name);
    await boss.schedule(job.name, job.cron, {}, { tz: 'Africa/Lome' });
    await boss.work(job.name, async () => {
      await job.run();
    });
  }
  logger.info({ jobs: jobs.map((job) => job.name) }, 'tâches planifiées démarrées');
  return {
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 5_000 }),
  };
}
