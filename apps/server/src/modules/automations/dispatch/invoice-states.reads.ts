/**
 * Named read-only query: what the dispatcher checks again about the invoices of the sends it took
 * — the invoice's status and balance now, whether a payment for it is in flight (an active
 * attempt claims it), and its student's open balance (conditions on a minimum balance). Reads
 * billing's `invoices` and payments' `payment_attempt_invoices`.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { invoices } from '../../billing/billing.tables';
import { paymentAttemptInvoices } from '../../payments/payments.tables';

export interface InvoiceState {
  id: string;
  number: string | null;
  dueOn: string;
  status: 'draft' | 'open' | 'partially_paid' | 'paid' | 'void';
  /** total − paid. */
  balance: number;
  studentId: string;
  /** An active payment attempt claims it (mobile money pending): paid, for a reminder. */
  inFlight: boolean;
  /** The student's open balance (open and partly paid invoices). */
  studentBalance: number;
}

interface StateRow extends Record<string, unknown> {
  id: string;
  number: string | null;
  due_on: string;
  status: InvoiceState['status'];
  balance: string;
  student_id: string;
  in_flight: boolean;
  student_balance: string;
}

export async function findInvoiceStates(
  db: DbOrTx,
  organizationId: string,
  invoiceIds: readonly string[],
): Promise<Map<string, InvoiceState>> {
  const wanted = [...new Set(invoiceIds)];
  if (wanted.length === 0) return new Map();
  const result = await db.execute<StateRow>(sql`
    select i.id, i.number, i.due_on::text as due_on, i.status, (i.total - i.paid)::text as balance,
      i.student_id,
      exists (select 1 from ${paymentAttemptInvoices} a
        where a.organization_id = i.organization_id and a.invoice_id = i.id and a.active) as in_flight,
      (select coalesce(sum(o.total - o.paid), 0) from ${invoices} o
        where o.organization_id = i.organization_id and o.student_id = i.student_id
          and o.status in ('open', 'partially_paid'))::text as student_balance
    from ${invoices} i
    where i.organization_id = ${organizationId}
      and i.id in (${sql.join(
        wanted.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`);
  return new Map(
    result.rows.map((row) => [
      row.id,
      {
        id: row.id,
        number: row.number,
        dueOn: row.due_on,
        status: row.status,
        balance: Number(row.balance),
        studentId: row.student_id,
        inFlight: row.in_flight,
        studentBalance: Number(row.student_balance),
      },
    ]),
  );
}
