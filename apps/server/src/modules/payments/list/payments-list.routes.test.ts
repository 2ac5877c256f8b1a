import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { memberWith } from '../../../test/members';
import { ok, signUpSchool } from '../../../test/school-fixture';
import { insertPayment, useAppAt } from './payment-records.test-support';

const NOW = new Date('2026-06-15T10:00:00Z');
const hours = (count: number) => count * 3_600_000;

type School = Awaited<ReturnType<typeof signUpSchool>>;
interface Fixture {
  id: string;
  createdAt: Date;
  status: string;
  provider: string;
  students: string[];
}

const lines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);

describe('« Paiements »: GET /api/payments, its export and a payment’s timeline', () => {
  const { app, db } = useAppAt(NOW);
  let school: School;
  let kossi: { id: string; matricule: string; invoice: { id: string; number: string } };
  let ama: { id: string; matricule: string; invoice: { id: string; number: string } };
  let guardianId: string;
  const payments: Fixture[] = [];
  let receipted: string;
  let refundLater: string;
  let elsewhere: { school: School; paymentId: string };
  const get = (url: string, token?: string) =>
    app().inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token ?? school.token}` },
    });
  /** The school's payments as the list must order them. */
  const ordered = (order: 'asc' | 'desc', keep: (payment: Fixture) => boolean = () => true) => {
    const sign = order === 'asc' ? 1 : -1;
    return payments
      .filter(keep)
      .sort(
        (a, b) =>
          sign * (a.createdAt.getTime() - b.createdAt.getTime()) ||
          sign * (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
      )
      .map((payment) => payment.id);
  };

  async function studentWithInvoice(of: School, fullName: string, phone: string) {
    const student = await ok(of.call('POST', '/api/students', { fullName }), 201);
    const link = await ok(
      of.call('POST', `/api/students/${student.id}/guardians`, {
        fullName: 'Afi Agbéko',
        phone,
        relation: 'mother',
        mainPayer: true,
      }),
      201,
    );
    const invoice = await ok(
      of.call('POST', '/api/invoices', {
        studentId: student.id,
        label: 'Scolarité juin',
        dueOn: '2026-06-05',
        lines: [{ label: 'Scolarité juin', amount: 150_000 }],
      }),
      201,
    );
    return {
      id: student.id as string,
      matricule: student.matricule as string,
      guardianId: link.id as string,
      invoice: { id: invoice.id as string, number: invoice.number as string },
    };
  }

  async function pay(
    of: { id: string; invoice: { id: string } }[],
    createdAt: Date,
    status: string,
    provider: string,
  ) {
    const id = await insertPayment(db(), {
      organizationId: school.organizationId,
      guardianId,
      createdAt,
      status: status as never,
      provider,
      wallet: { mtn: 'MTN', wave: 'WAVE', desk: 'CASH', paygate: 'YAS_TG' }[provider],
      providerRef: `REF-${payments.length}`,
      claims: of.map((student) => ({ invoiceId: student.invoice.id, studentId: student.id })),
    });
    payments.push({ id, createdAt, status, provider, students: of.map((student) => student.id) });
    return id;
  }

  beforeAll(async () => {
    school = await signUpSchool(app(), 'Lycée Les Cocotiers');
    // Lagos is an hour ahead of UTC: the school's days do not start at midnight UTC.
    await db().execute(
      sql`update organizations set time_zone = 'Africa/Lagos' where id = ${school.organizationId}`,
    );
    const first = await studentWithInvoice(school, 'Kossi Agbéko', '+22890112233');
    guardianId = first.guardianId;
    kossi = first;
    ama = await studentWithInvoice(school, 'Ama Mensah', '+22890112244');

    const base = new Date('2026-06-10T08:00:00Z');
    const statuses = ['succeeded', 'failed', 'succeeded', 'expired'];
    const providers = ['mtn', 'wave', 'desk', 'paygate'];
    for (let i = 0; i < 12; i += 1) {
      await pay(
        [i % 2 ? ama : kossi],
        new Date(base.getTime() + hours(3 * i)),
        statuses[i % 4]!,
        providers[i % 4]!,
      );
    }
    // The same instant as the newest of the series: the id breaks the tie.
    await pay([kossi], payments[11]!.createdAt, 'succeeded', 'mtn');
    // Siblings paid together, the day before.
    await pay([kossi, ama], new Date(base.getTime() - hours(24)), 'succeeded', 'wave');
    // 00:30 on 14 June in Lagos (still the 13th in UTC), and 23:30 on 13 June in Lagos.
    await pay([kossi], new Date('2026-06-13T23:30:00Z'), 'pending', 'mtn');
    await pay([ama], new Date('2026-06-13T22:30:00Z'), 'succeeded', 'desk');
    // Weeks old: their count is kept between page views.
    await pay([kossi], new Date('2026-05-02T09:00:00Z'), 'succeeded', 'mtn');
    await pay([ama], new Date('2026-05-03T09:00:00Z'), 'failed', 'wave');
    refundLater = await pay([ama], new Date('2026-05-04T09:00:00Z'), 'succeeded', 'desk');

    receipted = payments[0]!.id;
    await db().execute(sql`insert into receipts (id, organization_id, payment_id, year, sequence,
        number, verification_code, amount, content, issued_at)
      values (${randomUUID()}, ${school.organizationId}, ${receipted}, 2026, 1, 'REC-2026-000001',
        ${randomUUID()}, 50000, ${JSON.stringify({ verificationUrl: 'https://ecole.tg/verifier/abc' })}::jsonb,
        ${payments[0]!.createdAt.toISOString()}::timestamptz + interval '2 minutes')`);

    const other = await signUpSchool(app(), 'École Voisine');
    const intruder = await studentWithInvoice(other, 'Intrus Voisin', '+22890112255');
    elsewhere = {
      school: other,
      paymentId: await insertPayment(db(), {
        organizationId: other.organizationId,
        guardianId: intruder.guardianId,
        createdAt: new Date('2026-06-14T12:00:00Z'),
        claims: [{ invoiceId: intruder.invoice.id, studentId: intruder.id }],
      }),
    };
  });

  it('pages the school’s payments newest first, 9 a page, with invoices, students and receipt', async () => {
    const expected = ordered('desc');
    const first = await ok(get('/api/payments'));
    expect(first).toMatchObject({ total: 19, page: 1, pageSize: 9 });
    expect(first.items.map((row: { id: string }) => row.id)).toEqual(expected.slice(0, 9));
    const second = await ok(get('/api/payments?page=2'));
    expect(second.items.map((row: { id: string }) => row.id)).toEqual(expected.slice(9, 18));
    // Past the middle, the page is read from the other end: the same rows, in the same order.
    const last = await ok(get('/api/payments?page=3'));
    expect(last.items.map((row: { id: string }) => row.id)).toEqual(expected.slice(18));
    expect((await ok(get('/api/payments?page=4'))).items).toEqual([]);

    const all = await ok(get('/api/payments?pageSize=50'));
    const row = all.items.find((item: { id: string }) => item.id === receipted);
    expect(row).toMatchObject({
      provider: 'mtn',
      wallet: 'MTN',
      amount: 50_000,
      status: 'succeeded',
      invoiceNumbers: [kossi.invoice.number],
      students: [{ id: kossi.id, name: 'Kossi Agbéko', matricule: kossi.matricule }],
      guardianName: 'Afi Agbéko',
      receiptNumber: 'REC-2026-000001',
    });
    const siblings = all.items.find((item: { students: unknown[] }) => item.students.length === 2);
    expect(siblings.invoiceNumbers.sort()).toEqual(
      [kossi.invoice.number, ama.invoice.number].sort(),
    );
    expect(all.items.some((item: { id: string }) => item.id === elsewhere.paymentId)).toBe(false);
  });

  it('sorts oldest first on demand, the last page included', async () => {
    const expected = ordered('asc');
    const first = await ok(get('/api/payments?sort=asc'));
    expect(first.items.map((row: { id: string }) => row.id)).toEqual(expected.slice(0, 9));
    const last = await ok(get('/api/payments?sort=asc&page=3'));
    expect(last.items.map((row: { id: string }) => row.id)).toEqual(expected.slice(18));
    const small = await ok(get('/api/payments?sort=asc&pageSize=4&page=5'));
    expect(small).toMatchObject({ total: 19, page: 5 });
    expect(small.items.map((row: { id: string }) => row.id)).toEqual(expected.slice(16));
  });

  it('filters by status and by what the PSP column shows (the wallet, or the cash desk)', async () => {
    const failed = await ok(get('/api/payments?status=failed'));
    expect(failed.total).toBe(4);
    expect(failed.items.map((row: { id: string }) => row.id)).toEqual(
      ordered('desc', (payment) => payment.status === 'failed'),
    );
    // Mixx by Yas: the payments made with that wallet online (carried by PayGate here).
    const mixx = await ok(get('/api/payments?psp=YAS_TG'));
    expect(mixx.items.map((row: { id: string; wallet: string }) => row.id)).toEqual(
      ordered('desc', (payment) => payment.provider === 'paygate'),
    );
    expect(mixx.total).toBe(3);
    expect((await ok(get('/api/payments?psp=MOOV_TG'))).total).toBe(0);
    const desk = await ok(get('/api/payments?psp=desk'));
    expect(desk.items.map((row: { id: string }) => row.id)).toEqual(
      ordered('desc', (payment) => payment.provider === 'desk'),
    );
    expect(desk.total).toBe(5);
    const both = await ok(get('/api/payments?psp=desk&status=succeeded&sort=asc'));
    expect(both.total).toBe(5);
  });

  it('filters by the school’s calendar days, both ends included', async () => {
    const day14 = await ok(get('/api/payments?from=2026-06-14&to=2026-06-14'));
    expect(day14.items.map((row: { id: string }) => row.id)).toEqual([payments[14]!.id]);
    const day13 = await ok(get('/api/payments?from=2026-06-13&to=2026-06-13'));
    expect(day13.items.map((row: { id: string }) => row.id)).toEqual([payments[15]!.id]);
    const since = await ok(get('/api/payments?from=2026-06-13'));
    expect(since.total).toBe(2);
    const until = await ok(get('/api/payments?to=2026-05-31'));
    expect(until.total).toBe(3);
  });

  it('finds a student’s payments by name (accents and case aside), matricule or invoice number', async () => {
    const ofKossi = ordered('desc', (payment) => payment.students.includes(kossi.id));
    for (const term of ['agbeko', 'AGBÉKO', ' kossi  agbéko ']) {
      const found = await ok(get(`/api/payments?student=${encodeURIComponent(term)}&pageSize=50`));
      expect(found.items.map((row: { id: string }) => row.id)).toEqual(ofKossi);
      expect(found.total).toBe(ofKossi.length);
    }
    const ofAma = ordered('desc', (payment) => payment.students.includes(ama.id));
    const byMatricule = await ok(
      get(`/api/payments?student=${ama.matricule.toLowerCase()}&pageSize=50`),
    );
    expect(byMatricule.items.map((row: { id: string }) => row.id)).toEqual(ofAma);
    const byInvoice = await ok(
      get(`/api/payments?student=${ama.invoice.number.toLowerCase()}&pageSize=50`),
    );
    expect(byInvoice.items.map((row: { id: string }) => row.id)).toEqual(ofAma);
    const byId = await ok(get(`/api/payments?studentId=${kossi.id}&status=failed`));
    expect(byId.items.map((row: { id: string }) => row.id)).toEqual(
      ordered('desc', (p) => p.students.includes(kossi.id) && p.status === 'failed'),
    );
    expect((await ok(get('/api/payments?student=personne'))).total).toBe(0);
    const intruder = await ok(get('/api/payments?student=intrus'));
    expect(intruder).toMatchObject({ total: 0, items: [] });
  });

  it('finds the payments of a name many students share', async () => {
    // 1 001 « Nombreux » (more than a search lists by id) and 150 « Quelques ».
    const { rows } = await db().execute<{ id: string; name: string }>(sql`
      insert into students (organization_id, matricule, full_name, search_key)
      select ${school.organizationId}, 'LOT-' || g, name, lower(name) || ' lot-' || g
      from generate_series(1, 1151) g,
        lateral (select case when g <= 1001 then 'Élève Nombreux' else 'Élève Quelques' end name) n
      returning id, full_name as name`);
    const pick = (name: string) => rows.filter((row) => row.name === name).at(-1)!;
    const found: Record<string, string> = {};
    for (const name of ['Élève Nombreux', 'Élève Quelques']) {
      const student = pick(name);
      const invoice = await ok(
        school.call('POST', '/api/invoices', {
          studentId: student.id,
          label: 'Tenue',
          dueOn: '2026-06-05',
          lines: [{ label: 'Tenue', amount: 10_000 }],
        }),
        201,
      );
      found[name] = await insertPayment(db(), {
        organizationId: school.organizationId,
        guardianId,
        createdAt: new Date('2026-06-14T12:00:00Z'),
        claims: [{ invoiceId: invoice.id, studentId: student.id }],
      });
    }
    for (const [term, name] of [
      ['nombreux', 'Élève Nombreux'],
      ['QUELQUES', 'Élève Quelques'],
    ] as const) {
      const page = await ok(get(`/api/payments?student=${term}`));
      expect(page).toMatchObject({ total: 1, items: [{ id: found[name] }] });
      const succeeded = await ok(get(`/api/payments?student=${term}&status=succeeded`));
      expect(succeeded.total).toBe(1);
    }
    // The other cases count the school's payments: these two go.
    await db().execute(
      sql`delete from payment_attempt_invoices where attempt_id in (${found['Élève Nombreux']!}, ${found['Élève Quelques']!})`,
    );
    await db().execute(
      sql`delete from payment_attempts where id in (${found['Élève Nombreux']!}, ${found['Élève Quelques']!})`,
    );
  });

  it('refuses bad filters in French', async () => {
    const reversed = await get('/api/payments?from=2026-06-14&to=2026-06-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toMatch(/La date de début doit précéder la date de fin/);
    const status = await get('/api/payments?status=paid');
    expect(status.statusCode).toBe(400);
    expect(JSON.stringify(status.json())).toMatch(/Statut inconnu/);
    const psp = await get('/api/payments/export?psp=paygate');
    expect(psp.statusCode).toBe(400);
    expect(JSON.stringify(psp.json())).toMatch(/PSP inconnu/);
    expect((await get('/api/payments?from=14/06/2026')).statusCode).toBe(400);
    expect((await get('/api/payments?page=0')).statusCode).toBe(400);
  });

  it('tells a payment’s story, and keeps other schools’ payments out (404)', async () => {
    const story = await ok(get(`/api/payments/${receipted}/timeline`));
    expect(story).toMatchObject({
      payment: { id: receipted, status: 'succeeded', amount: 50_000 },
      students: [{ id: kossi.id, name: 'Kossi Agbéko' }],
      transitions: [],
      providerEvents: [],
      refunds: [],
      receipt: { number: 'REC-2026-000001', verificationUrl: 'https://ecole.tg/verifier/abc' },
      refundable: 50_000,
      providerRefund: 'none',
    });
    // The payment's own route still answers beside the list's.
    expect((await ok(get(`/api/payments/${receipted}`))).id).toBe(receipted);

    const foreign = await get(`/api/payments/${elsewhere.paymentId}/timeline`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Paiement introuvable.');
    const theirs = await get(`/api/payments/${receipted}/timeline`, elsewhere.school.token);
    expect(theirs.statusCode).toBe(404);
    expect((await ok(get('/api/payments', elsewhere.school.token))).total).toBe(1);
  });

  it('refuses a member without read:payments', async () => {
    const token = await memberWith(app(), db(), school, ['read:students']);
    for (const url of [
      '/api/payments',
      '/api/payments/export',
      `/api/payments/${receipted}/timeline`,
    ]) {
      expect((await get(url, token)).statusCode, url).toBe(403);
    }
  });

  it('exports the filtered list in CSV with French headers, and journals it', async () => {
    const response = await get('/api/payments/export?status=failed');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/csv/);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="paiements-2026-06-15.csv"',
    );
    const rows = lines(response.body);
    expect(rows[0]).toBe(
      'Date;PSP;Montant;Statut;Réf. Facture;Étudiant;Matricule;Payeur;Moyen;Référence prestataire;Remboursé;Reçu',
    );
    expect(rows).toHaveLength(5);
    const newest = payments.find(
      (payment) => payment.id === ordered('desc', (p) => p.status === 'failed')[0],
    )!;
    const index = payments.indexOf(newest);
    // 10 June 08:00 UTC + 9 × 3 h: 11 June 11:00 UTC, 12:00 in Lagos.
    expect(rows[1]!.split(';')).toEqual([
      '11/06/2026 12:00',
      'Wave',
      '50000',
      'Échec',
      ama.invoice.number,
      'Ama Mensah',
      ama.matricule,
      'Afi Agbéko',
      'Wave',
      `REF-${index}`,
      '0',
      '',
    ]);

    const everything = lines((await get('/api/payments/export?sort=asc')).body);
    expect(everything).toHaveLength(20);
    const xlsx = await get('/api/payments/export?format=xlsx&psp=desk');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toMatch(/spreadsheetml/);

    const journal = await ok(get('/api/audit-entries?category=export&search=payments.exported'));
    expect(journal.items.map((entry: { details: unknown }) => entry.details)).toEqual([
      { format: 'xlsx', filtres: { psp: 'Caisse' }, lignes: 5 },
      { format: 'csv', filtres: { tri: 'plus anciens d’abord' }, lignes: 19 },
      { format: 'csv', filtres: { statut: 'failed' }, lignes: 4 },
    ]);
  });

  it('keeps its totals right when a weeks-old payment is refunded', async () => {
    const succeeded = (await ok(get('/api/payments?status=succeeded'))).total as number;
    const pending = (await ok(get('/api/payments?status=refund_pending'))).total as number;
    await db().execute(
      sql`update payment_attempts set status = 'refund_pending' where id = ${refundLater}`,
    );
    await db().execute(sql`insert into payment_refunds (id, organization_id, attempt_id, amount,
        reason, method, status, requested_by)
      values (${randomUUID()}, ${school.organizationId}, ${refundLater}, 50000, 'Trop-perçu',
        'manual', 'pending', 'Test')`);
    expect((await ok(get('/api/payments?status=succeeded'))).total).toBe(succeeded - 1);
    expect((await ok(get('/api/payments?status=refund_pending'))).total).toBe(pending + 1);
    expect((await ok(get('/api/payments'))).total).toBe(19);
  });
});
