import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { invoiceLines } from '../billing.tables';

export interface CouponLine {
  invoiceId: string;
  label: string;
  /** Negative: what the coupon took off the invoice. */
  amount: number;
}

/**
 * The coupon lines of some invoices of a school, oldest first: what the payer's pages show under
 * each invoice (« Coupon RENTREE-2026 (−10 %) −5 000 FCFA »). One indexed read for the page.
 */
export async function findCouponLines(
  db: DbOrTx,
  organizationId: string,
  invoiceIds: readonly string[],
): Promise<CouponLine[]> {
  const wanted = [...new Set(invoiceIds)];
  if (wanted.length === 0) return [];
  return db
    .select({
      invoiceId: invoiceLines.invoiceId,
      label: invoiceLines.label,
      amount: invoiceLines.amount,
    })
    .from(invoiceLines)
    .where(
      and(
        eq(invoiceLines.organizationId, organizationId),
        inArray(invoiceLines.invoiceId, wanted),
        eq(invoiceLines.kind, 'coupon'),
      ),
    )
    .orderBy(asc(invoiceLines.createdAt), asc(invoiceLines.id));
}
