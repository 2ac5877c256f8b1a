import { addDays, BirthDateMessages, utcDay } from '@ecolage/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';
import { waitForImport } from './import.service';
import {
  callAs,
  csvText,
  HEADERS,
  line,
  setUpImportSchool,
  uploadFile,
  type ImportSchool,
} from './import.test-support';

describe('Importer des étudiants: the « Date de naissance » column', () => {
  const { app, database } = useTestApp();
  let school: ImportSchool;
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    callAs(app(), school.token)(method, url, payload);
  const birthDates = async () =>
    (
      await database().db.execute<{ full_name: string; birth_date: string | null }>(
        sql`select full_name, birth_date::text from students
          where organization_id = ${school.organizationId} order by full_name`,
      )
    ).rows;

  async function commit(id: string) {
    const started = await call('POST', `/api/students/imports/${id}/commit`, {
      mode: 'skip_invalid',
    });
    expect(started.statusCode, started.body).toBe(202);
    await waitForImport(id);
  }

  beforeAll(async () => {
    school = await setUpImportSchool(app());
  });

  it('is in the template, last, with a JJ/MM/AAAA example', async () => {
    expect(HEADERS.at(-1)).toBe('Date de naissance');
    const csv = await call('GET', '/api/students/import/template?format=csv');
    expect(csv.statusCode).toBe(200);
    const [header, example] = csv.body.slice(1).split('\r\n');
    const last = (text: string) => text.split(';').at(-1)!.replaceAll('"', '');
    expect(last(header!)).toBe('Date de naissance');
    expect(last(example!)).toBe('14/03/2005');
  });

  it('reads JJ/MM/AAAA and AAAA-MM-JJ, refuses the rest line by line in French', async () => {
    const tomorrow = addDays(utcDay(new Date()), 1);
    const rows = [
      line({ matricule: 'N-1', fullName: 'Afi Koffi', birthDate: '14/03/2005' }),
      line({ matricule: 'N-2', fullName: 'Yao Koffi', birthDate: '2009-1-7' }),
      line({ matricule: 'N-3', fullName: 'Sans Date' }),
      line({ matricule: 'N-4', fullName: 'Date Fausse', birthDate: '31/02/2005' }),
      line({ matricule: 'N-5', fullName: 'Date Future', birthDate: tomorrow }),
      line({ matricule: 'N-6', fullName: 'Trop Vieux', birthDate: '01/01/1850' }),
      line({ matricule: 'N-7', fullName: 'Du Texte', birthDate: 'hier' }),
    ];
    const preview = await uploadFile(app(), school.token, 'n.csv', Buffer.from(csvText(rows)));
    expect(preview.statusCode, preview.body).toBe(201);
    const body = preview.json();
    expect(body).toMatchObject({ totalRows: 7, validRows: 3, invalidRows: 4 });
    expect(body.issues).toEqual([
      {
        line: 5,
        column: 'Date de naissance',
        message: `${BirthDateMessages.invalid} Format attendu : JJ/MM/AAAA. (« 31/02/2005 »)`,
      },
      {
        line: 6,
        column: 'Date de naissance',
        message: `${BirthDateMessages.future} (« ${tomorrow} »)`,
      },
      {
        line: 7,
        column: 'Date de naissance',
        message: `${BirthDateMessages.tooOld} (« 01/01/1850 »)`,
      },
      {
        line: 8,
        column: 'Date de naissance',
        message: `${BirthDateMessages.invalid} Format attendu : JJ/MM/AAAA. (« hier »)`,
      },
    ]);
    await commit(body.id);
    expect(await birthDates()).toEqual([
      { full_name: 'Afi Koffi', birth_date: '2005-03-14' },
      { full_name: 'Sans Date', birth_date: null },
      { full_name: 'Yao Koffi', birth_date: '2009-01-07' },
    ]);

    // Again by matricule: a new date replaces the old one, an empty cell keeps it.
    const again = [
      line({ matricule: 'N-1', fullName: 'Afi Koffi' }),
      line({ matricule: 'N-2', fullName: 'Yao Koffi', birthDate: '08/01/2009' }),
    ];
    const second = await uploadFile(app(), school.token, 'm.csv', Buffer.from(csvText(again)));
    await commit(second.json().id);
    expect(await birthDates()).toEqual([
      { full_name: 'Afi Koffi', birth_date: '2005-03-14' },
      { full_name: 'Sans Date', birth_date: null },
      { full_name: 'Yao Koffi', birth_date: '2009-01-08' },
    ]);
  });

  it('reads an Excel date cell as the day the person typed', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Étudiants');
    sheet.addRow(HEADERS);
    sheet.addRow(line({ matricule: 'X-1', fullName: 'Kafui Excel' }));
    const cell = sheet.getCell(2, HEADERS.length);
    cell.value = new Date(Date.UTC(2010, 5, 21));
    cell.numFmt = 'dd/mm/yyyy';
    sheet.addRow(line({ matricule: 'X-2', fullName: 'Mawuli Texte', birthDate: '21/06/2010' }));
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const preview = await uploadFile(app(), school.token, 'x.xlsx', bytes);
    expect(preview.statusCode, preview.body).toBe(201);
    expect(preview.json()).toMatchObject({ validRows: 2, issues: [] });
    await commit(preview.json().id);
    const rows = await birthDates();
    expect(rows.filter((row) => row.full_name.match(/Excel|Texte/))).toEqual([
      { full_name: 'Kafui Excel', birth_date: '2010-06-21' },
      { full_name: 'Mawuli Texte', birth_date: '2010-06-21' },
    ]);
  });
});
