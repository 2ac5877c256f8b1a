import type { DbOrTx } from '../../../platform/db/database';
import { channelsOfAttempts } from '../../public';
import { changesSince, succeededAttemptIds } from './payment-slices.reads';
import {
  bumpStatisticsVersion,
  clearPaymentFacts,
  deferCollectionMonths,
  findWatermarks,
  lockSchoolStatistics,
  rebuildSchoolMonths,
  replacePaymentFacts,
  replaceReceivableDays,
  safeWatermark,
  saveWatermarks,
} from './rollups.repository';

/** Payments rebuilt per statement: a full rebuild of 500,000 goes by batches of this size. */
const BATCH = 5_000;

/**
 * Deletes and re-inserts these payments' slices (`collection_facts`; the months follow by
 * trigger), by batches of set-based statements, in one transaction (a savepoint in the caller's).
 * Idempotent. Returns the slices written.
 */
export async function rebuildPaymentFacts(
  db: DbOrTx,
  organizationId: string,
  attemptIds: readonly string[],
): Promise<number> {
  const unique = [...new Set(attemptIds)];
  if (unique.length === 0) return 0;
  return db.transaction(async (tx) => {
    let written = 0;
    for (let start = 0; start < unique.length; start += BATCH) {
      const batch = unique.slice(start, start + BATCH);
      const channels = await channelsOfAttempts(tx, organizationId, batch);
      written += await replacePaymentFacts(tx, organizationId, batch, channels);
    }
    await bumpStatisticsVersion(tx, organizationId);
    return written;
  });
}

/** Rebuilds the school's receivable rows of these due days, or all of them. Idempotent. */
export async function rebuildReceivableDays(
  db: DbOrTx,
  organizationId: string,
  dueDays: readonly string[] | 'all',
): Promise<void> {
  await replaceReceivableDays(
    db,
    organizationId,
    dueDays === 'all' ? 'all' : [...new Set(dueDays)],
  );
  await bumpStatisticsVersion(db, organizationId);
}

export interface RefreshOutcome {
  /** `full` the first time (everything built), else `incremental`. */
  kind: 'full' | 'incremental';
  payments: number;
  slices: number;
  receivables: boolean;
}

/**
 * Brings the school's rollups up to date, under its lock (two refreshes never interleave; the
 * second waits, then finds little left to do). The first time, everything is built; then only
 * what changed since the watermarks: payments changed or refunded, the payments of an invoice or
 * of a student that changed (a birth date, a programme), and the receivables when an invoice or
 * a student changed. `now` is noted as the refresh's time.
 */
export async function refreshStatistics(
  db: DbOrTx,
  organizationId: string,
  now: Date,
): Promise<RefreshOutcome> {
  return db.transaction(async (tx) => {
    await lockSchoolStatistics(tx, organizationId);
    const through = await safeWatermark(tx);
    const marks = await findWatermarks(tx, organizationId);
    const since =
      marks?.paymentsThrough && marks.invoicesThrough
        ? new Date(Math.min(marks.paymentsThrough.getTime(), marks.invoicesThrough.getTime()))
        : null;
    let outcome: RefreshOutcome;
    if (!since) {
      // The slices go in with the months' triggers off, then the months are summed at once.
      await deferCollectionMonths(tx, true);
      await clearPaymentFacts(tx, organizationId);
      let payments = 0;
      let slices = 0;
      for (let after: string | null = null; ;) {
        const ids = await succeededAttemptIds(tx, organizationId, after, BATCH);
        if (ids.length === 0) break;
        const channels = await channelsOfAttempts(tx, organizationId, ids);
        slices += await replacePaymentFacts(tx, organizationId, ids, channels);
        payments += ids.length;
        after = ids[ids.length - 1]!;
      }
      await deferCollectionMonths(tx, false);
      await rebuildSchoolMonths(tx, organizationId);
      await replaceReceivableDays(tx, organizationId, 'all');
      outcome = { kind: 'full', payments, slices, receivables: true };
    } else {
      const changes = await changesSince(tx, organizationId, since);
      const slices = await rebuildPaymentFacts(tx, organizationId, changes.attemptIds);
      if (changes.receivablesChanged) await replaceReceivableDays(tx, organizationId, 'all');
      outcome = {
        kind: 'incremental',
        payments: changes.attemptIds.length,
        slices,
        receivables: changes.receivablesChanged,
      };
    }
    await saveWatermarks(tx, organizationId, through, now);
    return outcome;
  });
}
