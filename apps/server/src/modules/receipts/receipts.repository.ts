import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { receipts } from './receipts.tables';

export interface ReceiptRef {
  paymentId: string;
  id: string;
  number: string;
}

/** The receipts of these payments (those issued so far), by payment id. */
export async function findReceiptsOfPayments(
  db: DbOrTx,
  organizationId: string,
  paymentIds: string[],
): Promise<Map<string, ReceiptRef>> {
  if (paymentIds.length === 0) return new Map();
  const rows = await db
    .select({ paymentId: receipts.paymentId, id: receipts.id, number: receipts.number })
    .from(receipts)
    .where(
      and(eq(receipts.organizationId, organizationId), inArray(receipts.paymentId, paymentIds)),
    );
  return new Map(rows.map((row) => [row.paymentId, row]));
}
