import { ImportMessages, invalidPhoneMessage, MAX_IMPORT_BYTES } from '@ecolage/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';
import {
  callAs,
  csvText,
  HEADERS,
  line,
  setUpImportSchool,
  uploadFile,
  type ImportSchool,
} from './import.test-support';
import { readImportFile } from './read-import-file';

describe('Importer des étudiants: template and preview (/api/students/import*)', () => {
  const { app, database } = useTestApp();
  let school: ImportSchool;
  const upload = (fileName: string, bytes: Uint8Array) =>
    uploadFile(app(), school.token, fileName, bytes);
  const count = async (table: string) => {
    const result = await database().db.execute<{ count: number }>(
      sql`select count(*)::int as count from ${sql.identifier(table)}`,
    );
    return result.rows[0]!.count;
  };

  beforeAll(async () => {
    school = await setUpImportSchool(app());
  });

  it('serves the CSV template (UTF-8 with BOM, `;`) and reads it back', async () => {
    const response = await callAs(app(), school.token)('GET', '/api/students/import/template');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="modele-import-etudiants.csv"',
    );
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8').slice(1).split('\r\n')[0]).toBe(HEADERS.join(';'));
    const rows = await readImportFile(bytes);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      line: 2,
      values: {
        fullName: 'Kossi Agbéko',
        programme: 'Licence Informatique',
        level: 'L1',
        year: school.yearLabel,
        guardianRelation: 'Mère',
      },
    });
  });

  it('serves the Excel template, whose example line passes the checks', async () => {
    const call = callAs(app(), school.token);
    const response = await call('GET', '/api/students/import/template?format=xlsx');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="modele-import-etudiants.xlsx"',
    );
    const rows = await readImportFile(response.rawPayload);
    expect(rows.map((row) => row.values.phone)).toEqual(['90 12 34 56']);
    const preview = await upload('modele.xlsx', response.rawPayload);
    expect(preview.statusCode, preview.body).toBe(201);
    expect(preview.json()).toMatchObject({ totalRows: 1, validRows: 1, issues: [] });
  });

  it('reads a CSV in UTF-8 with a BOM and `;`, headers matched without accents nor case', async () => {
    const text = csvText([
      line({
        fullName: 'Afi Koffi',
        phone: '90 11 22 33',
        status: 'actif',
        programme: 'licence informatique',
        level: 'l1',
      }),
      line({
        fullName: 'Yao Mensah',
        guardianName: 'Akosua Mensah',
        guardianPhone: '+228 91 00 00 01',
        guardianRelation: 'pere',
      }),
    ]).replace('Téléphone;', 'TELEPHONE;');
    const response = await upload('eleves.csv', Buffer.from(`\uFEFF${text}`, 'utf8'));
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      fileName: 'eleves.csv',
      status: 'previewed',
      mode: null,
      totalRows: 2,
      validRows: 2,
      invalidRows: 0,
      issues: [],
    });
    expect(body.preview).toEqual([
      {
        line: 2,
        matricule: null,
        fullName: 'Afi Koffi',
        programme: 'Licence Informatique',
        level: 'L1',
        guardianName: null,
        guardianPhone: null,
        action: 'create',
        valid: true,
      },
      expect.objectContaining({ line: 3, guardianPhone: '+22891000001', valid: true }),
    ]);
    expect(await count('students')).toBe(0);
  });

  it('previews the first 20 lines only, and counts them all', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => line({ fullName: `Élève ${i + 1}` }));
    const response = await upload('vingt-cinq.csv', Buffer.from(csvText(rows)));
    expect(response.json()).toMatchObject({ totalRows: 25, validRows: 25 });
    const preview = response.json().preview as { line: number }[];
    expect(preview.map((row) => row.line)).toEqual(Array.from({ length: 20 }, (_, i) => i + 2));
  });

  it('reads a Latin-1 CSV (Excel on Windows) with its accents', async () => {
    const text = csvText([
      line({
        fullName: 'Adjoa Agbéko-Kpélé',
        guardianName: 'Mère Françoise',
        guardianPhone: '90 00 00 02',
        guardianRelation: 'Mère',
      }),
    ]);
    const response = await upload('latin1.csv', Buffer.from(text, 'latin1'));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().issues).toEqual([]);
    expect(response.json().preview[0]).toMatchObject({
      fullName: 'Adjoa Agbéko-Kpélé',
      guardianName: 'Mère Françoise',
    });
  });

  it('refuses a file mixing `;` and `,`', async () => {
    const commaLine = `STU-900,Yao Mensah${','.repeat(HEADERS.length - 2)}`;
    const text = `${csvText([line({ fullName: 'Afi Koffi' })])}\r\n${commaLine}`;
    const response = await upload('melange.csv', Buffer.from(text));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'IMPORT_MIXED_SEPARATORS',
      message: ImportMessages.mixedSeparators,
    });
    const [header, ...rows] = csvText([line({ fullName: 'Afi Koffi' })]).split('\r\n');
    const commas = [header!.replaceAll(';', ','), ...rows].join('\r\n');
    expect((await upload('entete.csv', Buffer.from(commas))).json().message).toBe(
      ImportMessages.mixedSeparators,
    );
  });

  it('reports a formula of an Excel file on its line and column', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Feuille 1');
    sheet.addRow(HEADERS);
    sheet.addRow(line({ fullName: 'Afi Koffi', phone: '90 11 22 33' }));
    sheet.addRow(line({ fullName: 'Yao Mensah' }));
    sheet.getCell('C3').value = { formula: 'C2', result: '90 11 22 33' };
    sheet.addRow(line({ fullName: 'Kafui Adje', phone: 90112234 as unknown as string }));
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const response = await upload('sans-extension', bytes);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      totalRows: 3,
      validRows: 2,
      issues: [{ line: 3, column: 'Téléphone', message: ImportMessages.formula }],
    });
  });

  it('refuses a damaged Excel file, a missing column and an empty file, in French', async () => {
    const damaged = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 1)]);
    expect((await upload('casse.xlsx', damaged)).json().message).toBe(
      ImportMessages.unreadableXlsx,
    );
    const noName = await upload('a.csv', Buffer.from('Matricule;Téléphone\r\nSTU-1;90112233'));
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe(ImportMessages.missingColumn('Nom complet'));
    const empty = await upload('vide.csv', Buffer.from(`${HEADERS.join(';')}\r\n;;;\r\n`));
    expect(empty.json().message).toBe(ImportMessages.empty);
    const none = await callAs(app(), school.token)('POST', '/api/students/imports', {});
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(ImportMessages.noFile);
  });

  it('answers 413 in French for a file over 10 MB, and writes nothing', async () => {
    const before = await count('student_imports');
    const big = Buffer.alloc(MAX_IMPORT_BYTES + 1, 'a');
    const response = await upload('gros.csv', big);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      code: 'IMPORT_TOO_LARGE',
      message: ImportMessages.tooLarge,
    });
    expect(await count('student_imports')).toBe(before);
  });

  it('lists every bad line with its column and a French message, and writes no student', async () => {
    const text = csvText([
      line({
        matricule: 'STU-500',
        fullName: 'Afi Koffi',
        programme: 'Licence Informatique',
        level: 'L1',
      }),
      line({ fullName: '', phone: '12' }),
      line({
        matricule: 'STU-500',
        fullName: 'Yao Mensah',
        email: 'pas-un-email',
        status: 'Renvoyé',
      }),
      line({ fullName: 'Kafui Adje', programme: 'Master Droit' }),
      line({
        fullName: 'Kafui Adje',
        programme: 'Licence Informatique',
        level: 'L9',
        year: '1999-2000',
      }),
      line({ fullName: 'Esi Dogbe', guardianPhone: '90 00 00 09', guardianRelation: 'cousin' }),
      line({ fullName: 'Esi Dogbe', guardianName: 'Kossi Dogbe' }),
    ]);
    const response = await upload('erreurs.csv', Buffer.from(text));
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ totalRows: 7, validRows: 1, invalidRows: 6 });
    expect(body.issues).toEqual([
      { line: 3, column: 'Nom complet', message: 'Le nom complet est obligatoire.' },
      { line: 3, column: 'Téléphone', message: invalidPhoneMessage },
      {
        line: 4,
        column: 'Matricule',
        message: 'Matricule en double : il figure déjà à la ligne 2.',
      },
      { line: 4, column: 'Email', message: 'Adresse e-mail invalide.' },
      {
        line: 4,
        column: 'Statut',
        message: expect.stringMatching(/^Statut inconnu : « Renvoyé »/),
      },
      { line: 5, column: 'Programme', message: 'Programme inconnu : « Master Droit ».' },
      {
        line: 6,
        column: 'Niveau',
        message: 'Niveau inconnu dans « Licence Informatique » : « L9 ».',
      },
      { line: 6, column: 'Année scolaire', message: 'Année scolaire inconnue : « 1999-2000 ».' },
      {
        line: 7,
        column: 'Responsable',
        message: 'Le nom du responsable est obligatoire quand un responsable est indiqué.',
      },
      { line: 7, column: 'Lien', message: expect.stringMatching(/^Lien inconnu : « cousin »/) },
      {
        line: 8,
        column: 'Téléphone du responsable',
        message: 'Le téléphone du responsable est obligatoire quand un responsable est indiqué.',
      },
    ]);
    expect(body.preview.map((row: { valid: boolean }) => row.valid)).toEqual([
      true,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(await count('students')).toBe(0);
    expect(await count('guardians')).toBe(0);
  });

  it('keeps imports to their school and to members allowed to import', async () => {
    const text = csvText([line({ fullName: 'Afi Koffi' })]);
    const mine = (await upload('a.csv', Buffer.from(text))).json();
    const other = await setUpImportSchool(app(), { schoolName: 'École B' });
    const asOther = callAs(app(), other.token);
    expect((await asOther('GET', `/api/students/imports/${mine.id}`)).statusCode).toBe(404);
    const commit = await asOther('POST', `/api/students/imports/${mine.id}/commit`, {
      mode: 'skip_invalid',
    });
    expect(commit.statusCode).toBe(404);
    expect(
      (await callAs(app(), school.token)('GET', `/api/students/imports/${mine.id}`)).json(),
    ).toMatchObject({ id: mine.id, status: 'previewed' });

    await database().db.execute(sql`
      update memberships m set role_id = r.id from roles r
      where r.organization_id = m.organization_id and r.key = 'reader'
        and m.organization_id = ${other.organizationId}`);
    const reader = callAs(app(), other.token);
    expect((await reader('GET', '/api/students/import/template')).statusCode).toBe(403);
    const denied = await uploadFile(app(), other.token, 'a.csv', Buffer.from(text));
    expect(denied.statusCode).toBe(403);
    expect((await reader('GET', '/api/students')).statusCode).toBe(200);
  });
});
