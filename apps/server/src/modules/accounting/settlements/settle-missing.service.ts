import type { Database } from '../../../platform/db/database';
import { settlePayment, settleRefund } from './settle-payment.service';
import { findUnsettledPayments, findUnsettledRefunds } from './unsettled-payments.reads';

const BATCH = 500;

/**
 * Settles every succeeded payment, then every succeeded refund, that has no line yet, each in its
 * own transaction (one failing payment holds back none of the others). Returns the counts.
 */
export async function settleMissing(
  db: Database,
): Promise<{ payments: number; refunds: number; failed: number }> {
  let payments = 0;
  let refunds = 0;
  let failed = 0;
  const skipped = new Set<string>();
  for (;;) {
    const batch = (await findUnsettledPayments(db, BATCH + skipped.size)).filter(
      (row) => !skipped.has(row.paymentId),
    );
    if (batch.length === 0) break;
    for (const row of batch) {
      try {
        const line = await db.transaction((tx) =>
          settlePayment(tx, row.organizationId, row.paymentId),
        );
        if (line) payments += 1;
        else skipped.add(row.paymentId);
      } catch {
        failed += 1;
        skipped.add(row.paymentId);
      }
    }
    if (batch.length < BATCH) break;
  }
  const refundBatch = await findUnsettledRefunds(db, 10_000);
  for (const row of refundBatch) {
    try {
      const line = await db.transaction((tx) => settleRefund(tx, row.organizationId, row.refundId));
      if (line) refunds += 1;
    } catch {
      failed += 1;
    }
  }
  return { payments, refunds, failed };
}
