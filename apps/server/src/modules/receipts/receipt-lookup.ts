import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { receipts } from './receipts.tables';

/** The receipt of a payment as the payment's timeline shows it. */
export interface ReceiptSummary {
  id: string;
  number: string;
  issuedAt: Date;
  /** The public verification page (`/verifier/<code>`), as printed on the receipt. */
  verificationUrl: string;
}

/** The receipt of one payment, once issued; undefined before. */
export async function findReceiptSummary(
  db: DbOrTx,
  organizationId: string,
  paymentId: string,
): Promise<ReceiptSummary | undefined> {
  const [row] = await db
    .select({
      id: receipts.id,
      number: receipts.number,
      issuedAt: receipts.issuedAt,
      verificationUrl: sql<string>`${receipts.content}->>'verificationUrl'`,
    })
    .from(receipts)
    .where(and(eq(receipts.organizationId, organizationId), eq(receipts.paymentId, paymentId)));
  return row;
}
