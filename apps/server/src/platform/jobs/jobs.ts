import PgBoss from 'pg-boss';
import type pg from 'pg';
import { runInContext } from '../observability/request-context';

/**
 * The one mechanism for scheduled and deferred work (DESIGN.md §4, decision 0014): pg-boss on the
 * application's own pool. Modules define jobs (`JobDefinition`); the composition root registers
 * them with `startJobs`; modules never import pg-boss.
 */

export interface JobLogger {
  info(object: object, message?: string): void;
  error(object: object, message?: string): void;
  /** pino's: each run logs through a child carrying its job's id and name. */
  child?(bindings: Record<string, unknown>): JobLogger;
}

export interface JobContext {
  id: string;
  /** 1 on the first run, 2 on the first retry… */
  attempt: number;
  logger: JobLogger;
}

export interface JobDefinition<Data = unknown> {
  /** `module.what`: 'messaging.send-sms', 'billing.late-fees'… */
  name: string;
  /** Idempotent: a run repeated after a crash or a retry changes nothing more. */
  run(data: Data, context: JobContext): Promise<void>;
  /** Retries after the first failure before the job stays failed (`npm run jobs:failed`); 5 by default. */
  retryLimit?: number;
  /** Seconds before the first retry; 30 by default. */
  retryDelaySeconds?: number;
  /** Each retry waits twice as long as the one before; true by default. */
  retryBackoff?: boolean;
  /**
   * How long a run may last before it is taken for lost (its process killed) and run again by
   * another worker, in seconds; 15 minutes by default. A job that runs every minute says less.
   */
  expireInSeconds?: number;
  /** Recurring: one run per tick across every instance. tz: 'Africa/Lome' by default. */
  schedule?: { cron: string; tz?: string };
  /** Jobs fetched at once by one worker (each run on its own, failing on its own). */
  batchSize?: number;
  /** Workers of this job in this process. */
  concurrency?: number;
}

export interface SendOptions {
  /** While a job of this name and key is queued or running, sending another does nothing. */
  singletonKey?: string;
  /** Not before this date, or this many seconds from now. */
  startAfter?: Date | number;
}

export interface JobQueue {
  /** Enqueues a job; returns its id, or null when deduplicated by `singletonKey`. */
  send<Data>(name: string, data: Data, options?: SendOptions): Promise<string | null>;
  stop(): Promise<void>;
}

export interface StartJobsOptions {
  /** Run the jobs in this process (default); false only sends and schedules (a CLI, a web-only instance). */
  work?: boolean;
  /** How often an idle worker asks for work, in seconds (pg-boss's minimum: 0.5); 2 by default. */
  pollingIntervalSeconds?: number;
}

export const JOB_SCHEMA = 'pgboss';
export const DEFAULT_TIME_ZONE = 'Africa/Lome';

/** A pg-boss instance on the pool (no pool of its own). */
export function createBoss(pool: pg.Pool, options: PgBoss.ConstructorOptions = {}): PgBoss {
  return new PgBoss({
    db: { executeSql: (text, values) => pool.query(text, values) },
    schema: JOB_SCHEMA,
    // The schedules are checked every 30 seconds, not every minute.
    cronMonitorIntervalSeconds: 30,
    ...options,
  });
}

function retryOptions(job: JobDefinition) {
  return {
    retryLimit: job.retryLimit ?? 5,
    retryDelay: job.retryDelaySeconds ?? 30,
    retryBackoff: job.retryBackoff ?? true,
    expireInSeconds: job.expireInSeconds ?? DEFAULT_EXPIRE_SECONDS,
  };
}

const DEFAULT_EXPIRE_SECONDS = 15 * 60;

/** Whether the stored queue already has these options (nothing to write at start-up). */
function sameOptions(queue: PgBoss.QueueResult, options: ReturnType<typeof retryOptions>) {
  return (
    queue.retryLimit === options.retryLimit &&
    queue.retryDelay === options.retryDelay &&
    queue.retryBackoff === options.retryBackoff &&
    queue.expireInSeconds === options.expireInSeconds
  );
}

/**
 * Runs each job of a fetched batch on its own: one failing job fails alone. After a batch, the
 * queue's workers ask again at once (`wake`) instead of after their polling interval: a queue is
 * drained as fast as its jobs run, and polled only while empty.
 */
function handlerOf(boss: PgBoss, job: JobDefinition, logger: JobLogger, wake: () => void) {
  return async (batch: PgBoss.JobWithMetadata<unknown>[]) => {
    if (batch.length > 0) wake();
    for (const item of batch) {
      const attempt = item.retryCount + 1;
      const runLogger = logger.child?.({ job: job.name, jobId: item.id }) ?? logger;
      try {
        // The job's id and name on its log lines, and on a slow query's (observability).
        await runInContext({ job: job.name, jobId: item.id }, () =>
          job.run(item.data, { id: item.id, attempt, logger: runLogger }),
        );
      } catch (error) {
        logger.error(
          { job: job.name, jobId: item.id, attempt: item.retryCount + 1, err: error },
          'tâche en échec',
        );
        if (batch.length === 1) throw error;
        await boss.fail(job.name, item.id, { message: (error as Error).message });
      }
    }
  };
}

/**
 * Enqueues with the deduplication the API promises (one queued-or-running job per name and key):
 * a transaction-scoped lock on the key, a look for a live job, then the insert, on one connection.
 */
async function sendJob(
  boss: PgBoss,
  pool: pg.Pool,
  definitions: ReadonlyMap<string, JobDefinition>,
  name: string,
  data: unknown,
  options: SendOptions = {},
): Promise<string | null> {
  const definition = definitions.get(name);
  const sendOptions: PgBoss.SendOptions = {
    ...(definition ? retryOptions(definition) : {}),
    ...(options.startAfter !== undefined ? { startAfter: options.startAfter } : {}),
  };
  const payload = (data ?? {}) as object;
  if (!options.singletonKey) return boss.send(name, payload, sendOptions);
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock(hashtextextended($1, 16))', [
      `jobs:${name}:${options.singletonKey}`,
    ]);
    const live = await client.query(
      `select 1 from ${JOB_SCHEMA}.job
        where name = $1 and singleton_key = $2 and state < 'completed' limit 1`,
      [name, options.singletonKey],
    );
    const id =
      live.rowCount === 0
        ? await boss.send(name, payload, {
            ...sendOptions,
            singletonKey: options.singletonKey,
            db: { executeSql: (text, values) => client.query(text, values) },
          })
        : null;
    await client.query('commit');
    return id;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** What processes creating pg-boss's schema or queues at the same moment run into. */
const START_RACES = new Set(['23505', '42P06', '42P07', '42710', '40P01']);
const isStartRace = (error: unknown) => START_RACES.has((error as { code?: string }).code ?? '');

/** Runs `step` again (up to 5 times) when it lost such a race: the winner's work is then done. */
async function retryStartRace<T>(step: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await step();
    } catch (error) {
      if (!isStartRace(error) || attempt === 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt + Math.random() * 100));
    }
  }
}

/**
 * Starts a pg-boss instance. Processes starting together on a fresh database create its schema
 * at once and all but one may fail on the catalog (a duplicate schema): a failed instance cannot
 * be started again, so a new one tries after a moment and finds the schema made.
 */
async function startBoss(
  pool: pg.Pool,
  options: PgBoss.ConstructorOptions,
  logger: JobLogger,
): Promise<PgBoss> {
  for (let attempt = 1; ; attempt += 1) {
    const boss = createBoss(pool, options);
    boss.on('error', (error) => logger.error({ err: error }, 'erreur du planificateur de tâches'));
    try {
      await boss.start();
      return boss;
    } catch (error) {
      if (!isStartRace(error) || attempt === 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}

/**
 * Starts pg-boss on the application's pool: creates each job's queue with its retry policy,
 * schedules the recurring ones (pg-boss keeps one run per tick across every instance) and, unless
 * `work: false`, works them. Schedules of jobs no longer defined are removed.
 */
export async function startJobs(
  pool: pg.Pool,
  jobs: readonly JobDefinition[],
  logger: JobLogger,
  options: StartJobsOptions = {},
): Promise<JobQueue> {
  const work = options.work ?? true;
  const boss = await startBoss(pool, { schedule: work, supervise: work }, logger);
  const definitions = new Map(jobs.map((job) => [job.name, job]));
  /** The ids of this process's workers of each job (notified when one is sent). */
  const workers = new Map<string, string[]>();
  // Only what is missing or changed is written: processes starting together on a made schema
  // read the queues once instead of each taking pg-boss's lock for every queue.
  const stored = new Map((await boss.getQueues()).map((queue) => [queue.name, queue]));
  for (const job of jobs) {
    const wanted = retryOptions(job);
    const queue = stored.get(job.name);
    if (!queue) {
      await retryStartRace(() => boss.createQueue(job.name, { name: job.name, ...wanted }));
    } else if (!sameOptions(queue, wanted)) {
      await boss.updateQueue(job.name, { name: job.name, ...wanted });
    }
  }
  if (work) {
    for (const schedule of await boss.getSchedules()) {
      if (!definitions.get(schedule.name)?.schedule) await boss.unschedule(schedule.name);
    }
    for (const job of jobs) {
      if (job.schedule) {
        await boss.schedule(
          job.name,
          job.schedule.cron,
          {},
          {
            tz: job.schedule.tz ?? DEFAULT_TIME_ZONE,
            ...retryOptions(job),
          },
        );
      }
      const workOptions = {
        batchSize: job.batchSize ?? 1,
        includeMetadata: true as const,
        pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
      };
      const lanes: string[] = [];
      const wake = () => lanes.forEach((id) => boss.notifyWorker(id));
      for (let lane = 0; lane < Math.max(1, job.concurrency ?? 1); lane += 1) {
        lanes.push(await boss.work(job.name, workOptions, handlerOf(boss, job, logger, wake)));
      }
      workers.set(job.name, lanes);
    }
  }
  logger.info({ jobs: jobs.map((job) => job.name), work }, 'tâches démarrées');
  return {
    send: async (name, data, sendOptions) => {
      const id = await sendJob(boss, pool, definitions, name, data, sendOptions);
      // A job sent to start now is fetched at once by this process's idle workers, not at their next poll.
      if (id && sendOptions?.startAfter === undefined) {
        for (const worker of workers.get(name) ?? []) boss.notifyWorker(worker);
      }
      return id;
    },
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 5_000 }),
  };
}
