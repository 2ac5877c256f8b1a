import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ok, setUpProgrammes, signUpSchool } from '../../../test/school-fixture';
import { grantScholarship } from '../../../test/scholarship-grants';
import { useTestApp } from '../../../test/test-app';
import { accountBalance } from '../../ledger';
import { invoiceIssuedPosting } from './invoice-postings';
import { saveInvoices } from './invoice-ledger.service';
import { applyLateFees } from '../late-fees/late-fees.service';
import {
  createFamily,
  createOneOff,
  entriesOf,
  expectLedgerAgrees,
  futureYearWith,
} from '../ledger.test-support';

const D = (account: string, debit: number, auxiliary: string | null = null) =>
  expect.objectContaining({ account, auxiliary, debit, credit: 0 });
const C = (account: string, credit: number, auxiliary: string | null = null) =>
  expect.objectContaining({ account, auxiliary, debit: 0, credit });

describe('billing facts post to the ledger in their own transaction (real database)', () => {
  const { app, database } = useTestApp({ rateLimitPerMinute: 100_000 });

  it('enrolment: gross fees to 70611/70612, sibling discounts to 7069, the rest to 4111', async () => {
    const { call, organizationId } = await signUpSchool(app());
    const { l1 } = await setUpProgrammes(call);
    const year = await futureYearWith(call, {
      siblingDiscount: { enabled: true, secondChildPercent: 10, thirdChildPercent: 15 },
    });
    const { children } = await createFamily(call, ['Kossi Agbéko', 'Ama Agbéko']);
    const [kossi, ama] = children as [(typeof children)[0], (typeof children)[0]];
    for (const child of children) {
      await ok(
        call('POST', `/api/students/${child.id}/enrolments`, {
          levelId: l1.id,
          academicYearId: year.id,
        }),
        201,
      );
    }
    const db = database().db;
    const amaInvoices = await ok(call('GET', `/api/invoices?studentId=${ama.id}&pageSize=50`));
    const registration = amaInvoices.items.find((invoice: { label: string }) =>
      invoice.label.startsWith('Inscription'),
    );
    const october = amaInvoices.items.find((invoice: { dueOn: string }) =>
      invoice.dueOn.startsWith('2030-10'),
    );
    expect(await entriesOf(db, organizationId, `invoice:${registration.id}:issued`)).toEqual([
      D('4111', 50_000, ama.matricule),
      C('70611', 50_000),
    ]);
    const octoberEntries = await entriesOf(db, organizationId, `invoice:${october.id}:issued`);
    expect(octoberEntries).toEqual(
      expect.arrayContaining([
        D('4111', 135_000, ama.matricule),
        C('70612', 150_000),
        D('7069', 15_000),
      ]),
    );
    expect(octoberEntries).toHaveLength(3);
    expect(octoberEntries[0]!.journal).toBe('VE');
    expect(await accountBalance(db, organizationId, '4111', kossi.matricule)).toBe(1_550_000);
    expect(await accountBalance(db, organizationId, '4111', ama.matricule)).toBe(1_400_000);
    expect(await accountBalance(db, organizationId, '7069')).toBe(150_000);
    await expectLedgerAgrees(db, organizationId);

    // A scholarship granted after issue: one posting per discount line, D 7069 / C 4111.
    await grantScholarship(
      app(),
      db,
      { organizationId, call },
      {
        studentId: kossi.id,
        academicYearId: year.id,
        name: 'Aide',
        kind: 'fixed',
        value: 100_000,
        reason: 'Situation familiale',
      },
    );
    expect(await accountBalance(db, organizationId, '4111', kossi.matricule)).toBe(1_450_000);
    const { rows: scholarshipKeys } = await db.execute<{ n: number; journals: string }>(
      sql`select count(*)::int as n, string_agg(distinct journal, ',') as journals
        from ledger_transactions where organization_id = ${organizationId}
          and source_type = 'invoice_line'`,
    );
    expect(scholarshipKeys[0]).toMatchObject({ journals: 'OD' });
    expect(scholarshipKeys[0]!.n).toBeGreaterThan(0);
    await expectLedgerAgrees(db, organizationId);

    // Voiding one of Kossi's invoices cancels everything it posted (issue and scholarship line).
    const kossiInvoices = await ok(call('GET', `/api/invoices?studentId=${kossi.id}&pageSize=50`));
    const november = kossiInvoices.items.find((invoice: { dueOn: string }) =>
      invoice.dueOn.startsWith('2030-11'),
    );
    await ok(call('POST', `/api/invoices/${november.id}/void`, { reason: 'Erreur de saisie' }));
    const voided = await entriesOf(db, organizationId, `invoice:${november.id}:voided`);
    expect(voided.length).toBeGreaterThanOrEqual(2);
    expect(voided[0]!.journal).toBe('OD');
    const { rows: net } = await db.execute<{ account: string; net: string }>(
      sql`select e.account, sum(e.debit - e.credit) as net from ledger_entries e
        join ledger_transactions t on t.organization_id = e.organization_id and t.id = e.transaction_id
        where t.organization_id = ${organizationId} and t.source_id = ${november.id}
        group by e.account having sum(e.debit - e.credit) <> 0`,
    );
    expect(net).toEqual([]);
    expect(await accountBalance(db, organizationId, '4111', kossi.matricule)).toBe(
      1_450_000 - november.balance,
    );
    await expectLedgerAgrees(db, organizationId);

    // Withdrawing voids Ama's invoices not yet due (the registration is due on enrolment): each
    // is reversed.
    const [enrolment] = (
      await db.execute<{ id: string }>(
        sql`select id from enrolments where student_id = ${ama.id} and status = 'active'`,
      )
    ).rows;
    const withdrawn = await ok(
      call('POST', `/api/enrolments/${enrolment!.id}/withdraw`, { reason: 'Déménagement' }),
    );
    expect(withdrawn.invoicesVoided).toBe(10);
    expect(await accountBalance(db, organizationId, '4111', ama.matricule)).toBe(50_000);
    await expectLedgerAgrees(db, organizationId);
  });

  it('one-off invoices: drafts post nothing, issuing posts to 70618; zero totals keep their gross', async () => {
    const { call, organizationId } = await signUpSchool(app());
    const { children } = await createFamily(call, ['Yao Mensah']);
    const yao = children[0]!;
    const db = database().db;
    const draft = await createOneOff(call, yao.id, 25_000, '2030-02-01', false);
    expect(await entriesOf(db, organizationId, `invoice:${draft.id}:issued`)).toEqual([]);
    await ok(call('POST', `/api/invoices/${draft.id}/void`, { reason: 'Brouillon inutile' }));
    expect(await entriesOf(db, organizationId, `invoice:${draft.id}:voided`)).toEqual([]);

    const second = await createOneOff(call, yao.id, 30_000, '2030-02-01', false);
    const issued = await ok(call('POST', `/api/invoices/${second.id}/issue`, {}));
    expect(await entriesOf(db, organizationId, `invoice:${second.id}:issued`)).toEqual([
      D('4111', 30_000, yao.matricule),
      C('70618', 30_000),
    ]);
    const [transaction] = (
      await db.execute<{ piece_ref: string; entry_date: string }>(
        sql`select piece_ref, entry_date::text from ledger_transactions
          where idempotency_key = ${`invoice:${second.id}:issued`}`,
      )
    ).rows;
    expect(transaction!.piece_ref).toBe(issued.number);

    // A zero-total invoice (a 100 % discount) still posts its fee and its discount.
    const [free] = await db.transaction((tx) =>
      saveInvoices(
        tx,
        organizationId,
        [
          {
            studentId: yao.id,
            label: 'Mensualité offerte',
            dueOn: '2030-03-05',
            lines: [
              { kind: 'tuition', label: 'Mensualité', amount: 80_000 },
              { kind: 'scholarship', label: 'Bourse 100 %', amount: -80_000 },
            ],
          },
        ],
        {
          numbers: ['ST-2030-9001'],
          createdBy: 'Test',
          issuedAt: new Date(),
          entryDate: '2030-03-01',
        },
      ),
    );
    expect(free!.status).toBe('paid');
    expect(await entriesOf(db, organizationId, `invoice:${free!.id}:issued`)).toEqual([
      C('70612', 80_000),
      D('7069', 80_000),
    ]);
    expect(
      invoiceIssuedPosting(free!, [{ kind: 'fee', amount: 0 }], yao.matricule, '2030-03-01'),
    ).toBeNull();
    await expectLedgerAgrees(db, organizationId);
  });

  it('a late fee posts D 4111 / C 7588 (VE); its waiver reverses the late-fee account', async () => {
    const { call, organizationId } = await signUpSchool(app());
    const { children } = await createFamily(call, ['Edem Kokou']);
    const edem = children[0]!;
    const invoice = await createOneOff(call, edem.id, 100_000, '2026-01-31');
    const db = database().db;
    await db.execute(
      sql`update invoices set issued_at = '2026-01-15T09:00:00Z' where id = ${invoice.id}`,
    );
    const settings = await ok(call('GET', '/api/billing/settings'));
    await ok(
      call('PUT', '/api/billing/settings', {
        ...settings,
        lateFee: { enabled: true, graceDays: 15, kind: 'fixed', value: 5_000, cap: 0 },
      }),
    );
    await applyLateFees(db, organizationId, '2026-03-10');
    const detail = await ok(call('GET', `/api/invoices/${invoice.id}`));
    const fee = detail.lines.find((line: { kind: string }) => line.kind === 'late_fee');
    const posted = await entriesOf(db, organizationId, `line:${fee.id}`);
    expect(posted).toEqual([D('4111', 5_000, edem.matricule), C('7588', 5_000)]);
    expect(posted[0]!.journal).toBe('VE');
    const [dated] = (
      await db.execute<{ entry_date: string }>(
        sql`select entry_date::text from ledger_transactions where idempotency_key = ${`line:${fee.id}`}`,
      )
    ).rows;
    expect(dated!.entry_date).toBe('2026-03-10');
    // Running the job again the same month posts nothing more.
    await applyLateFees(db, organizationId, '2026-03-11');
    expect(await accountBalance(db, organizationId, '7588')).toBe(-5_000);
    await expectLedgerAgrees(db, organizationId);

    const waived = await ok(
      call('POST', `/api/invoices/${invoice.id}/lines/${fee.id}/waive`, { reason: 'Geste' }),
    );
    const waiver = waived.lines.find((line: { kind: string }) => line.kind === 'late_fee_waiver');
    const reversal = await entriesOf(db, organizationId, `line:${waiver.id}`);
    expect(reversal).toEqual([C('4111', 5_000, edem.matricule), D('7588', 5_000)]);
    expect(reversal[0]!.journal).toBe('OD');
    expect(await accountBalance(db, organizationId, '7588')).toBe(0);
    expect(await accountBalance(db, organizationId, '4111', edem.matricule)).toBe(100_000);
    await expectLedgerAgrees(db, organizationId);
  });
});
