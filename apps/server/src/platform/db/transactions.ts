import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from './database';
import { isConcurrencyFailure } from './errors';

/** Runs of one transaction in all when PostgreSQL keeps aborting it (then the caller sees 409). */
export const TRANSACTION_ATTEMPTS = 4;

/** A short random pause before running again, so that the two sides of a deadlock do not meet again. */
function backoffMs(attempt: number): number {
  return Math.round((10 + Math.random() * 40) * 2 ** (attempt - 1));
}

/**
 * Makes every top-level `db.transaction(…)` of this client run again, a bounded number of times,
 * when PostgreSQL aborts it for a deadlock (40P01) or a serialization failure (40001): both say
 * « nothing was written, try again ». Savepoints (`tx.transaction`) are not retried on their own:
 * the failure aborts the whole transaction, which is what runs again. Its work must be safe to run
 * again, as it is when the caller (or the next pass of a job) does: the aborted writes are gone.
 */
export function retryConcurrencyFailures(db: Database): Database {
  const transaction = db.transaction.bind(db);
  const retrying: Database['transaction'] = async (run, config) => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await transaction(run, config);
      } catch (error) {
        if (!isConcurrencyFailure(error) || attempt >= TRANSACTION_ATTEMPTS) throw error;
        await sleep(backoffMs(attempt));
      }
    }
  };
  db.transaction = retrying;
  return db;
}
