import { randomUUID } from 'node:crypto';
import type { SearchGroup, SearchResult } from '@ecolage/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/database';
import { memberWith } from '../../test/members';
import { ok, signUpSchool } from '../../test/school-fixture';
import { insertPayment, useAppAt } from '../payments/list/payment-records.test-support';
import { paidWithReceipt } from '../receipts/receipts.test-support';

const NOW = new Date('2026-06-15T10:00:00Z');

type School = Awaited<ReturnType<typeof signUpSchool>>;

async function addStudent(school: School, fullName: string) {
  const student = await ok(school.call('POST', '/api/students', { fullName }), 201);
  return student as { id: string; matricule: string };
}

async function addGuardian(school: School, studentId: string, fullName: string, phone: string) {
  const link = await ok(
    school.call('POST', `/api/students/${studentId}/guardians`, {
      fullName,
      phone,
      relation: 'mother',
      mainPayer: true,
    }),
    201,
  );
  return link.id as string;
}

async function insertInvoice(db: Database, school: School, studentId: string, number: string) {
  const id = randomUUID();
  await db.execute(sql`insert into invoices (id, organization_id, number, student_id, label, due_on,
      status, total, paid, issued_at)
    values (${id}, ${school.organizationId}, ${number}, ${studentId}, 'Scolarité', '2026-09-30',
      'open', 150000, 0, now())`);
  return id;
}

describe('GET /api/search', () => {
  const { app, db } = useAppAt(NOW);
  let school: School;
  let other: School;
  const ids = {} as Record<
    | 'agbeko'
    | 'dosseh'
    | 'foli'
    | 'guardian'
    | 'invoice'
    | 'invoice2'
    | 'koffi'
    | 'koffiMatricule'
    | 'otherGuardian'
    | 'otherInvoice'
    | 'otherKoffi'
    | 'otherPayment'
    | 'payment'
    | 'receiptNumber'
    | 'receiptPayment',
    string
  >;

  const search = (q: string, token = school.token) =>
    app().inject({
      method: 'GET',
      url: `/api/search?q=${encodeURIComponent(q)}`,
      headers: { authorization: `Bearer ${token}` },
    });
  const found = async (q: string, token?: string) => ok<SearchResult>(search(q, token));
  const group = (result: SearchResult, kind: SearchGroup['kind']) =>
    result.groups.find((candidate) => candidate.kind === kind);
  const titles = (result: SearchResult, kind: SearchGroup['kind']) =>
    group(result, kind)?.hits.map((hit) => hit.title);

  beforeAll(async () => {
    school = await signUpSchool(app(), 'Lycée Les Cocotiers');
    other = await signUpSchool(app(), 'Collège Voisin');
    const koffi = await addStudent(school, 'Kɔffi Mensah');
    ids.koffi = koffi.id;
    ids.koffiMatricule = koffi.matricule;
    ids.dosseh = (await addStudent(school, 'Ɖosseh Ama Ŋlɔ')).id;
    ids.agbeko = (await addStudent(school, 'Agbéko Kossi')).id;
    ids.foli = (await addStudent(school, 'Ƒoli Yawa')).id;
    ids.otherKoffi = (await addStudent(other, 'Kɔffi Autre')).id;
    ids.guardian = await addGuardian(school, ids.koffi, 'Afi Mensah', '+22890123456');
    ids.otherGuardian = await addGuardian(other, ids.otherKoffi, 'Afi Autre', '+22890123456');
    ids.invoice = await insertInvoice(db(), school, ids.koffi, 'ST-2026-0001');
    ids.invoice2 = await insertInvoice(db(), school, ids.koffi, 'ST-2026-0002');
    ids.otherInvoice = await insertInvoice(db(), other, ids.otherKoffi, 'ST-2026-0001');
    const receipt = await paidWithReceipt(
      db(),
      { organizationId: school.organizationId, guardianId: ids.guardian },
      { amount: 25_000, invoiceIds: [ids.invoice], at: NOW },
    );
    ids.receiptNumber = receipt.number;
    ids.receiptPayment = receipt.paymentId;
    ids.payment = await insertPayment(db(), {
      organizationId: school.organizationId,
      guardianId: ids.guardian,
      createdAt: NOW,
      amount: 40_000,
      status: 'pending',
      providerRef: 'TXN-ABC-12345',
    });
    ids.otherPayment = await insertPayment(db(), {
      organizationId: other.organizationId,
      guardianId: ids.otherGuardian,
      createdAt: NOW,
      providerRef: 'TXN-ABC-12345',
    });
  });

  it('finds students accent- and case-free, Ewe and Kabiyè letters folded, in the school only', async () => {
    for (const q of ['koffi', 'KƆFFI', 'Kɔffi', 'kOfFi mEnsah', 'mensah koffi']) {
      const result = await found(q);
      expect(titles(result, 'students'), q).toEqual(['Kɔffi Mensah']);
      expect(group(result, 'students')?.hits[0]).toMatchObject({
        kind: 'student',
        id: ids.koffi,
        href: `/admin/etudiants/${ids.koffi}`,
        matricule: ids.koffiMatricule,
        status: 'active',
        archived: false,
      });
    }
    expect(titles(await found('dosseh'), 'students')).toEqual(['Ɖosseh Ama Ŋlɔ']);
    expect(titles(await found('nlo'), 'students')).toEqual(['Ɖosseh Ama Ŋlɔ']);
    expect(titles(await found('agbeko'), 'students')).toEqual(['Agbéko Kossi']);
    expect(titles(await found('foli'), 'students')).toEqual(['Ƒoli Yawa']);
    // Two characters: a word starting with them (too short to be looked for inside a word).
    expect(titles(await found('ƒo'), 'students')).toEqual(['Ƒoli Yawa']);
    expect(titles(await found('me'), 'students')).toEqual(['Kɔffi Mensah']);
    expect(titles(await found('ff'), 'students')).toEqual([]);
    // The other school's Kɔffi is never found from this one, and the other way round.
    expect(titles(await found('koffi', other.token), 'students')).toEqual(['Kɔffi Autre']);
  });

  it('finds a student by matricule, whole or by its number, that one first', async () => {
    expect(group(await found(ids.koffiMatricule), 'students')?.hits[0]?.id).toBe(ids.koffi);
    expect(group(await found(ids.koffiMatricule.toLowerCase()), 'students')?.hits[0]?.id).toBe(
      ids.koffi,
    );
    const number = String(Number(ids.koffiMatricule.replace(/\D/g, '')));
    const byNumber = await found(number.length >= 2 ? number : `0${number}`);
    expect(group(byNumber, 'students')?.hits[0]?.id).toBe(ids.koffi);
  });

  it('finds a guardian by phone however it is typed, and by name', async () => {
    for (const q of ['90 12 34 56', '90123456', '+228 90 12 34 56', '+22890123456', 'afi mensah']) {
      const result = await found(q);
      expect(group(result, 'guardians')?.hits, q).toEqual([
        {
          kind: 'guardian',
          id: ids.guardian,
          title: 'Afi Mensah',
          href: `/admin/etudiants/${ids.koffi}`,
          phone: '+22890123456',
          students: ['Kɔffi Mensah'],
        },
      ]);
    }
  });

  it('finds invoices by number or its start, in number order, of the school only', async () => {
    const result = await found('ST-2026-0001');
    expect(group(result, 'invoices')?.hits).toEqual([
      {
        kind: 'invoice',
        id: ids.invoice,
        title: 'ST-2026-0001',
        href: `/admin/etudiants/${ids.koffi}`,
        studentName: 'Kɔffi Mensah',
        total: 150_000,
        // The receipt's payment paid part of it.
        status: 'partially_paid',
      },
    ]);
    expect(titles(await found('st 2026'), 'invoices')).toEqual(['ST-2026-0001', 'ST-2026-0002']);
    expect(group(await found('ST-2026-0001', other.token), 'invoices')?.hits[0]?.id).toBe(
      ids.otherInvoice,
    );
    // A name has no digit: no number is looked for.
    expect(group(await found('st'), 'invoices')?.hits).toEqual([]);
  });

  it('finds a receipt by number, opening its payment', async () => {
    expect(ids.receiptNumber).toMatch(/^REC-2026-\d{6}$/);
    const result = await found(ids.receiptNumber.slice(0, 9));
    expect(group(result, 'receipts')?.hits).toEqual([
      {
        kind: 'receipt',
        id: expect.any(String),
        title: ids.receiptNumber,
        href: `/admin/paiements?paiement=${ids.receiptPayment}`,
        payerName: 'Afi Mensah',
        amount: 25_000,
        issuedAt: NOW.toISOString(),
      },
    ]);
    // A number's start without a digit yet (`REC-`) is a number all the same.
    expect(titles(await found('rec-'), 'receipts')).toEqual([ids.receiptNumber]);
    expect(group(await found(ids.receiptNumber, other.token), 'receipts')?.hits).toEqual([]);
  });

  it('finds a payment by provider reference or id, exact or by its start', async () => {
    const expected = {
      kind: 'payment',
      id: ids.payment,
      title: 'TXN-ABC-12345',
      href: `/admin/paiements?paiement=${ids.payment}`,
      amount: 40_000,
      status: 'pending',
      provider: 'mtn',
      payerName: 'Afi Mensah',
      createdAt: NOW.toISOString(),
    };
    for (const q of ['TXN-ABC-12345', 'txn-abc-1', ids.payment, ids.payment.slice(0, 8)]) {
      expect(group(await found(q), 'payments')?.hits, q).toEqual([expected]);
    }
    expect(group(await found(ids.payment.slice(0, 7)), 'payments')?.hits).toEqual([]);
    expect(group(await found('TXN-ABC-12345', other.token), 'payments')?.hits[0]?.id).toBe(
      ids.otherPayment,
    );
  });

  it('shows 5 hits a group and says there are more', async () => {
    for (let index = 1; index <= 6; index += 1) await addStudent(school, `Élève Nombreux ${index}`);
    const result = await found('nombreux');
    expect(group(result, 'students')?.hits).toHaveLength(5);
    expect(group(result, 'students')?.more).toBe(true);
    expect(group(await found('koffi'), 'students')?.more).toBe(false);
  });

  it('leaves out the groups the member may not read', async () => {
    const kinds = async (permissions: string[]) => {
      const token = await memberWith(app(), db(), school, permissions);
      return (await found('ST-2026-0001', token)).groups.map((candidate) => candidate.kind);
    };
    expect((await found('koffi')).groups.map((candidate) => candidate.kind)).toEqual([
      'students',
      'guardians',
      'invoices',
      'receipts',
      'payments',
    ]);
    expect(await kinds(['read:students'])).toEqual(['students', 'guardians']);
    expect(await kinds(['read:invoices'])).toEqual(['invoices']);
    expect(await kinds(['read:payments'])).toEqual(['receipts', 'payments']);
    expect(await kinds(['read:programmes'])).toEqual([]);
  });

  it('refuses a term too short, too long, missing or with a NUL, in French; asks for a session', async () => {
    for (const q of ['a', '  b  ', 'x'.repeat(101)]) {
      const answer = await search(q);
      expect(answer.statusCode, q).toBe(400);
      expect(answer.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await search('a')).json().issues[0].message).toBe('Tapez au moins 2 caractères.');
    expect((await search('x'.repeat(101))).json().issues[0].message).toBe(
      '100 caractères au plus.',
    );
    expect((await ok(search('x'.repeat(100)))).groups).toHaveLength(5);
    const missing = await app().inject({
      method: 'GET',
      url: '/api/search',
      headers: { authorization: `Bearer ${school.token}` },
    });
    expect(missing.statusCode).toBe(400);
    const nul = await app().inject({
      method: 'GET',
      url: '/api/search?q=ko%00ffi',
      headers: { authorization: `Bearer ${school.token}` },
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toMatch(/caractère/);
    expect((await app().inject({ method: 'GET', url: '/api/search?q=koffi' })).statusCode).toBe(
      401,
    );
    // LIKE's wildcards are taken literally.
    expect(titles(await found('%%'), 'students')).toEqual([]);
    expect(titles(await found('__'), 'students')).toEqual([]);
  });
});
