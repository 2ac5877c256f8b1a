import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { familyCreditMovements } from '../billing.tables';

export interface CreditMovementInput {
  guardianId: string;
  amount: number;
  sourceType: 'payment' | 'allocation';
  sourceId: string;
}

export async function insertCreditMovements(
  db: DbOrTx,
  organizationId: string,
  movements: readonly CreditMovementInput[],
) {
  if (movements.length === 0) return;
  await db
    .insert(familyCreditMovements)
    .values(movements.map((movement) => ({ organizationId, ...movement })));
}

export async function insertCreditMovement(
  db: DbOrTx,
  organizationId: string,
  movement: CreditMovementInput,
) {
  await insertCreditMovements(db, organizationId, [movement]);
}

/** The credit a payment left (0 when it all went to invoices). */
export async function findPaymentCredit(db: DbOrTx, organizationId: string, paymentId: string) {
  const [row] = await db
    .select({ amount: familyCreditMovements.amount })
    .from(familyCreditMovements)
    .where(
      and(
        eq(familyCreditMovements.organizationId, organizationId),
        eq(familyCreditMovements.sourceType, 'payment'),
        eq(familyCreditMovements.sourceId, paymentId),
      ),
    );
  return row?.amount ?? 0;
}

/** Each guardian's credit by billing's record (non-zero only). */
export async function creditByGuardian(db: DbOrTx, organizationId: string) {
  const rows = await db
    .select({
      guardianId: familyCreditMovements.guardianId,
      credit: sql<number>`sum(${familyCreditMovements.amount})`.mapWith(Number),
    })
    .from(familyCreditMovements)
    .where(eq(familyCreditMovements.organizationId, organizationId))
    .groupBy(familyCreditMovements.guardianId)
    .having(sql`sum(${familyCreditMovements.amount}) <> 0`);
  return new Map(rows.map((row) => [row.guardianId, row.credit]));
}
