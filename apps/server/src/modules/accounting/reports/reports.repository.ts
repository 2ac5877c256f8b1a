import { and, asc, eq, gte, lte, sql, type AnyColumn } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { payouts } from '../payouts/payouts.tables';
import { paymentSettlements } from '../settlements/settlements.tables';

/** The settlement lines of a period summed per provider and wallet (refund lines deduct). */
export interface CollectionTotals {
  provider: string;
  wallet: string;
  /** Payments less refunds: refund lines count −1. */
  payments: number;
  refunds: number;
  gross: number;
  commission: number;
  providerFee: number;
  net: number;
}

/** Σ of the school's settlement lines whose day lies in [from, to], per provider and wallet. */
export function collectionTotals(
  db: DbOrTx,
  organizationId: string,
  period: { from: string; to: string },
): Promise<CollectionTotals[]> {
  const sum = (column: AnyColumn) =>
    sql<number>`coalesce(sum(${column}), 0)::bigint`.mapWith(Number);
  return db
    .select({
      provider: paymentSettlements.provider,
      wallet: paymentSettlements.wallet,
      payments:
        sql<number>`count(*) filter (where ${paymentSettlements.kind} = 'payment')::int`.mapWith(
          Number,
        ),
      refunds:
        sql<number>`count(*) filter (where ${paymentSettlements.kind} = 'refund')::int`.mapWith(
          Number,
        ),
      gross: sum(paymentSettlements.gross),
      commission: sum(paymentSettlements.commission),
      providerFee: sum(paymentSettlements.providerFee),
      net: sum(paymentSettlements.net),
    })
    .from(paymentSettlements)
    .where(
      and(
        eq(paymentSettlements.organizationId, organizationId),
        gte(paymentSettlements.day, period.from),
        lte(paymentSettlements.day, period.to),
      ),
    )
    .groupBy(paymentSettlements.provider, paymentSettlements.wallet)
    .orderBy(asc(paymentSettlements.provider), asc(paymentSettlements.wallet));
}

/** The payouts scheduled for a day in [from, to], in that order (then by reference). */
export function payoutsOfPeriod(
  db: DbOrTx,
  organizationId: string,
  period: { from: string; to: string },
) {
  return db
    .select({
      reference: payouts.reference,
      status: payouts.status,
      scheduledFor: payouts.scheduledFor,
      periodStart: payouts.periodStart,
      periodEnd: payouts.periodEnd,
      paymentCount: payouts.paymentCount,
      gross: payouts.gross,
      commission: payouts.commission,
      providerFee: payouts.providerFee,
      net: payouts.net,
      transferId: payouts.transferId,
      sentAt: payouts.sentAt,
      paidAt: payouts.paidAt,
      valueDate: payouts.valueDate,
    })
    .from(payouts)
    .where(
      and(
        eq(payouts.organizationId, organizationId),
        gte(payouts.scheduledFor, period.from),
        lte(payouts.scheduledFor, period.to),
      ),
    )
    .orderBy(asc(payouts.scheduledFor), asc(payouts.reference));
}
