// The composition root's list of jobs (pg-boss, platform/jobs): each module defines its jobs, and
// they are registered here, in one place, by main.ts. A module adding a job adds one line here.
import type { Database } from '../platform/db/database';
import type { JobDefinition } from '../platform/jobs/jobs';
import { lateFeesJob } from '../modules/billing';

export interface JobDependencies {
  db: Database;
  /** The background worker's jobs (payments reconciliation and queue sweep, events). */
  workerJobs: readonly JobDefinition[];
}

/** Every job the application runs, scheduled or sent. */
export function applicationJobs(dependencies: JobDependencies): JobDefinition[] {
  return [...dependencies.workerJobs, lateFeesJob(dependencies.db)];
}
