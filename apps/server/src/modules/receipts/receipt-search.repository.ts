import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { receipts } from './receipts.tables';

export interface ReceiptSearchRow {
  id: string;
  number: string;
  paymentId: string;
  amount: number;
  payerName: string;
  issuedAt: Date;
}

/**
 * Up to `limit` receipts of the school whose number starts with `prefix` (`REC-2026-0001`), in
 * number order (the typed number whole comes first): index `receipts_organization_number_prefix_idx`.
 */
export async function searchReceiptsByNumber(
  db: DbOrTx,
  organizationId: string,
  prefix: string,
  limit: number,
): Promise<ReceiptSearchRow[]> {
  const pattern = `${prefix.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return db
    .select({
      id: receipts.id,
      number: receipts.number,
      paymentId: receipts.paymentId,
      amount: receipts.amount,
      payerName: sql<string>`coalesce(${receipts.content}->'payer'->>'name', '')`,
      issuedAt: receipts.issuedAt,
    })
    .from(receipts)
    .where(
      and(
        eq(receipts.organizationId, organizationId),
        sql`${receipts.number} collate "C" like ${pattern}`,
      ),
    )
    .orderBy(sql`${receipts.number} collate "C"`)
    .limit(limit);
}
