import { finalPaymentStatuses, type PaymentStatusValue } from '@ecolage/contracts';
import { and, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { paymentAttempts, paymentRefunds } from '../payments.tables';

/** A succeeded payment stays one through its refunds. */
export const succeededStatuses: readonly PaymentStatusValue[] = [
  'succeeded',
  'refund_pending',
  'refunded',
  'partially_refunded',
];

/**
 * Money the school received between two instants: the payments that succeeded then (the cash
 * desk's included, born succeeded) less the refunds completed then.
 */
export async function sumCollected(
  db: DbOrTx,
  organizationId: string,
  since: Date,
  before: Date,
): Promise<number> {
  const [[received], [refunded]] = await Promise.all([
    db
      .select({ total: sql<number>`coalesce(sum(${paymentAttempts.amount}), 0)`.mapWith(Number) })
      .from(paymentAttempts)
      .where(
        and(
          eq(paymentAttempts.organizationId, organizationId),
          isNotNull(paymentAttempts.succeededAt),
          gte(paymentAttempts.succeededAt, since),
          lt(paymentAttempts.succeededAt, before),
        ),
      ),
    db
      .select({ total: sql<number>`coalesce(sum(${paymentRefunds.amount}), 0)`.mapWith(Number) })
      .from(paymentRefunds)
      .where(
        and(
          eq(paymentRefunds.organizationId, organizationId),
          eq(paymentRefunds.status, 'succeeded'),
          gte(paymentRefunds.completedAt, since),
          lt(paymentRefunds.completedAt, before),
        ),
      ),
  ]);
  return (received?.total ?? 0) - (refunded?.total ?? 0);
}

/** Attempts made in a period that reached a final state, and how many of those succeeded. */
export interface AttemptOutcomes {
  attempted: number;
  succeeded: number;
}

/**
 * The outcomes of the attempts made between two instants. Attempts still waiting for the payer or
 * the provider are left out: they have not failed yet.
 */
export async function countAttemptOutcomes(
  db: DbOrTx,
  organizationId: string,
  since: Date,
  before: Date,
): Promise<AttemptOutcomes> {
  const rows = await db
    .select({ status: paymentAttempts.status, count: sql<number>`count(*)::int` })
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.organizationId, organizationId),
        inArray(paymentAttempts.status, [...finalPaymentStatuses]),
        gte(paymentAttempts.createdAt, since),
        lt(paymentAttempts.createdAt, before),
      ),
    )
    .groupBy(paymentAttempts.status);
  let attempted = 0;
  let succeeded = 0;
  for (const row of rows) {
    attempted += row.count;
    if (succeededStatuses.includes(row.status)) succeeded += row.count;
  }
  return { attempted, succeeded };
}

/** What one way of paying brought in a period. */
export interface CollectedByWallet {
  /** The wallet paid with online, or the desk's method (`CASH`, `CHEQUE`…). */
  wallet: string;
  amount: number;
  payments: number;
}

/**
 * The payments that succeeded between two instants (refunded since or not), by the wallet or the
 * desk's method they were paid with, largest first.
 */
export async function sumCollectedByWallet(
  db: DbOrTx,
  organizationId: string,
  since: Date,
  before: Date,
): Promise<CollectedByWallet[]> {
  const amount = sql<number>`coalesce(sum(${paymentAttempts.amount}), 0)`.mapWith(Number);
  return db
    .select({
      wallet: paymentAttempts.wallet,
      amount,
      payments: sql<number>`count(*)`.mapWith(Number),
    })
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.organizationId, organizationId),
        isNotNull(paymentAttempts.succeededAt),
        gte(paymentAttempts.succeededAt, since),
        lt(paymentAttempts.succeededAt, before),
      ),
    )
    .groupBy(paymentAttempts.wallet)
    .orderBy(sql`2 desc`, paymentAttempts.wallet);
}
