import type { Database } from '../../../platform/db/database';
import { schoolsBehind } from './payment-slices.reads';
import { refreshStatistics } from './refresh-statistics.service';

/**
 * Refreshes every school whose rollups are behind, each in its own transaction (one failing
 * school holds back none of the others). Returns the counts.
 */
export async function refreshBehindSchools(
  db: Database,
  now: Date,
): Promise<{ refreshed: number; failed: number }> {
  let refreshed = 0;
  let failed = 0;
  for (const organizationId of await schoolsBehind(db)) {
    try {
      await refreshStatistics(db, organizationId, now);
      refreshed += 1;
    } catch {
      failed += 1;
    }
  }
  return { refreshed, failed };
}
