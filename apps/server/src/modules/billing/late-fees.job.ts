import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/db/database';
import { applyLateFees, schoolsWithLateFees } from './late-fees.service';

const HOUR = 60 * 60 * 1000;

/**
 * The daily late-fee job, run every hour (a missed night is caught up the next hour; running it
 * again the same month adds nothing, so several server instances may run it side by side).
 * Returns the function that stops it.
 */
export function scheduleLateFees(db: Database, logger: FastifyBaseLogger): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      for (const organizationId of await schoolsWithLateFees(db)) {
        const result = await applyLateFees(db, organizationId);
        if (result.invoices > 0)
          logger.info({ organizationId, ...result }, 'pénalités de retard appliquées');
      }
    } catch (error) {
      logger.error({ err: error }, 'échec de la tâche des pénalités de retard');
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void run(), 30_000);
  const timer = setInterval(() => void run(), HOUR);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
