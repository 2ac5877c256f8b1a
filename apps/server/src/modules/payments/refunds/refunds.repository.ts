import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { paymentRefunds, type PaymentRefundRow } from '../payments.tables';

export type NewRefund = typeof paymentRefunds.$inferInsert;

export async function insertRefund(db: DbOrTx, refund: NewRefund): Promise<PaymentRefundRow> {
  const [row] = await db.insert(paymentRefunds).values(refund).returning();
  return row!;
}

/** Locks one refund until the transaction ends: it is completed once. */
export async function lockRefund(db: DbOrTx, refundId: string) {
  const [row] = await db
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.id, refundId))
    .for('update');
  return row;
}

export async function updateRefund(
  db: DbOrTx,
  refundId: string,
  changes: Partial<Omit<NewRefund, 'id' | 'organizationId' | 'attemptId'>>,
): Promise<PaymentRefundRow> {
  const [row] = await db
    .update(paymentRefunds)
    .set(changes)
    .where(eq(paymentRefunds.id, refundId))
    .returning();
  return row!;
}

/** A payment's refunds, oldest first. */
export async function findPaymentRefunds(db: DbOrTx, organizationId: string, attemptId: string) {
  return db
    .select()
    .from(paymentRefunds)
    .where(
      and(
        eq(paymentRefunds.organizationId, organizationId),
        eq(paymentRefunds.attemptId, attemptId),
      ),
    )
    .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id));
}

/** Any school's refund by id (the poller names a refund, not a school). */
export async function findRefund(db: DbOrTx, refundId: string) {
  const [row] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.id, refundId));
  return row;
}

/** Pending refunds whose provider is due to be asked again, soonest first. */
export async function findDueRefunds(db: DbOrTx, now: Date, limit: number) {
  return db
    .select()
    .from(paymentRefunds)
    .where(
      and(
        eq(paymentRefunds.status, 'pending'),
        isNotNull(paymentRefunds.nextCheckAt),
        lte(paymentRefunds.nextCheckAt, now),
      ),
    )
    .orderBy(asc(paymentRefunds.nextCheckAt))
    .limit(limit);
}
