import { addDays } from '@ecolage/contracts';
import type { Transaction } from '../../../platform/db/database';
import { domainError } from '../../../platform/errors';
import type { LedgerPosting } from '../ledger.service';
import {
  closedThroughForPosting,
  findClosedThrough,
  insertPeriodClosure,
  lockPeriodsExclusive,
} from './periods.repository';
import type { LedgerPeriodClosureRow } from './periods.tables';

/** `2026-09-30` → `30/09/2026`. */
function frenchDay(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
}

/**
 * Postings dated in a closed period: an automatic one (payment, invoice, late fee, refund, void —
 * `onClosedPeriod` 'move', the default) is dated the first open day instead, its label saying so
 * (« (report : période close au 30/09/2026) »), so nothing breaks; an explicit one ('refuse')
 * is refused with 409 LEDGER_PERIOD_CLOSED. Reads each school's closure once, under its periods
 * lock (shared), so a closure cannot slip in between.
 */
export async function placeInOpenPeriod(
  tx: Transaction,
  postings: readonly LedgerPosting[],
): Promise<LedgerPosting[]> {
  const closedThrough = new Map<string, string | null>();
  for (const organizationId of new Set(postings.map((posting) => posting.organizationId))) {
    closedThrough.set(organizationId, await closedThroughForPosting(tx, organizationId));
  }
  return postings.map((posting) => {
    const closed = closedThrough.get(posting.organizationId);
    if (!closed || posting.entryDate > closed) return posting;
    if (posting.onClosedPeriod === 'refuse') {
      throw domainError('LEDGER_PERIOD_CLOSED', { closedThrough: closed });
    }
    return {
      ...posting,
      entryDate: addDays(closed, 1),
      label: `${posting.label} (report : période close au ${frenchDay(closed)})`,
    };
  });
}

/**
 * Closes the school's books through `through` (never backwards: 409 PERIOD_ALREADY_CLOSED),
 * under the periods lock (exclusive: postings in flight commit first). `assertReady` runs under
 * the lock with the current closure, for the caller's own conditions (an export covers it).
 */
export async function closeLedgerPeriod(
  tx: Transaction,
  closure: {
    organizationId: string;
    through: string;
    closedBy: string | null;
    closedByLabel: string;
  },
  assertReady: (current: string | null) => Promise<void>,
): Promise<{ closure: LedgerPeriodClosureRow; previous: string | null }> {
  await lockPeriodsExclusive(tx, closure.organizationId);
  const previous = await findClosedThrough(tx, closure.organizationId);
  if (previous && closure.through <= previous) {
    throw domainError('PERIOD_ALREADY_CLOSED', { closedThrough: previous });
  }
  await assertReady(previous);
  const row = await insertPeriodClosure(tx, {
    organizationId: closure.organizationId,
    closedThrough: closure.through,
    closedBy: closure.closedBy,
    closedByLabel: closure.closedByLabel,
  });
  return { closure: row, previous };
}
