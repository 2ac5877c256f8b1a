import type { SystemRoleKey } from '@ecolage/contracts';
import { formatFrancsAscii } from '@ecolage/money';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/database';
import { logIn } from '../../test/auth-helpers';
import {
  expectLedgerAgrees,
  openInvoices,
  schoolWithFamily,
  usePaymentsHarness,
} from '../../test/payments-harness';
import { pdfText } from '../../test/pdf-text';
import { ok } from '../../test/school-fixture';
import { addMemberWithSystemRole } from '../access';
import { ensureAccount } from '../auth';

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
  return (
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}`, ...headers } });
}

type Caller = Awaited<ReturnType<typeof member>>;

describe('The cash desk', () => {
  const harness = usePaymentsHarness();
  let school: Awaited<ReturnType<typeof schoolWithFamily>>;
  let cashier: Caller;
  let otherCashier: Caller;
  let finance: Caller;
  let registrar: Caller;
  let sessionId: string;

  beforeAll(async () => {
    const { app, context } = harness();
    school = await schoolWithFamily(app);
    cashier = await member(app, context.db, school.organizationId, 'cashier', 'Komi Amegah');
    otherCashier = await member(app, context.db, school.organizationId, 'cashier', 'Yawa Doe');
    finance = await member(app, context.db, school.organizationId, 'finance', 'Ama Lawson');
    registrar = await member(app, context.db, school.organizationId, 'registrar', 'Essi Adjo');
  });

  it('opens a session with a float, once', async () => {
    const negative = await cashier('POST', '/api/cash-sessions', { openingFloat: -500 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toMatch(/fond de caisse ne peut pas être négatif/i);

    const opened = await ok(cashier('POST', '/api/cash-sessions', { openingFloat: 20_000 }), 201);
    expect(opened).toMatchObject({
      status: 'open',
      cashierName: 'Komi Amegah',
      openingFloat: 20_000,
      cashTaken: 0,
      expectedCash: 20_000,
      paymentCount: 0,
      countedCash: null,
    });
    sessionId = opened.id;
    expect((await ok(cashier('GET', '/api/cash-sessions/current'))).id).toBe(sessionId);
    const none = await otherCashier('GET', '/api/cash-sessions/current');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();

    const twice = await cashier('POST', '/api/cash-sessions', { openingFloat: 0 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/déjà une caisse ouverte/);
  });

  it('takes cash and a cheque for chosen invoices: paid, posted to 571 and 513, receipts at once', async () => {
    const { context } = harness();
    const [first, second] = school.invoices;
    const url = `/api/cash-sessions/${sessionId}/payments`;
    const cash = await ok(
      cashier('POST', url, {
        studentId: school.student.id,
        invoiceIds: [first!.id],
        amount: first!.total,
        method: 'CASH',
      }),
      201,
    );
    expect(cash.receiptNumber).toMatch(/^REC-\d{4}-\d{6}$/);
    expect(cash.payment).toMatchObject({
      status: 'succeeded',
      provider: 'desk',
      wallet: 'CASH',
      amount: first!.total,
      guardianId: school.guardianId,
      createdBy: 'Komi Amegah',
      receiptId: cash.receiptId,
      allocations: [{ invoiceId: first!.id, amount: first!.total }],
    });

    const noReference = await cashier('POST', url, {
      studentId: school.student.id,
      invoiceIds: [second!.id],
      amount: 40_000,
      method: 'CHEQUE',
    });
    expect(noReference.statusCode).toBe(400);
    expect(noReference.json().issues).toEqual([
      { path: 'reference', message: expect.stringMatching(/numéro du chèque/) },
    ]);

    const cheque = await ok(
      cashier('POST', url, {
        studentId: school.student.id,
        invoiceIds: [second!.id],
        amount: 40_000,
        method: 'CHEQUE',
        reference: 'CHQ-0012345',
      }),
      201,
    );
    expect(cheque.payment).toMatchObject({ wallet: 'CHEQUE', providerRef: 'CHQ-0012345' });
    expect(cheque.receiptNumber).not.toBe(cash.receiptNumber);

    const left = await openInvoices(school.call, school.student.id);
    expect(left.map((invoice) => invoice.id)).not.toContain(first!.id);
    expect(left.find((invoice) => invoice.id === second!.id)).toMatchObject({
      status: 'partially_paid',
      paid: 40_000,
    });
    const accounts = await context.db.execute<{ account: string; debit: string; credit: string }>(
      sql`select e.account, sum(e.debit) as debit, sum(e.credit) as credit
        from ledger_entries e join ledger_transactions t
          on t.organization_id = e.organization_id and t.id = e.transaction_id
        where e.organization_id = ${school.organizationId} and t.source_type = 'payment'
        group by e.account order by e.account`,
    );
    expect(
      accounts.rows.map((row) => [row.account, Number(row.debit), Number(row.credit)]),
    ).toEqual([
      ['4111', 0, first!.total + 40_000],
      ['513', 40_000, 0],
      ['571', first!.total, 0],
    ]);
    await expectLedgerAgrees(context, school.organizationId);

    // The outbox handler of `payment.succeeded` finds the receipt already there.
    await harness().settle();
    const receipts = await context.db.execute<{ number: string }>(
      sql`select number from receipts where payment_id in (${cash.payment.id}, ${cheque.payment.id})
        order by number`,
    );
    expect(receipts.rows.map((row) => row.number)).toEqual(
      [cash.receiptNumber, cheque.receiptNumber].sort(),
    );
    const journal = await context.db.execute<{ action: string }>(
      sql`select action from audit_entries where organization_id = ${school.organizationId}
        and action in ('cash_session.opened', 'payment.recorded_at_desk', 'receipt.issued')
        order by id`,
    );
    expect(journal.rows.map((row) => row.action)).toEqual([
      'cash_session.opened',
      'receipt.issued',
      'payment.recorded_at_desk',
      'receipt.issued',
      'payment.recorded_at_desk',
    ]);

    const session = await ok(cashier('GET', `/api/cash-sessions/${sessionId}`));
    expect(session).toMatchObject({
      cashTaken: first!.total,
      expectedCash: 20_000 + first!.total,
      paymentCount: 2,
      totalsByMethod: [
        { method: 'CASH', count: 1, amount: first!.total },
        { method: 'CHEQUE', count: 1, amount: 40_000 },
      ],
    });
    // The session's own list, newest first, as « Paiements » rows with their receipts.
    const taken = await ok(cashier('GET', `/api/cash-sessions/${sessionId}/payments?pageSize=1`));
    expect(taken).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(taken.items).toEqual([
      expect.objectContaining({
        id: cheque.payment.id,
        provider: 'desk',
        wallet: 'CHEQUE',
        amount: 40_000,
        receiptNumber: cheque.receiptNumber,
        students: [expect.objectContaining({ id: school.student.id })],
      }),
    ]);
  });

  it('without invoices, pays the student’s oldest due first, up to what they owe', async () => {
    const url = `/api/cash-sessions/${sessionId}/payments`;
    const [second, third] = await openInvoices(school.call, school.student.id);
    const onSecond = Math.min(60_000, second!.total - second!.paid);
    const taken = await ok(
      cashier('POST', url, {
        studentId: school.student.id,
        amount: 60_000,
        method: 'YAS_TG',
        reference: 'TX-778899',
      }),
      201,
    );
    expect(taken.payment.allocations).toEqual([
      expect.objectContaining({ invoiceId: second!.id, amount: onSecond }),
      ...(onSecond < 60_000
        ? [expect.objectContaining({ invoiceId: third!.id, amount: 60_000 - onSecond })]
        : []),
    ]);
    const owed = (await openInvoices(school.call, school.student.id)).reduce(
      (sum, invoice) => sum + invoice.total - invoice.paid,
      0,
    );
    const above = await cashier('POST', url, {
      studentId: school.student.id,
      amount: owed + 1,
      method: 'CASH',
    });
    expect(above.statusCode).toBe(400);
    expect(above.json().message).toMatch(/dépasse ce qui reste à payer/);
  });

  it('refuses a payer who is not the student’s, and another student’s invoice', async () => {
    const url = `/api/cash-sessions/${sessionId}/payments`;
    const other = await ok(school.call('POST', '/api/students', { fullName: 'Ama Koffi' }), 201);
    const stranger = await ok(
      school.call('POST', `/api/students/${other.id}/guardians`, {
        fullName: 'Kodjo Koffi',
        phone: '+22891000001',
        relation: 'father',
        mainPayer: true,
      }),
      201,
    );
    const notLinked = await cashier('POST', url, {
      studentId: school.student.id,
      guardianId: stranger.id,
      amount: 1_000,
      method: 'CASH',
    });
    expect(notLinked.statusCode).toBe(400);
    expect(notLinked.json().message).toMatch(/pas lié à cet étudiant/);
    const nothingDue = await cashier('POST', url, {
      studentId: other.id,
      amount: 1_000,
      method: 'CASH',
    });
    expect(nothingDue.statusCode).toBe(400);
    expect(nothingDue.json().message).toMatch(/aucune facture à payer/);
  });

  it('a double submit with one Idempotency-Key takes the money once', async () => {
    const { context } = harness();
    const url = `/api/cash-sessions/${sessionId}/payments`;
    const body = { studentId: school.student.id, amount: 5_000, method: 'CASH' };
    const key = { 'idempotency-key': 'guichet-0001' };
    const [first, second] = await Promise.all([
      cashier('POST', url, body, key),
      cashier('POST', url, body, key),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 201]);
    expect(first.json().payment.id).toBe(second.json().payment.id);
    expect(first.json().receiptNumber).toBe(second.json().receiptNumber);
    const other = await cashier('POST', url, { ...body, amount: 6_000 }, key);
    expect(other.statusCode).toBe(422);
    const count = await context.db.execute<{ n: number }>(
      sql`select count(*)::int as n from payment_attempts where cash_session_id = ${sessionId}`,
    );
    expect(count.rows[0]!.n).toBe(4);
  });

  it('keeps another cashier out and lets a supervisor see everything, read-only', async () => {
    const url = `/api/cash-sessions/${sessionId}`;
    const payment = { studentId: school.student.id, amount: 1_000, method: 'CASH' };
    expect((await otherCashier('GET', url)).statusCode).toBe(404);
    expect((await otherCashier('POST', `${url}/payments`, payment)).statusCode).toBe(404);
    expect(
      (await otherCashier('POST', `${url}/close`, { countedAmount: 0, comment: 'x' })).statusCode,
    ).toBe(404);
    expect((await otherCashier('GET', `${url}/report.pdf`)).statusCode).toBe(404);
    expect((await otherCashier('GET', `${url}/payments`)).statusCode).toBe(404);
    const own = await ok(otherCashier('POST', '/api/cash-sessions', { openingFloat: 0 }), 201);

    const mine = await ok(cashier('GET', '/api/cash-sessions'));
    expect(mine.items.map((item: { id: string }) => item.id)).toEqual([sessionId]);
    const all = await ok(finance('GET', '/api/cash-sessions?status=open'));
    expect(all.items.map((item: { id: string }) => item.id).sort()).toEqual(
      [sessionId, own.id].sort(),
    );
    expect((await ok(finance('GET', url))).paymentCount).toBe(4);
    expect((await finance('POST', `${url}/payments`, payment)).statusCode).toBe(403);
    expect((await finance('GET', `${url}/report.pdf`)).statusCode).toBe(200);
    expect((await ok(finance('GET', `${url}/payments`))).total).toBe(4);

    // A role without either permission is refused the whole desk.
    expect((await registrar('GET', '/api/cash-sessions')).statusCode).toBe(403);
    expect((await registrar('GET', url)).statusCode).toBe(403);
    expect((await registrar('POST', '/api/cash-sessions', { openingFloat: 0 })).statusCode).toBe(
      403,
    );
    // The school owner holds both: sees the session, may not take money in it.
    const ownerAnswer = await school.call('POST', `${url}/payments`, payment);
    expect(ownerAnswer.statusCode).toBe(403);
    expect(ownerAnswer.json().message).toMatch(/Seul le caissier/);
  });

  it('closes by counting the drawer: a difference needs a comment; closed is closed', async () => {
    const session = await ok(cashier('GET', `/api/cash-sessions/${sessionId}`));
    // Float + the two cash payments: what the drawer should hold; 1 000 is missing.
    const expected = 20_000 + school.invoices[0]!.total + 5_000;
    expect(session.expectedCash).toBe(expected);
    const close = (body: object) => cashier('POST', `/api/cash-sessions/${sessionId}/close`, body);
    const silent = await close({ countedAmount: expected - 1_000 });
    expect(silent.statusCode).toBe(400);
    expect(silent.json().issues[0]).toMatchObject({ path: 'comment' });

    const closed = await ok(
      close({ countedAmount: expected - 1_000, comment: 'Billet de 1 000 rendu en trop' }),
    );
    expect(closed).toMatchObject({
      status: 'closed',
      expectedCash: expected,
      countedCash: expected - 1_000,
      difference: -1_000,
      closingComment: 'Billet de 1 000 rendu en trop',
    });
    expect(closed.closedAt).not.toBeNull();

    const again = await close({ countedAmount: expected });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/déjà clôturée/);
    const late = await cashier('POST', `/api/cash-sessions/${sessionId}/payments`, {
      studentId: school.student.id,
      amount: 1_000,
      method: 'CASH',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/clôturée/);
    expect(await ok(cashier('GET', '/api/cash-sessions/current'))).toBeNull();
    const journal = await harness().context.db.execute<{ details: { difference: number } }>(
      sql`select details from audit_entries where resource_id = ${sessionId}
        and action = 'cash_session.closed'`,
    );
    expect(journal.rows[0]?.details.difference).toBe(-1_000);
  });

  it('prints the brouillard de caisse with every payment, the totals and the count', async () => {
    const answer = await cashier('GET', `/api/cash-sessions/${sessionId}/report.pdf`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toMatch(
      /^inline; filename="brouillard-caisse-\d{4}-\d{2}-\d{2}-komi-amegah\.pdf"$/,
    );
    const text = (await pdfText(answer.rawPayload)).join('\n').replace(/\s+/g, ' ');
    expect(text).not.toMatch(/\u202F/);
    const cash = school.invoices[0]!.total + 5_000;
    const amount = formatFrancsAscii;
    for (const expected of [
      'Brouillard de caisse',
      'Komi Amegah',
      'Kossi Agbéko',
      'CHQ-0012345',
      'TX-778899',
      `Espèces (2) ${amount(cash)}`,
      `Chèque (1) ${amount(40_000)}`,
      `Mixx by Yas (1) ${amount(60_000)}`,
      `Total (4) ${amount(cash + 100_000)}`,
      `Espèces attendues ${amount(20_000 + cash)}`,
      `Espèces comptées ${amount(20_000 + cash - 1_000)}`,
      '-1 000 FCFA (manquant)',
      'Billet de 1 000 rendu en trop',
      'Le caissier',
    ]) {
      expect(text).toContain(expected);
    }
    const numbers = await harness().context.db.execute<{ number: string }>(
      sql`select r.number from receipts r join payment_attempts p on p.id = r.payment_id
        where p.cash_session_id = ${sessionId}`,
    );
    expect(numbers.rows).toHaveLength(4);
    for (const { number } of numbers.rows) expect(text).toContain(number);
  });

  it('answers 404 to another school', async () => {
    const { app } = harness();
    const other = await schoolWithFamily(app, '+22890112299');
    const url = `/api/cash-sessions/${sessionId}`;
    expect((await other.call('GET', url)).statusCode).toBe(404);
    expect((await other.call('GET', `${url}/report.pdf`)).statusCode).toBe(404);
    expect(
      (
        await other.call('POST', `${url}/payments`, {
          studentId: other.student.id,
          amount: 1_000,
          method: 'CASH',
        })
      ).statusCode,
    ).toBe(404);
    expect((await other.call('POST', `${url}/close`, { countedAmount: 0 })).statusCode).toBe(404);
    const theirs = await ok(other.call('GET', '/api/cash-sessions'));
    expect(theirs.total).toBe(0);
  });
});
