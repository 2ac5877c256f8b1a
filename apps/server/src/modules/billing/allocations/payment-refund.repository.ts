import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { invoiceAllocations } from '../billing.tables';

/** How much of an allocation a refund takes back. */
export interface TakeBack {
  allocationId: string;
  invoiceId: string;
  amount: number;
  /** The whole allocation: its row goes (an allocation is never zero). */
  whole: boolean;
}

/**
 * Takes money back off invoices: each allocation is reduced (or removed when taken whole), each
 * invoice's paid amount goes down and the invoice is open or partly paid again. The invoices must
 * have been locked (`lockAllocationsOf`).
 */
export async function takeBackAllocations(
  db: DbOrTx,
  organizationId: string,
  takes: readonly TakeBack[],
): Promise<void> {
  if (takes.length === 0) return;
  for (const take of takes) {
    const mine = and(
      eq(invoiceAllocations.organizationId, organizationId),
      eq(invoiceAllocations.id, take.allocationId),
    );
    if (take.whole) await db.delete(invoiceAllocations).where(mine);
    else {
      await db
        .update(invoiceAllocations)
        .set({ amount: sql`${invoiceAllocations.amount} - ${take.amount}` })
        .where(mine);
    }
  }
  const perInvoice = new Map<string, number>();
  for (const { invoiceId, amount } of takes) {
    perInvoice.set(invoiceId, (perInvoice.get(invoiceId) ?? 0) + amount);
  }
  const invoiceIds = [...perInvoice.keys()];
  const moved = await db.execute<{ id: string }>(sql`
    update invoices set paid = invoices.paid - back.amount,
      status = case when invoices.paid - back.amount = 0 then 'open' else 'partially_paid' end,
      updated_at = now()
    from unnest(${sql.param(invoiceIds)}::uuid[],
      ${sql.param(invoiceIds.map((id) => perInvoice.get(id)!))}::bigint[]) as back(id, amount)
    where invoices.organization_id = ${organizationId} and invoices.id = back.id
      and invoices.status in ('partially_paid', 'paid') and invoices.paid >= back.amount
    returning invoices.id`);
  if (moved.rows.length !== invoiceIds.length) {
    throw new RangeError('refund above what an invoice was paid');
  }
}
