import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '../../test/auth-helpers';
import { ok, setUpProgrammes, signUpSchool, type Call } from '../../test/school-fixture';
import { useTestApp } from '../../test/test-app';
import type { Database } from '../../platform/db/database';
import { addMemberWithSystemRole } from '../access/access.service';
import { ensureAccount } from '../auth';

/** A member of the school whose custom role holds only `permissions` (created through /api/roles). */
async function memberWith(
  app: FastifyInstance,
  db: Database,
  school: { organizationId: string; call: Call },
  permissions: string[],
) {
  const role = await ok(
    school.call('POST', '/api/roles', { name: `Rôle ${permissions.join(' ')}`, permissions }),
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
const HEADER =
  'Matricule;Nom complet;Téléphone;E-mail;Date de naissance;Statut;Programme;Niveau;Responsable principal;Téléphone du responsable;Solde dû;Dont en retard';

describe('GET /api/students/export', () => {
  const { app, database } = useTestApp();
  let school: Awaited<ReturnType<typeof signUpSchool>>;
  let balance = { balance: 0, overdue: 0 };
  const get = (url: string, token?: string) =>
    app().inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token ?? school.token}` },
    });

  beforeAll(async () => {
    school = await signUpSchool(app(), 'Lycée Les Cocotiers');
    const { licence, l1 } = await setUpProgrammes(school.call);
    const kossi = await ok(
      school.call('POST', '/api/students', {
        fullName: 'Kossi Agbéko',
        phone: '90 12 34 56',
        email: 'kossi@exemple.tg',
        birthDate: '2005-03-14',
        programmeId: licence.id,
      }),
      201,
    );
    await ok(
      school.call('POST', `/api/students/${kossi.id}/guardians`, {
        fullName: 'Édouard Agbéko',
        phone: '91 00 00 01',
        relation: 'father',
        mainPayer: true,
      }),
      201,
    );
    await ok(school.call('POST', `/api/students/${kossi.id}/enrolments`, { levelId: l1.id }), 201);
    balance = await ok(school.call('GET', `/api/students/${kossi.id}`));
    await ok(
      school.call('POST', '/api/students', { fullName: '=HYPERLINK("x")', status: 'suspended' }),
      201,
    );
    await ok(school.call('POST', '/api/students', { fullName: 'Mensah; Afi' }), 201);
    const other = await signUpSchool(app(), 'École Voisine');
    await ok(other.call('POST', '/api/students', { fullName: 'Intrus Agbéko' }), 201);
  });

  it('streams a CSV: BOM, « ; », accents, plain integers, safe cells, dated file name', async () => {
    const response = await get('/api/students/export?format=csv');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const day = new Date().toISOString().slice(0, 10); // Africa/Lome is UTC
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="etudiants-${day}.csv"`,
    );
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = lines(response.body);
    expect(rows[0]).toBe(HEADER);
    expect(rows).toHaveLength(4);
    // Name order; the formula-like name is neutralised and quoted (it holds quotes); phone
    // numbers are written as read, no apostrophe.
    expect(rows[1]).toMatch(/^STU-\d{3};"'=HYPERLINK\(""x""\)";;;;Suspendu;;;;;0;0$/);
    const kossi = rows[2]!.split(';');
    expect(kossi.slice(1, 10)).toEqual([
      'Kossi Agbéko',
      '+228 90 12 34 56',
      'kossi@exemple.tg',
      '14/03/2005',
      'Actif',
      'Licence Informatique',
      'L1',
      'Édouard Agbéko',
      '+228 91 00 00 01',
    ]);
    // What the student's page shows, as plain digits (registration and the months left to bill).
    expect(balance.balance).toBeGreaterThan(1_000_000);
    expect(kossi[10]).toBe(String(balance.balance));
    expect(kossi[11]).toBe(String(balance.overdue));
    expect(rows[3]).toContain('"Mensah; Afi"');
    expect(response.body).not.toContain('Intrus');
  });

  it('applies the list filters (search with accents folded, status, balance)', async () => {
    const search = lines((await get('/api/students/export?search=AGBEKO')).body);
    expect(search.slice(1).map((row) => row.split(';')[1])).toEqual(['Kossi Agbéko']);
    const suspended = lines((await get('/api/students/export?status=suspended')).body);
    expect(suspended).toHaveLength(2);
    const due = lines((await get('/api/students/export?balance=due')).body);
    expect(due.slice(1).map((row) => row.split(';')[1])).toEqual(['Kossi Agbéko']);
    const bad = await get('/api/students/export?format=pdf');
    expect(bad.statusCode).toBe(400);
  });

  it('streams an XLSX that reads back with real numbers', async () => {
    const response = await get('/api/students/export?format=xlsx');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toMatch(/filename="etudiants-.*\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Étudiants')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(HEADER.split(';'));
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.rowCount).toBe(4);
    const kossi = sheet.getRow(3);
    expect(kossi.getCell(2).value).toBe('Kossi Agbéko');
    expect(kossi.getCell(3).value).toBe('+228 90 12 34 56');
    // The birth date is a date cell (Excel shows it dd/mm/yyyy); none: an empty cell.
    expect(kossi.getCell(5).value).toEqual(new Date(Date.UTC(2005, 2, 14)));
    expect(sheet.getRow(2).getCell(5).value).toBeNull();
    expect(typeof kossi.getCell(11).value).toBe('number');
    expect(kossi.getCell(11).value).toBe(balance.balance);
    expect(typeof sheet.getRow(2).getCell(12).value).toBe('number');
  });

  it('journals each export with its format, filters and row count', async () => {
    await get('/api/students/export?format=xlsx&status=active&search=kossi');
    const journal = await ok(get('/api/audit-entries?category=export&search=students.exported'));
    expect(journal.items[0]).toMatchObject({
      action: 'students.exported',
      category: 'export',
      details: { format: 'xlsx', filtres: { statut: 'active', recherche: 'kossi' }, lignes: 1 },
    });
    expect(journal.total).toBeGreaterThanOrEqual(5);
  });

  it('refuses a member without read:students', async () => {
    const token = await memberWith(app(), database().db, school, ['read:invoices']);
    const response = await get('/api/students/export', token);
    expect(response.statusCode).toBe(403);
  });
});
