import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayIn } from '../../../platform/clock';
import type { Database } from '../../../platform/db/database';
import { logIn } from '../../../test/auth-helpers';
import { ok, setUpProgrammes, signUpSchool, type Call } from '../../../test/school-fixture';
import { useTestApp } from '../../../test/test-app';
import { addMemberWithSystemRole } from '../../access/access.service';
import { ensureAccount } from '../../auth';

/** A member whose custom role (created through /api/roles) holds only `permissions`. */
async function memberWith(
  app: FastifyInstance,
  db: Database,
  school: { organizationId: string; call: Call },
  permissions: string[],
) {
  const role = await ok(
    school.call('POST', '/api/roles', { name: 'Surveillant', permissions }),
    201,
  );
  const email = `membre.${Math.random().toString(36).slice(2)}@ecole.tg`;
  const userId = await db.transaction(async (tx) => {
    const { user } = await ensureAccount(tx, { email, name: 'Membre', password: 'motdepasse' });
    await addMemberWithSystemRole(
      tx,
      { organizationId: school.organizationId, userId: user.id, roleKey: 'reader', userLabel: 'M' },
      { actor: { type: 'system', label: 'Test' }, ip: null },
    );
    return user.id;
  });
  const patched = await school.call('PATCH', `/api/members/${userId}`, { roleId: role.id });
  expect(patched.statusCode, patched.body).toBe(204);
  return (await logIn(app, email, 'motdepasse')).accessToken;
}

const lines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);
const today = dayIn('Africa/Lome');
const frenchDay = (day: string) => day.split('-').reverse().join('/');

describe('invoice and ageing balance exports', () => {
  const { app, database } = useTestApp();
  let school: Awaited<ReturnType<typeof signUpSchool>>;
  let ama: { id: string; balance: number };
  const get = (url: string, token?: string) =>
    app().inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token ?? school.token}` },
    });
  const invoice = (
    studentId: string,
    label: string,
    amount: number,
    dueInDays: number,
    issue = true,
  ) =>
    ok(
      school.call('POST', '/api/invoices', {
        studentId,
        label,
        dueOn: addDays(today, dueInDays),
        lines: [{ label, amount }],
        issue,
      }),
      201,
    );

  beforeAll(async () => {
    school = await signUpSchool(app(), 'Lycée Les Cocotiers');
    const { licence, l1 } = await setUpProgrammes(school.call);
    const koffi = await ok(school.call('POST', '/api/students', { fullName: 'Koffi Mensah' }), 201);
    // Due later and due today are not late; then 1 and 30 days late, 31 and 60, 61.
    await invoice(koffi.id, 'Tenue', 10_000, 10);
    await invoice(koffi.id, 'Cantine', 20_000, 0);
    await invoice(koffi.id, 'Examen', 30_000, -1);
    await invoice(koffi.id, '=SOMME(A1:A9)', 40_000, -30);
    await invoice(koffi.id, 'Transport', 50_000, -31);
    await invoice(koffi.id, 'Bibliothèque', 60_000, -60);
    const old = await invoice(koffi.id, 'Voyage d’étude', 70_000, -61);
    await database().db.execute(
      sql`update invoices set paid = 5000, status = 'partially_paid' where id = ${old.id}`,
    );
    const voided = await invoice(koffi.id, 'Erreur', 99_000, -90);
    await ok(school.call('POST', `/api/invoices/${voided.id}/void`, { reason: 'Doublon' }));
    await invoice(koffi.id, 'Brouillon', 88_000, -90, false);

    const student = await ok(
      school.call('POST', '/api/students', { fullName: 'Ama Agbéko', programmeId: licence.id }),
      201,
    );
    await ok(
      school.call('POST', `/api/students/${student.id}/guardians`, {
        fullName: 'Yawa Agbéko',
        phone: '90 00 00 02',
        relation: 'mother',
        mainPayer: true,
      }),
      201,
    );
    await ok(
      school.call('POST', `/api/students/${student.id}/enrolments`, { levelId: l1.id }),
      201,
    );
    ama = await ok(school.call('GET', `/api/students/${student.id}`));

    const paidUp = await ok(school.call('POST', '/api/students', { fullName: 'Abla Paid' }), 201);
    const paid = await invoice(paidUp.id, 'Tenue', 10_000, -45);
    await database().db.execute(
      sql`update invoices set paid = total, status = 'paid' where id = ${paid.id}`,
    );

    const other = await signUpSchool(app(), 'École Voisine');
    const intruder = await ok(other.call('POST', '/api/students', { fullName: 'Intrus' }), 201);
    await ok(
      other.call('POST', '/api/invoices', {
        studentId: intruder.id,
        label: 'Intrusion',
        dueOn: addDays(today, -40),
        lines: [{ label: 'Intrusion', amount: 1000 }],
      }),
      201,
    );
  });

  it('ages each student’s balance by days past due, in CSV', async () => {
    const response = await get('/api/invoices/balances/export');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="soldes-${today}.csv"`,
    );
    const rows = lines(response.body);
    expect(rows[0]).toBe(
      'Matricule;Étudiant;Programme;Niveau;Responsable principal;Téléphone;Non échu;0–30 jours;31–60 jours;Plus de 60 jours;Total dû',
    );
    expect(rows).toHaveLength(3);
    const [amaRow, koffiRow] = rows.slice(1).map((row) => row.split(';'));
    // Not due: 10 000 + 20 000; 1–30 days: 30 000 + 40 000; 31–60: 50 000 + 60 000; 61: 70 000 − 5 000.
    expect(koffiRow!.slice(1)).toEqual([
      'Koffi Mensah',
      '',
      '',
      '',
      '',
      '30000',
      '70000',
      '110000',
      '65000',
      '275000',
    ]);
    expect(amaRow!.slice(1, 6)).toEqual([
      'Ama Agbéko',
      'Licence Informatique',
      'L1',
      'Yawa Agbéko',
      '+228 90 00 00 02',
    ]);
    const buckets = amaRow!.slice(6, 10).map(Number);
    expect(buckets.reduce((sum, value) => sum + value, 0)).toBe(ama.balance);
    expect(Number(amaRow![10])).toBe(ama.balance);
    expect(response.body).not.toContain('Intrus');
    expect(response.body).not.toContain('Abla');
  });

  it('ageing balance in XLSX: amounts are numbers', async () => {
    const response = await get('/api/invoices/balances/export?format=xlsx');
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Soldes')!;
    expect(sheet.getRow(1).getCell(11).value).toBe('Total dû');
    const koffi = sheet.getRow(3);
    expect(koffi.getCell(2).value).toBe('Koffi Mensah');
    const amounts = [7, 8, 9, 10, 11].map((column) => koffi.getCell(column).value);
    expect(amounts).toEqual([30_000, 70_000, 110_000, 65_000, 275_000]);
    expect(amounts.every((value) => typeof value === 'number')).toBe(true);
  });

  it('exports the invoice list with its filters, in CSV', async () => {
    const response = await get('/api/invoices/export?search=koffi');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="factures-${today}.csv"`,
    );
    const rows = lines(response.body);
    expect(rows[0]).toBe('Numéro;Étudiant;Matricule;Libellé;Échéance;Statut;Total;Payé;Reste');
    expect(rows).toHaveLength(10);
    const byLabel = new Map(rows.slice(1).map((row) => [row.split(';')[3], row.split(';')]));
    expect(byLabel.get("'=SOMME(A1:A9)")).toEqual([
      expect.stringMatching(/^ST-\d{4}-\d{4}$/),
      'Koffi Mensah',
      expect.stringMatching(/^STU-/),
      "'=SOMME(A1:A9)",
      frenchDay(addDays(today, -30)),
      'À payer',
      '40000',
      '0',
      '40000',
    ]);
    expect(byLabel.get('Voyage d’étude')?.slice(5)).toEqual([
      'Partiellement payée',
      '70000',
      '5000',
      '65000',
    ]);
    expect(byLabel.get('Erreur')?.slice(5)).toEqual(['Annulée', '99000', '0', '0']);
    expect(byLabel.get('Brouillon')?.[0]).toBe('Brouillon');
    const overdue = lines((await get('/api/invoices/export?overdue=true&search=koffi')).body);
    expect(overdue).toHaveLength(6);
    const drafts = lines((await get('/api/invoices/export?status=draft')).body);
    expect(drafts.slice(1).map((row) => row.split(';')[3])).toEqual(['Brouillon']);
    expect((await get('/api/invoices/export')).body).not.toContain('Intrusion');
  });

  it('exports the invoice list in XLSX with real dates and numbers', async () => {
    const response = await get('/api/invoices/export?format=xlsx&search=koffi');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Factures')!;
    expect(sheet.rowCount).toBe(10);
    const first = sheet.getRow(2);
    // Newest due date first: the « Tenue » due in ten days.
    expect(first.getCell(4).value).toBe('Tenue');
    expect(first.getCell(5).value).toEqual(new Date(`${addDays(today, 10)}T00:00:00Z`));
    expect(first.getCell(5).numFmt).toBe('dd/mm/yyyy');
    expect(first.getCell(7).value).toBe(10_000);
    expect(first.getCell(7).numFmt).toBe('#,##0');
  });

  it('journals both exports', async () => {
    const journal = await ok(get('/api/audit-entries?category=export'));
    const actions = journal.items.map((item: { action: string }) => item.action);
    expect(actions).toContain('invoices.exported');
    expect(actions).toContain('balances.exported');
    const balances = journal.items.find(
      (item: { action: string }) => item.action === 'balances.exported',
    );
    expect(balances.details).toEqual({ format: 'xlsx', filtres: { date: today }, lignes: 2 });
    const drafts = journal.items.find(
      (item: { action: string; details: { filtres: object } }) =>
        item.action === 'invoices.exported' && 'statut' in item.details.filtres,
    );
    expect(drafts.details).toEqual({ format: 'csv', filtres: { statut: 'draft' }, lignes: 1 });
  });

  it('refuses a member without read:invoices', async () => {
    const token = await memberWith(app(), database().db, school, ['read:students']);
    expect((await get('/api/invoices/export', token)).statusCode).toBe(403);
    expect((await get('/api/invoices/balances/export', token)).statusCode).toBe(403);
    expect((await get('/api/students/export', token)).statusCode).toBe(200);
  });
});
