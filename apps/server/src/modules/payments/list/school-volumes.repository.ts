import { and, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { paymentAttempts, paymentRefunds } from '../payments.tables';

/** Francs a school collected over two periods that end at the same instant. */
export interface SchoolVolume {
  /** Since `recentSince` (e.g. the 1st of the month). */
  recent: number;
  /** Since `since` (e.g. the 1st of January). */
  total: number;
}

/**
 * What each school collected — payments that succeeded (the desk's included) less refunds
 * completed — since two instants and before `before`, for the platform operator's list: one
 * grouped query per table for a page of schools, never one per school. `recentSince` must not be
 * before `since`. Schools with nothing get zeros.
 */
export async function collectedBySchools(
  db: DbOrTx,
  organizationIds: readonly string[],
  period: { since: Date; recentSince: Date; before: Date },
): Promise<Map<string, SchoolVolume>> {
  const volumes = new Map<string, SchoolVolume>(
    organizationIds.map((id) => [id, { recent: 0, total: 0 }]),
  );
  if (organizationIds.length === 0) return volumes;
  const ids = [...organizationIds];
  const [received, refunded] = await Promise.all([
    db
      .select({
        organizationId: paymentAttempts.organizationId,
        total: sql<number>`coalesce(sum(${paymentAttempts.amount}), 0)`.mapWith(Number),
        recent:
          sql<number>`coalesce(sum(${paymentAttempts.amount}) filter (where ${paymentAttempts.succeededAt} >= ${period.recentSince}), 0)`.mapWith(
            Number,
          ),
      })
      .from(paymentAttempts)
      .where(
        and(
          inArray(paymentAttempts.organizationId, ids),
          isNotNull(paymentAttempts.succeededAt),
          gte(paymentAttempts.succeededAt, period.since),
          lt(paymentAttempts.succeededAt, period.before),
        ),
      )
      .groupBy(paymentAttempts.organizationId),
    db
      .select({
        organizationId: paymentRefunds.organizationId,
        total: sql<number>`coalesce(sum(${paymentRefunds.amount}), 0)`.mapWith(Number),
        recent:
          sql<number>`coalesce(sum(${paymentRefunds.amount}) filter (where ${paymentRefunds.completedAt} >= ${period.recentSince}), 0)`.mapWith(
            Number,
          ),
      })
      .from(paymentRefunds)
      .where(
        and(
          inArray(paymentRefunds.organizationId, ids),
          eq(paymentRefunds.status, 'succeeded'),
          gte(paymentRefunds.completedAt, period.since),
          lt(paymentRefunds.completedAt, period.before),
        ),
      )
      .groupBy(paymentRefunds.organizationId),
  ]);
  for (const row of received) {
    const volume = volumes.get(row.organizationId);
    if (volume) Object.assign(volume, { recent: row.recent, total: row.total });
  }
  for (const row of refunded) {
    const volume = volumes.get(row.organizationId);
    if (!volume) continue;
    volume.recent -= row.recent;
    volume.total -= row.total;
  }
  return volumes;
}
