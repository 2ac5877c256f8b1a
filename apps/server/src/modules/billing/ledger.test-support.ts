// Shared by billing's ledger tests: families through the API, ledger reads, a payment.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../platform/db/database';
import { ok, type Call } from '../../test/school-fixture';
import { checkLedgerAgreesWithInvoices } from './ledger-check/ledger-check.service';
import { allocatePayment, type PaymentToAllocate } from './allocations/payment-allocation.service';

let phones = 0;

/** Students of one family: the guardian is every child's main payer. */
export async function createFamily(call: Call, names: string[]) {
  const children: { id: string; matricule: string; fullName: string }[] = [];
  let guardianId: string | undefined;
  for (const fullName of names) {
    const student = await ok(call('POST', '/api/students', { fullName }), 201);
    children.push(student);
    phones += 1;
    const link = await ok(
      call(
        'POST',
        `/api/students/${student.id}/guardians`,
        guardianId
          ? { guardianId, relation: 'mother', mainPayer: true }
          : {
              fullName: `Parent ${fullName}`,
              phone: `+2289${1_000_000 + phones}`,
              relation: 'mother',
              mainPayer: true,
            },
      ),
      201,
    );
    guardianId = link.id;
  }
  return { guardianId: guardianId!, children };
}

/**
 * The 2030-2031 school year (far ahead, so that every month of it is billed) and the school's
 * billing settings changed as given.
 */
export async function futureYearWith(call: Call, billing: Record<string, unknown>) {
  const year = await ok(
    call('POST', '/api/academic-years', {
      label: '2030-2031',
      startsOn: '2030-09-01',
      endsOn: '2031-07-31',
    }),
    201,
  );
  const settings = await ok(call('GET', '/api/billing/settings'));
  await ok(call('PUT', '/api/billing/settings', { ...settings, ...billing }));
  return year;
}

/** A one-off invoice, issued unless `issue` is false. */
export async function createOneOff(
  call: Call,
  studentId: string,
  amount: number,
  dueOn: string,
  issue = true,
) {
  return ok(
    call('POST', '/api/invoices', {
      studentId,
      label: `Frais ${amount}`,
      dueOn,
      lines: [{ label: 'Examen', amount }],
      issue,
    }),
    201,
  );
}

/** The entries of the transaction posted under `key` (none: []). */
export async function entriesOf(db: Database, organizationId: string, key: string) {
  const { rows } = await db.execute<{
    journal: string;
    account: string;
    auxiliary: string | null;
    debit: string;
    credit: string;
  }>(sql`select t.journal, e.account, e.auxiliary, e.debit, e.credit
    from ledger_transactions t join ledger_entries e
      on e.organization_id = t.organization_id and e.transaction_id = t.id
    where t.organization_id = ${organizationId} and t.idempotency_key = ${key}
    order by e.account, e.debit desc`);
  return rows.map((row) => ({
    journal: row.journal,
    account: row.account,
    auxiliary: row.auxiliary,
    debit: Number(row.debit),
    credit: Number(row.credit),
  }));
}

/** A confirmed wallet payment of a guardian, allocated in its own transaction. */
export function pay(
  db: Database,
  organizationId: string,
  payment: Pick<PaymentToAllocate, 'guardianId' | 'amount'> & Partial<PaymentToAllocate>,
) {
  const paymentId = payment.paymentId ?? randomUUID();
  return db.transaction((tx) =>
    allocatePayment(tx, organizationId, {
      paymentId,
      invoiceIds: [],
      debitAccount: '5521',
      entryDate: '2030-01-15',
      label: 'Paiement Mixx by Yas',
      pieceRef: `PG-${paymentId.slice(0, 8)}`,
      idempotencyKey: `payment:${paymentId}:succeeded`,
      ...payment,
    }),
  );
}

/** The ledger agrees with the invoices and the credit, or the differences are shown. */
export async function expectLedgerAgrees(db: Database, organizationId: string) {
  const check = await checkLedgerAgreesWithInvoices(db, organizationId);
  expect(check.differences).toEqual([]);
  expect(check).toMatchObject({ balanced: true, agrees: true });
  return check;
}
