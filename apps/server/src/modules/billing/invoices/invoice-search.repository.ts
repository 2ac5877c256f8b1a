import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { invoices } from '../billing.tables';

export interface InvoiceSearchRow {
  id: string;
  number: string;
  studentId: string;
  total: number;
  status: 'draft' | 'open' | 'partially_paid' | 'paid' | 'void';
}

/**
 * Up to `limit` issued invoices of the school whose number starts with `prefix` (`ST-2026-00`), in
 * number order (the typed number whole comes first): index `invoices_organization_number_prefix_idx`,
 * in byte order whatever the database's collation.
 */
export async function searchInvoicesByNumber(
  db: DbOrTx,
  organizationId: string,
  prefix: string,
  limit: number,
): Promise<InvoiceSearchRow[]> {
  const pattern = `${prefix.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const rows = await db
    .select({
      id: invoices.id,
      number: invoices.number,
      studentId: invoices.studentId,
      total: invoices.total,
      status: invoices.status,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.organizationId, organizationId),
        sql`${invoices.number} collate "C" like ${pattern}`,
      ),
    )
    .orderBy(sql`${invoices.number} collate "C"`)
    .limit(limit);
  return rows.map((row) => ({ ...row, number: row.number ?? '' }));
}
