import type { SystemRoleKey } from '@ecolage/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../platform/db/database';
import { logIn } from '../../../test/auth-helpers';
import {
  expectLedgerAgrees,
  schoolWithFamily,
  usePaymentsHarness,
} from '../../../test/payments-harness';
import { ok, signUpSchool } from '../../../test/school-fixture';
import { addMemberWithSystemRole } from '../../access';
import { ensureAccount } from '../../auth';
import { accountBalance } from '../../ledger';
import { ensureMerchantAccount } from './merchant-accounts.service';
import { recordIncomingCredit, type IncomingCreditInput } from './incoming-credits.service';

/** A member of the school with one of the system roles, signed in. */
async function member(
  app: FastifyInstance,
  db: Database,
  organizationId: string,
  roleKey: SystemRoleKey,
  name: string,
) {
  const email = `${roleKey}.${Math.random().toString(36).slice(2)}@ecole.tg`;
  await db.transaction(async (tx) => {
    const { user } = await ensureAccount(tx, { email, name, password: 'motdepasse' });
    await addMemberWithSystemRole(
      tx,
      { organizationId, userId: user.id, roleKey, userLabel: name },
      { actor: { type: 'system', label: 'Test' }, ip: null },
    );
  });
  const token = (await logIn(app, email, 'motdepasse')).accessToken;
  return (method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
}

let txnNumber = 0;

describe('Money that arrives unasked (« à affecter »)', () => {
  const harness = usePaymentsHarness();
  let school: Awaited<ReturnType<typeof schoolWithFamily>>;
  let finance: Awaited<ReturnType<typeof member>>;

  const credit = (input: Partial<IncomingCreditInput>) =>
    harness().context.db.transaction((tx) =>
      recordIncomingCredit(tx, {
        organizationId: school.organizationId,
        source: 'provider_notification',
        provider: 'wave',
        wallet: 'WAVE',
        providerTxnId: `T_TEST_${++txnNumber}`,
        amount: 10_000,
        reference: null,
        payerPhone: null,
        payerName: null,
        receivedAt: new Date(),
        ...input,
      }),
    );
  const suspense = () => accountBalance(harness().context.db, school.organizationId, '4712');
  const creditRow = async (id: string) => {
    const { rows } = await harness().context.db.execute(
      sql`select status, matched_by, student_id, guardian_id, payment_id from incoming_credits where id = ${id}`,
    );
    return rows[0] as Record<string, unknown>;
  };

  const allInvoices = async (studentId: string) => {
    const page = await ok(school.call('GET', `/api/invoices?studentId=${studentId}&pageSize=50`));
    return (
      page.items as { id: string; dueOn: string; total: number; paid: number; status: string }[]
    ).sort((a, b) => (a.dueOn < b.dueOn ? -1 : a.dueOn > b.dueOn ? 1 : a.total - b.total));
  };

  beforeAll(async () => {
    const { app, context } = harness();
    school = await schoolWithFamily(app);
    finance = await member(app, context.db, school.organizationId, 'finance', 'Ama Lawson');
  });

  it('matches the matricule however it is typed: a succeeded payment, allocated oldest first, with its receipt', async () => {
    expect(school.student.matricule).toBe('STU-001');
    const spellings = ['stu001', 'STU-001', 'Stu 1', 'Scolarité STU 01 Kossi', '001'];
    const results = [];
    for (const reference of spellings) {
      results.push(await credit({ reference, amount: 10_000, payerPhone: '+22891000000' }));
    }
    for (const result of results) {
      expect(result.status).toBe('matched');
      expect(result.paymentId).toEqual(expect.any(String));
      const row = await creditRow(result.id);
      expect(row).toMatchObject({
        status: 'matched',
        matched_by: 'reference',
        student_id: school.student.id,
        guardian_id: school.guardianId,
      });
    }
    // 5 × 10 000: the registration (50 000, due first) is paid, the months untouched.
    const invoices = await allInvoices(school.student.id);
    expect(invoices[0]).toMatchObject({ total: 50_000, paid: 50_000, status: 'paid' });
    expect(invoices.slice(1).every((invoice) => invoice.paid === 0)).toBe(true);
    await harness().worker.dispatchOutbox();
    const page = await ok(finance('GET', '/api/accounting/incoming-credits?status=matched'));
    expect(page.total).toBe(spellings.length);
    for (const item of page.items) {
      expect(item.student).toMatchObject({ id: school.student.id, matricule: 'STU-001' });
      expect(item.receipt?.number).toMatch(/^REC-\d{4}-\d{6}$/);
      expect(item.matchedBy).toBe('reference');
    }
    // The search finds a credit by the student it went to, too.
    const byStudent = await ok(finance('GET', '/api/accounting/incoming-credits?q=kossi'));
    expect(byStudent.total).toBe(spellings.length);
    const payment = await ok(school.call('GET', `/api/payments/${results[0]!.paymentId}`));
    expect(payment).toMatchObject({ status: 'succeeded', provider: 'wave', wallet: 'WAVE' });
    expect(await suspense()).toBe(0);
    await expectLedgerAgrees(harness().context, school.organizationId);
  });

  it('matches by phone and amount when one student of that guardian owes at least the amount', async () => {
    const result = await credit({ reference: 'frais', payerPhone: '90 11 22 33', amount: 20_000 });
    expect(result.status).toBe('matched');
    expect(await creditRow(result.id)).toMatchObject({
      matched_by: 'phone_amount',
      student_id: school.student.id,
      guardian_id: school.guardianId,
    });
  });

  let waitingId: string;
  let sibling: { id: string; matricule: string };

  it('waits « à affecter » when the phone fits two students, or nothing is known: money in 4712', async () => {
    sibling = await ok(school.call('POST', '/api/students', { fullName: 'Yao Agbéko' }), 201);
    await ok(
      school.call('POST', `/api/students/${sibling.id}/guardians`, {
        fullName: 'Afi Agbéko',
        phone: '+22890112233',
        relation: 'mother',
        mainPayer: true,
      }),
      201,
    );
    await ok(
      school.call('POST', `/api/students/${sibling.id}/enrolments`, {
        levelId: school.l1.id,
        academicYearId: school.year.id,
      }),
      201,
    );
    const before = await suspense();
    const ambiguous = await credit({ payerPhone: '+22890112233', amount: 30_000 });
    expect(ambiguous).toEqual({ id: expect.any(String), status: 'to_assign', paymentId: null });
    const unknown = await credit({
      reference: 'XYZ-999',
      payerPhone: '+22899999999',
      amount: 7_000,
    });
    expect(unknown.status).toBe('to_assign');
    expect(await suspense()).toBe(before - 37_000);
    waitingId = ambiguous.id;
    const page = await ok(finance('GET', '/api/accounting/incoming-credits?status=to_assign'));
    expect(page.items.map((item: { id: string }) => item.id).sort()).toEqual(
      [ambiguous.id, unknown.id].sort(),
    );
    expect(page.waiting).toEqual({ count: 2, amount: 37_000 });
    const searched = await ok(finance('GET', '/api/accounting/incoming-credits?q=XYZ'));
    expect(searched.items.map((item: { id: string }) => item.id)).toEqual([unknown.id]);
    await expectLedgerAgrees(harness().context, school.organizationId);
  });

  it('records a credit once: the same transaction again is a duplicate that changes nothing', async () => {
    const first = await credit({
      providerTxnId: 'T_DUPLICATE',
      reference: 'nobody',
      amount: 5_000,
    });
    const before = await suspense();
    const [again, atOnce] = await Promise.all([
      credit({ providerTxnId: 'T_DUPLICATE', reference: 'nobody', amount: 5_000 }),
      credit({ providerTxnId: 'T_DUPLICATE', reference: 'nobody', amount: 5_000 }),
    ]);
    expect(again).toEqual({ id: first.id, status: 'duplicate', paymentId: null });
    expect(atOnce).toEqual({ id: first.id, status: 'duplicate', paymentId: null });
    expect(await suspense()).toBe(before);
    const { rows } = await harness().context.db.execute(
      sql`select count(*)::int as n from incoming_credits where provider_txn_id = 'T_DUPLICATE'`,
    );
    expect(rows[0]).toEqual({ n: 1 });
    // Two at once the first time too: one credit.
    const [a, b] = await Promise.all([
      credit({ providerTxnId: 'T_RACE', amount: 4_000 }),
      credit({ providerTxnId: 'T_RACE', amount: 4_000 }),
    ]);
    expect([a.status, b.status].sort()).toEqual(['duplicate', 'to_assign']);
    expect(a.id).toBe(b.id);
  });

  it('refuses a credit without whole francs or a transaction id (400, nothing written)', async () => {
    await expect(credit({ amount: 10.5 })).rejects.toMatchObject({
      code: 'INCOMING_CREDIT_INVALID',
    });
    await expect(credit({ providerTxnId: '  ' })).rejects.toMatchObject({
      code: 'INCOMING_CREDIT_INVALID',
    });
  });

  it('is assigned once, even by two members at the same moment: one payment, 4712 back', async () => {
    const before = await suspense();
    const url = `/api/accounting/incoming-credits/${waitingId}/assign`;
    const [one, two] = await Promise.all([
      finance('POST', url, { studentId: sibling.id }),
      finance('POST', url, { studentId: sibling.id }),
    ]);
    const codes = [one.statusCode, two.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const refused = one.statusCode === 409 ? one : two;
    expect(refused.json()).toMatchObject({
      code: 'INCOMING_CREDIT_ALREADY_ASSIGNED',
      message: expect.stringMatching(/déjà été affecté/),
    });
    const assigned = (one.statusCode === 200 ? one : two).json();
    expect(assigned).toMatchObject({
      status: 'assigned',
      matchedBy: 'staff',
      student: { id: sibling.id },
      guardianName: 'Afi Agbéko',
      assignedBy: 'Ama Lawson',
    });
    const { rows } = await harness().context.db.execute(
      sql`select count(*)::int as n from payment_attempts where provider_txn_id = (select provider_txn_id from incoming_credits where id = ${waitingId})`,
    );
    expect(rows[0]).toEqual({ n: 1 });
    expect(await suspense()).toBe(before + 30_000);
    const siblingInvoices = await allInvoices(sibling.id);
    expect(siblingInvoices[0]).toMatchObject({ paid: 30_000 });
    const again = await finance('POST', url, { studentId: school.student.id });
    expect(again.statusCode).toBe(409);
    await harness().worker.dispatchOutbox();
    const page = await ok(finance('GET', '/api/accounting/incoming-credits?status=assigned'));
    expect(page.items[0].receipt?.number).toMatch(/^REC-/);
    await expectLedgerAgrees(harness().context, school.organizationId);
  });

  it('returns a waiting credit to its sender with a note; it can no longer be assigned', async () => {
    const waiting = await credit({ reference: 'inconnu', amount: 3_000 });
    const before = await suspense();
    const url = `/api/accounting/incoming-credits/${waiting.id}`;
    const noNote = await finance('POST', `${url}/return`, { note: '' });
    expect(noNote.statusCode).toBe(400);
    const returned = await ok(
      finance('POST', `${url}/return`, { note: 'Erreur de numéro, renvoyé au parent' }),
    );
    expect(returned).toMatchObject({
      status: 'returned',
      note: 'Erreur de numéro, renvoyé au parent',
    });
    expect(await suspense()).toBe(before + 3_000);
    const assign = await finance('POST', `${url}/assign`, { studentId: school.student.id });
    expect(assign.statusCode).toBe(409);
    expect(assign.json().code).toBe('INCOMING_CREDIT_RETURNED');
    const twice = await finance('POST', `${url}/return`, { note: 'encore une fois' });
    expect(twice.json().code).toBe('INCOMING_CREDIT_NOT_RETURNABLE');
    const { rows: entries } = await harness().context.db.execute(
      sql`select action from audit_entries where organization_id = ${school.organizationId}`,
    );
    const actions = entries.map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'incoming_credit.received',
        'incoming_credit.matched',
        'incoming_credit.assigned',
        'incoming_credit.returned',
      ]),
    );
  });

  it('answers 404 to another school, and keeps the queue to members who may see it', async () => {
    const { app, context } = harness();
    const waiting = await credit({ reference: 'personne', amount: 2_000 });
    const other = await signUpSchool(app, 'Autre École');
    const assign = await other.call(
      'POST',
      `/api/accounting/incoming-credits/${waiting.id}/assign`,
      { studentId: school.student.id },
    );
    expect(assign.statusCode).toBe(404);
    const ret = await other.call('POST', `/api/accounting/incoming-credits/${waiting.id}/return`, {
      note: 'pas à nous',
    });
    expect(ret.statusCode).toBe(404);
    expect((await ok(other.call('GET', '/api/accounting/incoming-credits'))).total).toBe(0);
    const registrar = await member(app, context.db, school.organizationId, 'registrar', 'Essi');
    expect((await registrar('GET', '/api/accounting/incoming-credits')).statusCode).toBe(403);
    expect(
      (
        await registrar('POST', `/api/accounting/incoming-credits/${waiting.id}/assign`, {
          studentId: school.student.id,
        })
      ).statusCode,
    ).toBe(403);
    const cashier = await member(app, context.db, school.organizationId, 'cashier', 'Komi');
    expect((await cashier('GET', '/api/accounting/incoming-credits')).statusCode).toBe(403);
    const reader = await member(app, context.db, school.organizationId, 'reader', 'Lecteur');
    expect((await reader('GET', '/api/accounting/incoming-credits')).statusCode).toBe(200);
    expect(
      (
        await reader('POST', `/api/accounting/incoming-credits/${waiting.id}/return`, {
          note: 'non',
        })
      ).statusCode,
    ).toBe(403);
    // A student of another school: 404, nothing written.
    const stranger = await ok(
      other.call('POST', '/api/students', { fullName: 'Élève Ailleurs' }),
      201,
    );
    const foreign = await finance('POST', `/api/accounting/incoming-credits/${waiting.id}/assign`, {
      studentId: stranger.id,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await creditRow(waiting.id)).status).toBe('to_assign');
  });

  it('credits a Wave merchant payment made from the wallet menu: stored first, then matched by its reference', async () => {
    const { sandbox, context } = harness();
    await context.db.transaction((tx) =>
      ensureMerchantAccount(
        tx,
        { organizationId: school.organizationId, provider: 'wave', merchantCode: 'M_TESTECOLE' },
        { type: 'system', label: 'Test' },
      ),
    );
    const other = await signUpSchool(harness().app, 'École Voisine');
    await expect(
      context.db.transaction((tx) =>
        ensureMerchantAccount(
          tx,
          { organizationId: other.organizationId, provider: 'wave', merchantCode: 'M_TESTECOLE' },
          { type: 'system', label: 'Test' },
        ),
      ),
    ).rejects.toMatchObject({ code: 'MERCHANT_CODE_TAKEN' });
    const paid = await sandbox.inject({
      method: 'POST',
      url: '/__sim/merchant-payments',
      payload: {
        merchantCode: 'M_TESTECOLE',
        amount: 15_000,
        reference: 'stu 001',
        msisdn: '+22893334455',
        pin: '1234',
      },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const { transaction } = paid.json();
    await harness().settle();
    const { rows } = await context.db.execute(
      sql`select c.status, c.matched_by, c.student_id, c.source, c.provider, c.event_id is not null as from_event, e.outcome
          from incoming_credits c join provider_events e on e.id = c.event_id
          where c.provider_txn_id = ${transaction.id}`,
    );
    expect(rows).toEqual([
      {
        status: 'matched',
        matched_by: 'reference',
        student_id: school.student.id,
        source: 'provider_notification',
        provider: 'wave',
        from_event: true,
        outcome: 'applied',
      },
    ]);
    const page = await ok(finance('GET', '/api/accounting/incoming-credits?status=matched'));
    const item = page.items.find(
      (candidate: { providerTxnId: string }) => candidate.providerTxnId === transaction.id,
    );
    expect(item).toMatchObject({
      amount: 15_000,
      payerPhone: '+22893334455',
      reference: 'stu 001',
      wallet: null,
    });
    expect(item.receipt?.number).toMatch(/^REC-/);
    const accounts = await ok(finance('GET', '/api/accounting/merchant-accounts'));
    expect(accounts.items).toEqual([
      expect.objectContaining({ provider: 'wave', merchantCode: 'M_TESTECOLE' }),
    ]);

    // A wrong PIN pays nobody; an unknown merchant code waits for the platform's review.
    const wrongPin = await sandbox.inject({
      method: 'POST',
      url: '/__sim/merchant-payments',
      payload: { merchantCode: 'M_TESTECOLE', amount: 1_000, msisdn: '93334455', pin: '0000' },
    });
    expect(wrongPin.json().state).toBe('failed');
    const stranger = await sandbox.inject({
      method: 'POST',
      url: '/__sim/merchant-payments',
      payload: { merchantCode: 'M_INCONNU', amount: 1_000, msisdn: '93334455', pin: '1234' },
    });
    await harness().settle();
    const { rows: reviews } = await context.db.execute(
      sql`select reason, detail, organization_id from payment_reviews
          where detail like ${'%M_INCONNU%'}`,
    );
    expect(reviews).toEqual([
      {
        reason: 'unknown_attempt',
        detail: expect.stringMatching(/compte inconnu/),
        organization_id: null,
      },
    ]);
    const { rows: none } = await context.db.execute(
      sql`select count(*)::int as n from incoming_credits where provider_txn_id = ${stranger.json().transaction.id}`,
    );
    expect(none).toEqual([{ n: 0 }]);
    await expectLedgerAgrees(context, school.organizationId);
  });
});
