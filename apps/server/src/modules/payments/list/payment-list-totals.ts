import { addDays, utcDay, utcMidnight } from '@ecolage/contracts';
import type { DbOrTx } from '../../../platform/db/database';
import { succeededStatuses } from './payment-figures.repository';
import { countPayments, refundsFingerprint, type PaymentListScope } from './payment-list.reads';

/** Payments older than this never change what the list's filters see, refunds aside. */
const SETTLED_AFTER_DAYS = 7;
/** Totals kept per instance: a few per school and filter combination, renewed daily. */
const MAX_ENTRIES = 2_000;

/**
 * The pager's exact total without counting half a million rows on every page view (see
 * docs/architecture.md, « Paiements »). A school's payments older than a week are settled: a
 * payment is never deleted, its date, provider, wallet and claims never change, and its state no longer
 * moves — the reconciliation gives up within the payer's deadline plus the 72 h late-success
 * watch — except through a refund. So the total is the count of settled payments, counted once
 * per day and filter by each instance and kept here (with the school's refunds' fingerprint when
 * the filter is a success state), plus the count of the last week's payments, read each time from
 * the indexes. Student searches are counted in full each time: a student's payments are few, and
 * a renamed student changes what a search matches.
 */
export class PaymentListTotals {
  private readonly settled = new Map<string, number>();

  async count(db: DbOrTx, scope: PaymentListScope, now: Date): Promise<number> {
    if (scope.claims) return countPayments(db, scope);
    const boundary = settledBoundary(now);
    const [recent, key] = await Promise.all([
      countPayments(db, scope, { from: boundary }),
      this.keyOf(db, scope, boundary),
    ]);
    let settled = this.settled.get(key);
    if (settled === undefined) {
      settled = await countPayments(db, scope, { before: boundary });
      this.remember(key, settled);
    }
    return settled + recent;
  }

  private async keyOf(db: DbOrTx, scope: PaymentListScope, boundary: Date) {
    // A refund moves a payment between the success states, whatever its age.
    const refunds =
      scope.status && succeededStatuses.includes(scope.status)
        ? await refundsFingerprint(db, scope.organizationId)
        : '';
    return [
      scope.organizationId,
      boundary.toISOString(),
      scope.status ?? '',
      scope.psp ?? '',
      scope.from ?? '',
      scope.to ?? '',
      scope.timeZone,
      refunds,
    ].join('|');
  }

  private remember(key: string, value: number) {
    if (this.settled.size >= MAX_ENTRIES) {
      // Oldest first: a Map iterates in insertion order.
      const oldest = this.settled.keys().next().value;
      if (oldest !== undefined) this.settled.delete(oldest);
    }
    this.settled.set(key, value);
  }
}

/** Midnight UTC a week ago: moves once a day, so a day's page views share their counts. */
function settledBoundary(now: Date): Date {
  return utcMidnight(addDays(utcDay(now), -SETTLED_AFTER_DAYS));
}
