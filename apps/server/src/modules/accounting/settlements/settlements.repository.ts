import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Transaction } from '../../../platform/db/database';
import {
  paymentSettlements,
  settlementVolumes,
  type NewPaymentSettlement,
  type PaymentSettlementRow,
} from './settlements.tables';

/** The school's cumulative online gross, its row locked until commit (created at 0 the first time). */
export async function lockSettlementVolume(tx: Transaction, organizationId: string) {
  await tx
    .insert(settlementVolumes)
    .values({ organizationId, onlineGross: 0 })
    .onConflictDoNothing();
  const [row] = await tx
    .select({ onlineGross: settlementVolumes.onlineGross })
    .from(settlementVolumes)
    .where(eq(settlementVolumes.organizationId, organizationId))
    .for('update');
  return row?.onlineGross ?? 0;
}

export async function addSettlementVolume(tx: Transaction, organizationId: string, gross: number) {
  await tx
    .update(settlementVolumes)
    .set({ onlineGross: sql`${settlementVolumes.onlineGross} + ${gross}`, updatedAt: new Date() })
    .where(eq(settlementVolumes.organizationId, organizationId));
}

/** Inserts a line unless its payment (or refund) already has one; the row written, or undefined. */
export async function insertSettlement(
  tx: Transaction,
  line: NewPaymentSettlement,
): Promise<PaymentSettlementRow | undefined> {
  const [row] = await tx.insert(paymentSettlements).values(line).onConflictDoNothing().returning();
  return row;
}

export async function findPaymentSettlement(
  db: DbOrTx,
  organizationId: string,
  paymentId: string,
): Promise<PaymentSettlementRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentSettlements)
    .where(
      and(
        eq(paymentSettlements.organizationId, organizationId),
        eq(paymentSettlements.paymentId, paymentId),
        eq(paymentSettlements.kind, 'payment'),
      ),
    );
  return row;
}

export async function findRefundSettlement(
  db: DbOrTx,
  organizationId: string,
  refundId: string,
): Promise<PaymentSettlementRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentSettlements)
    .where(
      and(
        eq(paymentSettlements.organizationId, organizationId),
        eq(paymentSettlements.refundId, refundId),
        eq(paymentSettlements.kind, 'refund'),
      ),
    );
  return row;
}

/** What the refunds of a payment settled so far add up to (gross and commission are ≤ 0). */
export async function sumRefundSettlements(
  tx: Transaction,
  organizationId: string,
  paymentId: string,
): Promise<{ gross: number; commission: number }> {
  const [row] = await tx
    .select({
      gross: sql<string>`coalesce(sum(${paymentSettlements.gross}), 0)`,
      commission: sql<string>`coalesce(sum(${paymentSettlements.commission}), 0)`,
    })
    .from(paymentSettlements)
    .where(
      and(
        eq(paymentSettlements.organizationId, organizationId),
        eq(paymentSettlements.paymentId, paymentId),
        eq(paymentSettlements.kind, 'refund'),
      ),
    );
  return { gross: Number(row?.gross ?? 0), commission: Number(row?.commission ?? 0) };
}
