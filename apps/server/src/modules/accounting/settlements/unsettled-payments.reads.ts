import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { paymentAttempts, paymentRefunds } from '../../payments/payments.tables';
import { paymentSettlements } from './settlements.tables';

/** Statuses of a payment whose money arrived (refunded or not since). */
const SUCCEEDED = ['succeeded', 'refund_pending', 'refunded', 'partially_refunded'] as const;

/** What a settlement line is computed from: the payment as payments recorded it. */
export async function findPaymentForSettlement(
  db: DbOrTx,
  organizationId: string,
  paymentId: string,
) {
  const [row] = await db
    .select({
      id: paymentAttempts.id,
      organizationId: paymentAttempts.organizationId,
      provider: paymentAttempts.provider,
      wallet: paymentAttempts.wallet,
      amount: paymentAttempts.amount,
      status: paymentAttempts.status,
      succeededAt: paymentAttempts.succeededAt,
      providerRef: paymentAttempts.providerRef,
    })
    .from(paymentAttempts)
    .where(
      and(eq(paymentAttempts.organizationId, organizationId), eq(paymentAttempts.id, paymentId)),
    );
  return row;
}

/** A refund as payments recorded it (only a succeeded one is settled). */
export async function findRefundForSettlement(
  db: DbOrTx,
  organizationId: string,
  refundId: string,
) {
  const [row] = await db
    .select({
      id: paymentRefunds.id,
      paymentId: paymentRefunds.attemptId,
      amount: paymentRefunds.amount,
      status: paymentRefunds.status,
      completedAt: paymentRefunds.completedAt,
    })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.organizationId, organizationId), eq(paymentRefunds.id, refundId)));
  return row;
}

/**
 * Succeeded payments without their settlement line (before this feature, the demo seed, a
 * handler that died), oldest first: the sweep settles them in the order they were collected.
 */
export async function findUnsettledPayments(db: DbOrTx, limit: number) {
  return db
    .select({ organizationId: paymentAttempts.organizationId, paymentId: paymentAttempts.id })
    .from(paymentAttempts)
    .leftJoin(
      paymentSettlements,
      and(
        eq(paymentSettlements.organizationId, paymentAttempts.organizationId),
        eq(paymentSettlements.paymentId, paymentAttempts.id),
        eq(paymentSettlements.kind, 'payment'),
      ),
    )
    .where(
      and(
        inArray(paymentAttempts.status, [...SUCCEEDED]),
        isNotNull(paymentAttempts.succeededAt),
        isNull(paymentSettlements.id),
      ),
    )
    .orderBy(asc(paymentAttempts.succeededAt), asc(paymentAttempts.id))
    .limit(limit);
}

/** Succeeded refunds without their settlement line, oldest first. */
export async function findUnsettledRefunds(db: DbOrTx, limit: number) {
  return db
    .select({ organizationId: paymentRefunds.organizationId, refundId: paymentRefunds.id })
    .from(paymentRefunds)
    .leftJoin(
      paymentSettlements,
      and(
        eq(paymentSettlements.organizationId, paymentRefunds.organizationId),
        eq(paymentSettlements.refundId, paymentRefunds.id),
        eq(paymentSettlements.kind, 'refund'),
      ),
    )
    .where(and(eq(paymentRefunds.status, 'succeeded'), isNull(paymentSettlements.id)))
    .orderBy(sql`${paymentRefunds.completedAt} asc nulls last`, asc(paymentRefunds.id))
    .limit(limit);
}
