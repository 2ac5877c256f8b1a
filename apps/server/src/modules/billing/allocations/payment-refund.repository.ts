import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { students } from '../../students';
import { invoiceAllocations, invoices } from '../billing.tables';
import { studentOfInvoice } from '../invoices/invoices.repository';

/** Money applied to an invoice that a refund may take back. */
export interface AllocationHeld {
  allocationId: string;
  invoiceId: string;
  studentId: string;
  matricule: string;
  amount: number;
}

/**
 * The allocations of one source — a payment's own (`payment`, its id) or a guardian's credit
 * (`credit`, the guardian's id) — newest first, the order a refund takes them back in. Their
 * invoices are locked FOR UPDATE in id order (the order every payment takes) before they change.
 */
export async function lockAllocationsOf(
  db: DbOrTx,
  organizationId: string,
  source: { sourceType: 'payment' | 'credit'; sourceId: string },
): Promise<AllocationHeld[]> {
  const rows = await db
    .select({
      allocationId: invoiceAllocations.id,
      invoiceId: invoiceAllocations.invoiceId,
      studentId: students.id,
      matricule: students.matricule,
      amount: invoiceAllocations.amount,
    })
    .from(invoiceAllocations)
    .innerJoin(
      invoices,
      and(
        eq(invoices.organizationId, invoiceAllocations.organizationId),
        eq(invoices.id, invoiceAllocations.invoiceId),
      ),
    )
    .innerJoin(students, studentOfInvoice)
    .where(
      and(
        eq(invoiceAllocations.organizationId, organizationId),
        eq(invoiceAllocations.sourceType, source.sourceType),
        eq(invoiceAllocations.sourceId, source.sourceId),
      ),
    )
    .orderBy(desc(invoiceAllocations.createdAt), desc(invoiceAllocations.id));
  const invoiceIds = [...new Set(rows.map((row) => row.invoiceId))];
  if (invoiceIds.length > 0) {
    await db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.organizationId, organizationId), inArray(invoices.id, invoiceIds)))
      .orderBy(asc(invoices.id))
      .for('update');
  }
  return rows;
}

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
