import { randomUUID } from 'node:crypto';
import { PaymentMessages } from '@ecolage/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ok, signUpSchool } from '../../../test/school-fixture';
import { useTestApp } from '../../../test/test-app';
import { accountBalance } from '../../ledger';
import { applyFamilyCredit, familyCreditBalance } from './family-credit.service';
import { saveInvoices } from '../invoices/invoice-ledger.service';
import {
  createFamily,
  createOneOff,
  entriesOf,
  expectLedgerAgrees,
  pay,
} from '../ledger.test-support';
import { allocatePayments, listPayableInvoices } from './payment-allocation.service';

describe('payments allocated to invoices, the rest to the family’s credit (real database)', () => {
  const { app, database } = useTestApp({ rateLimitPerMinute: 100_000 });

  async function school() {
    const { call, organizationId } = await signUpSchool(app());
    const family = await createFamily(call, ['Kossi Agbéko', 'Ama Agbéko']);
    const [kossi, ama] = family.children as [
      (typeof family.children)[0],
      (typeof family.children)[0],
    ];
    const kossiJan = await createOneOff(call, kossi.id, 100_000, '2030-01-10');
    const amaFeb = await createOneOff(call, ama.id, 50_000, '2030-02-10');
    const kossiMar = await createOneOff(call, kossi.id, 100_000, '2030-03-10');
    return { call, organizationId, family, kossi, ama, kossiJan, amaFeb, kossiMar };
  }

  it('lists what a guardian may pay, oldest due first, and refuses what is not theirs to pay', async () => {
    const { call, organizationId, family, kossiJan, amaFeb, kossiMar, kossi } = await school();
    const db = database().db;
    const all = await listPayableInvoices(db, organizationId, family.guardianId, []);
    expect(all.map((invoice) => invoice.id)).toEqual([kossiJan.id, amaFeb.id, kossiMar.id]);
    expect(all[0]).toEqual({
      id: kossiJan.id,
      number: kossiJan.number,
      label: kossiJan.label,
      studentId: kossi.id,
      studentName: 'Kossi Agbéko',
      dueOn: '2030-01-10',
      balance: 100_000,
    });
    const chosen = await listPayableInvoices(db, organizationId, family.guardianId, [
      kossiMar.id,
      kossiJan.id,
    ]);
    expect(chosen.map((invoice) => invoice.id)).toEqual([kossiJan.id, kossiMar.id]);

    const other = await createFamily(call, ['Yao Mensah']);
    const yaoInvoice = await createOneOff(call, other.children[0]!.id, 10_000, '2030-01-01');
    const draft = await createOneOff(call, kossi.id, 10_000, '2030-01-01', false);
    const voided = await createOneOff(call, kossi.id, 10_000, '2030-01-01');
    await ok(call('POST', `/api/invoices/${voided.id}/void`, { reason: 'Erreur' }));
    const elsewhere = await signUpSchool(app(), 'Autre école');
    const foreign = await createFamily(elsewhere.call, ['Afi Dogbé']);
    const foreignInvoice = await createOneOff(
      elsewhere.call,
      foreign.children[0]!.id,
      10_000,
      '2030-01-01',
    );
    for (const refused of [yaoInvoice.id, draft.id, voided.id, foreignInvoice.id, randomUUID()]) {
      await expect(
        listPayableInvoices(db, organizationId, family.guardianId, [kossiJan.id, refused]),
      ).rejects.toMatchObject({
        code: 'INVOICE_NOT_PAYABLE',
        statusCode: 400,
        message: PaymentMessages.invoiceNotPayable,
      });
    }
    await pay(db, organizationId, { guardianId: family.guardianId, amount: 100_000 });
    await expect(
      listPayableInvoices(db, organizationId, family.guardianId, [kossiJan.id]),
    ).rejects.toMatchObject({ code: 'INVOICE_NOT_PAYABLE', statusCode: 400 });
  });

  it('pays the chosen invoices, then the oldest; an overpayment becomes credit used by the next invoice', async () => {
    const { call, organizationId, family, kossi, ama, kossiJan, amaFeb, kossiMar } = await school();
    const db = database().db;

    // Chosen: only March's invoice, partly.
    const first = await pay(db, organizationId, {
      guardianId: family.guardianId,
      invoiceIds: [kossiMar.id],
      amount: 60_000,
    });
    expect(first).toEqual({
      allocations: [{ invoiceId: kossiMar.id, studentId: kossi.id, amount: 60_000 }],
      creditAmount: 0,
      created: true,
    });

    // None chosen: oldest due first across both children, the rest to credit.
    const paymentId = randomUUID();
    const second = await pay(db, organizationId, {
      paymentId,
      guardianId: family.guardianId,
      amount: 200_000,
    });
    expect(second).toEqual({
      allocations: [
        { invoiceId: kossiJan.id, studentId: kossi.id, amount: 100_000 },
        { invoiceId: amaFeb.id, studentId: ama.id, amount: 50_000 },
        { invoiceId: kossiMar.id, studentId: kossi.id, amount: 40_000 },
      ],
      creditAmount: 10_000,
      created: true,
    });
    const posted = await entriesOf(db, organizationId, `payment:${paymentId}:succeeded`);
    expect(posted).toEqual([
      expect.objectContaining({ account: '4111', auxiliary: kossi.matricule, credit: 140_000 }),
      expect.objectContaining({ account: '4111', auxiliary: ama.matricule, credit: 50_000 }),
      expect.objectContaining({ account: '4191', auxiliary: family.guardianId, credit: 10_000 }),
      expect.objectContaining({ account: '5521', auxiliary: null, debit: 200_000 }),
    ]);
    expect(posted[0]!.journal).toBe('MM1');
    expect(await familyCreditBalance(db, organizationId, family.guardianId)).toBe(10_000);
    await expectLedgerAgrees(db, organizationId);

    // Replaying the same payment allocates nothing and answers the same.
    const replay = await pay(db, organizationId, {
      paymentId,
      guardianId: family.guardianId,
      amount: 200_000,
    });
    expect(replay).toEqual({ ...second, created: false });
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from invoice_allocations where source_id = ${paymentId}`,
    );
    expect(rows[0]!.n).toBe(3);

    // The next invoice uses the credit at once, with an audit entry.
    const next = await createOneOff(call, ama.id, 30_000, '2030-04-10');
    expect(next).toMatchObject({ status: 'partially_paid', paid: 10_000, balance: 20_000 });
    expect(await familyCreditBalance(db, organizationId, family.guardianId)).toBe(0);
    const { rows: audit } = await db.execute<{ details: Record<string, unknown> }>(
      sql`select details from audit_entries where organization_id = ${organizationId}
        and action = 'family_credit.applied'`,
    );
    expect(audit).toEqual([
      { details: expect.objectContaining({ montant: 10_000, facture: next.number }) },
    ]);
    expect(await accountBalance(db, organizationId, '4111', ama.matricule)).toBe(20_000);
    await expectLedgerAgrees(db, organizationId);
  });

  it('a batch applies its payments in order: two of one family meet the balances the first left', async () => {
    const { call, organizationId, family, kossi, ama, kossiJan, amaFeb, kossiMar } = await school();
    const other = await createFamily(call, ['Yao Mensah']);
    const yao = other.children[0]!;
    const yaoInvoice = await createOneOff(call, yao.id, 40_000, '2030-01-05');
    const db = database().db;
    const base = { debitAccount: '5521', entryDate: '2030-01-15', label: 'Paiement Wave' };
    const payment = (guardianId: string, invoiceIds: string[], amount: number) => {
      const paymentId = randomUUID();
      return {
        ...base,
        paymentId,
        guardianId,
        invoiceIds,
        amount,
        pieceRef: paymentId.slice(0, 8),
        idempotencyKey: `payment:${paymentId}:succeeded`,
      };
    };
    const batch = [
      payment(family.guardianId, [kossiJan.id], 70_000),
      payment(other.guardianId, [], 50_000),
      payment(family.guardianId, [kossiJan.id, kossiMar.id], 50_000),
      payment(family.guardianId, [], 100_000),
    ];
    const results = await db.transaction((tx) => allocatePayments(tx, organizationId, batch));
    expect(results).toEqual([
      {
        allocations: [{ invoiceId: kossiJan.id, studentId: kossi.id, amount: 70_000 }],
        creditAmount: 0,
        created: true,
      },
      {
        allocations: [{ invoiceId: yaoInvoice.id, studentId: yao.id, amount: 40_000 }],
        creditAmount: 10_000,
        created: true,
      },
      {
        allocations: [
          { invoiceId: kossiJan.id, studentId: kossi.id, amount: 30_000 },
          { invoiceId: kossiMar.id, studentId: kossi.id, amount: 20_000 },
        ],
        creditAmount: 0,
        created: true,
      },
      {
        allocations: [
          { invoiceId: amaFeb.id, studentId: ama.id, amount: 50_000 },
          { invoiceId: kossiMar.id, studentId: kossi.id, amount: 50_000 },
        ],
        creditAmount: 0,
        created: true,
      },
    ]);
    const posted = await entriesOf(db, organizationId, batch[2]!.idempotencyKey);
    expect(posted).toEqual([
      expect.objectContaining({ account: '4111', auxiliary: kossi.matricule, credit: 50_000 }),
      expect.objectContaining({ account: '5521', auxiliary: null, debit: 50_000 }),
    ]);
    const march = await ok(call('GET', `/api/invoices/${kossiMar.id}`));
    expect(march).toMatchObject({ status: 'partially_paid', paid: 70_000, balance: 30_000 });
    expect(await familyCreditBalance(db, organizationId, other.guardianId)).toBe(10_000);
    await expectLedgerAgrees(db, organizationId);

    // The same batch again allocates nothing more and answers what each payment paid.
    const replay = await db.transaction((tx) => allocatePayments(tx, organizationId, batch));
    expect(replay).toEqual(results.map((result) => ({ ...result, created: false })));
    await expectLedgerAgrees(db, organizationId);
  });

  it('20 concurrent payments on one invoice never over-allocate nor deadlock', async () => {
    const { call, organizationId } = await signUpSchool(app());
    const family = await createFamily(call, ['Edem Kokou']);
    const edem = family.children[0]!;
    const invoice = await createOneOff(call, edem.id, 100_000, '2030-01-10');
    // A second payer of the same child pays too: two guardians, one invoice.
    const other = await ok(
      call('POST', `/api/students/${edem.id}/guardians`, {
        fullName: 'Oncle Kokou',
        phone: '+22899000111',
        relation: 'other',
      }),
      201,
    );
    const db = database().db;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        pay(db, organizationId, {
          guardianId: index % 2 === 0 ? family.guardianId : other.id,
          invoiceIds: [invoice.id],
          amount: 7_000,
        }),
      ),
    );
    const allocated = results.flatMap((result) => result.allocations);
    expect(allocated.reduce((sum, allocation) => sum + allocation.amount, 0)).toBe(100_000);
    expect(results.reduce((sum, result) => sum + result.creditAmount, 0)).toBe(40_000);
    const detail = await ok(call('GET', `/api/invoices/${invoice.id}`));
    expect(detail).toMatchObject({ status: 'paid', paid: 100_000, balance: 0 });
    await expectLedgerAgrees(db, organizationId);
  });

  it('payments on several invoices chosen in different orders do not deadlock', async () => {
    const { organizationId, family, kossiJan, amaFeb, kossiMar } = await school();
    const db = database().db;
    const orders = [
      [kossiJan.id, amaFeb.id, kossiMar.id],
      [kossiMar.id, amaFeb.id, kossiJan.id],
      [amaFeb.id, kossiMar.id],
    ];
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        pay(db, organizationId, {
          guardianId: family.guardianId,
          invoiceIds: orders[index % orders.length]!,
          amount: 30_000,
        }),
      ),
    );
    const allocated = results.flatMap((result) => result.allocations);
    expect(allocated.reduce((sum, allocation) => sum + allocation.amount, 0)).toBe(250_000);
    expect(await familyCreditBalance(db, organizationId, family.guardianId)).toBe(110_000);
    await expectLedgerAgrees(db, organizationId);
  });

  it('the same credit is never spent twice by concurrent applications', async () => {
    const { call, organizationId, family, kossi } = await school();
    const db = database().db;
    await pay(db, organizationId, { guardianId: family.guardianId, amount: 300_000 });
    expect(await familyCreditBalance(db, organizationId, family.guardianId)).toBe(50_000);
    // Invoices saved without the issue path's credit step leave the credit unspent; then several
    // applications race for it.
    await db.transaction(async (tx) => {
      await saveInvoices(
        tx,
        organizationId,
        [10_000, 20_000, 30_000].map((amount, index) => ({
          studentId: kossi.id,
          label: `Frais ${index}`,
          dueOn: `2030-0${index + 4}-01`,
          lines: [{ kind: 'fee' as const, label: 'Frais', amount }],
        })),
        {
          numbers: ['ST-2030-8001', 'ST-2030-8002', 'ST-2030-8003'],
          createdBy: 'Test',
          issuedAt: new Date(),
          entryDate: '2030-03-01',
        },
      );
    });
    const actor = { type: 'system' as const, label: 'Test' };
    const applied = await Promise.all(
      Array.from({ length: 6 }, () =>
        db.transaction((tx) => applyFamilyCredit(tx, organizationId, family.guardianId, actor)),
      ),
    );
    expect(applied.reduce((sum, result) => sum + result.applied, 0)).toBe(50_000);
    expect(await familyCreditBalance(db, organizationId, family.guardianId)).toBe(0);
    const list = await ok(call('GET', `/api/invoices?studentId=${kossi.id}&pageSize=50`));
    const byLabel = Object.fromEntries(
      list.items.map((invoice: { label: string; paid: number }) => [invoice.label, invoice.paid]),
    );
    expect(byLabel).toMatchObject({ 'Frais 0': 10_000, 'Frais 1': 20_000, 'Frais 2': 20_000 });
    await expectLedgerAgrees(db, organizationId);
  });
});
